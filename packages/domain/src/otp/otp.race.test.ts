// The five-try limit of a code rests on a guarded increment of one document, which the engine
// must apply one after another (docs/database-engine.md, "What an engine must give"). The
// guesses come in parallel through several connections, as from several api nodes.
import { describe, expect, it } from 'vitest'
import { together, useDomainScene } from '../testing/domain-scene.js'
import { otpModel } from './otp-model.js'
import { OTP_RULES } from './otp-rules.js'

const scene = useDomainScene({ nodes: 4 })

describe('an OTP code under 20 parallel wrong guesses', () => {
  it('counts exactly five tries, answers the others as exhausted, then refuses the right code', async () => {
    const issued = await scene.domain.otp.issue('whatsapp', '33612345678', '10.0.0.1')
    if (issued.kind !== 'issued') throw new Error(`not issued: ${issued.kind}`)
    const wrong = issued.code === '000000' ? '111111' : '000000'

    const answers = await together(scene.nodes, 20, (node) =>
      node.otp.verify('whatsapp', '33612345678', wrong),
    )
    expect(answers.filter((a) => a === 'wrong')).toHaveLength(OTP_RULES.maxAttempts)
    expect(answers.filter((a) => a === 'exhausted')).toHaveLength(20 - OTP_RULES.maxAttempts)
    const stored = await otpModel(scene.connection).findOne({ destination: '33612345678' }).lean()
    expect(stored?.attempts).toBe(OTP_RULES.maxAttempts)

    expect(await scene.domain.otp.verify('whatsapp', '33612345678', issued.code)).toBe('exhausted')
  })
})
