// The sign-in lock-out rests on the rate limiter's slots, each taken by one atomic write
// (docs/database-engine.md, "What an engine must give"). The guesses come in parallel through
// several connections, as from several api nodes.
import bcrypt from 'bcrypt'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { together, useDomainScene } from '../testing/domain-scene.js'
import { SIGN_IN_LIMITS } from './sign-in-rules.js'

/** The client address every sign-in of this file comes from. */
const ADDRESS = '203.0.113.7'

const scene = useDomainScene({ nodes: 4 })

const alice = {
  nomPrenom: 'Alice Martin',
  phone: '33612345678',
  indicatif: '33',
  mail: 'alice@example.test',
  password: 'correct horse',
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('100 parallel wrong sign-ins of one number', () => {
  it('check at most five passwords, answer the rest as locked, then refuse the right one', async () => {
    await scene.domain.users.register(alice)
    const compare = vi.spyOn(bcrypt, 'compare')

    const answers = await together(scene.nodes, 100, (node, i) =>
      node.users.signIn(alice.phone, `wrong ${i}`, ADDRESS),
    )
    const wrong = answers.filter((a) => a.kind === 'wrong_password')
    const locked = answers.filter((a) => a.kind === 'locked')
    expect(wrong.length).toBeGreaterThan(0)
    expect(wrong.length).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAddress.limit)
    expect(locked).toHaveLength(100 - wrong.length)
    expect(compare).toHaveBeenCalledTimes(wrong.length)

    expect(await scene.domain.users.signIn(alice.phone, alice.password, ADDRESS)).toMatchObject({
      kind: 'locked',
    })
    expect(compare).toHaveBeenCalledTimes(wrong.length)
  })
})
