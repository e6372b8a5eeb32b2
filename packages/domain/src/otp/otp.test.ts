import { describe, expect, it } from 'vitest'
import { useDomainScene } from '../testing/domain-scene.js'
import { createOtpService } from './otp.js'
import { OTP_RULES } from './otp-rules.js'
import { createRateLimiter } from './rate-limiter.js'
import { otpModel } from './otp-model.js'

// From the present on: the server's TTL monitor removes expired codes and rate slots by the
// real clock, so a test clock in the past would see them vanish mid-test.
let now = new Date()
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms)
}

const scene = useDomainScene({ clock: () => now })

const issue = async (destination = '33612345678', ip = '10.0.0.1') => {
  const result = await scene.domain.otp.issue('whatsapp', destination, ip)
  if (result.kind !== 'issued') throw new Error(`not issued: ${result.kind}`)
  return result.code
}

describe('OTP codes', () => {
  it('are six digits, stored only as a salted hash', async () => {
    const code = await issue()
    expect(code).toMatch(/^\d{6}$/)
    const stored = await otpModel(scene.connection).findOne({ destination: '33612345678' }).lean()
    expect(JSON.stringify(stored)).not.toContain(code)
  })

  it('verify once, then are used up', async () => {
    const code = await issue()
    expect(await scene.domain.otp.verify('whatsapp', '33612345678', code)).toBe('ok')
    expect(await scene.domain.otp.verify('whatsapp', '33612345678', code)).toBe('missing')
  })

  it('belong to one channel and one destination', async () => {
    const code = await issue()
    expect(await scene.domain.otp.verify('email', '33612345678', code)).toBe('missing')
    expect(await scene.domain.otp.verify('whatsapp', '33600000000', code)).toBe('missing')
  })

  it('expire after ten minutes', async () => {
    const code = await issue()
    advance(OTP_RULES.lifetimeMs + 1)
    expect(await scene.domain.otp.verify('whatsapp', '33612345678', code)).toBe('expired')
  })

  it('need a new code after five wrong tries, even for the right one', async () => {
    const code = await issue()
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++)
      expect(await scene.domain.otp.verify('whatsapp', '33612345678', wrong)).toBe('wrong')
    expect(await scene.domain.otp.verify('whatsapp', '33612345678', code)).toBe('exhausted')
    advance(OTP_RULES.resendAfterMs)
    const fresh = await issue()
    expect(await scene.domain.otp.verify('whatsapp', '33612345678', fresh)).toBe('ok')
  })

  it('cannot be resent within 59 seconds', async () => {
    await issue()
    advance(20_000)
    expect(await scene.domain.otp.issue('whatsapp', '33612345678', '10.0.0.1')).toEqual({
      kind: 'too_soon',
      retryAfterSeconds: 39,
    })
    advance(39_000)
    await issue()
  })

  it('replace the previous code when resent', async () => {
    const first = await issue()
    advance(OTP_RULES.resendAfterMs)
    const second = await issue()
    if (first !== second)
      expect(await scene.domain.otp.verify('whatsapp', '33612345678', first)).toBe('wrong')
    expect(await scene.domain.otp.verify('whatsapp', '33612345678', second)).toBe('ok')
  })

  it('can be withdrawn when the sender failed, so the user may ask again at once', async () => {
    const code = await issue()
    await scene.domain.otp.cancel('whatsapp', '33612345678', code)
    await issue()
  })

  it('go out at most five times an hour to one destination', async () => {
    for (let i = 0; i < 5; i++) {
      await issue()
      advance(60_000)
    }
    const refused = await scene.domain.otp.issue('whatsapp', '33612345678', '10.0.0.2')
    expect(refused).toEqual({ kind: 'rate_limited', retryAfterSeconds: 3600 - 5 * 60 })
    expect(await scene.domain.otp.issue('email', '33612345678', '10.0.0.1')).toMatchObject({
      kind: 'issued',
    })
    advance(3600_000 - 5 * 60_000)
    await issue()
  })

  it('go out at most the configured number of times an hour from one address', async () => {
    const otp = createOtpService(
      scene.connection,
      createRateLimiter(scene.connection),
      () => now,
      20,
    )
    const send = (destination: string, ip = '10.0.0.1') => otp.issue('whatsapp', destination, ip)
    for (let i = 0; i < 20; i++)
      expect(await send(`3361234${String(i).padStart(4, '0')}`)).toMatchObject({ kind: 'issued' })
    expect(await send('33699999999')).toMatchObject({ kind: 'rate_limited' })
    expect(await send('33699999999', '10.0.0.9')).toMatchObject({ kind: 'issued' })
  })

  it('let a team behind one office address past the old limit of twenty by default', async () => {
    // 30 colleagues, a phone code each, from one address: the per-destination limits are what
    // stops abuse (docs/security.md, "One-time codes").
    for (let i = 0; i < 30; i++)
      expect(
        await scene.domain.otp.issue('whatsapp', `3367${String(i).padStart(7, '0')}`, '10.0.0.1'),
      ).toMatchObject({ kind: 'issued' })
  })
})
