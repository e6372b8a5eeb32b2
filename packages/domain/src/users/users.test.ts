import { describe, expect, it } from 'vitest'
import { useDomainScene } from '../testing/domain-scene.js'
import { userModel } from './user-model.js'
import { SIGN_IN_LIMITS } from './sign-in-rules.js'

/** The client address every sign-in of this file comes from. */
const ADDRESS = '203.0.113.7'

// From the present on: the server's TTL monitor removes expired codes and rate slots by the
// real clock, so a test clock in the past would see them vanish mid-test.
let now = new Date()
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms)
}

const alice = {
  nomPrenom: 'Alice Martin',
  phone: '33612345678',
  indicatif: '33',
  mail: 'alice@example.test',
  password: 'correct horse',
}

const scene = useDomainScene({ clock: () => now })

describe('users', () => {
  it('register once per phone, with the password stored as a bcrypt hash', async () => {
    expect(await scene.domain.users.register(alice)).toBe('created')
    expect(await scene.domain.users.register({ ...alice, nomPrenom: 'Someone Else' })).toBe(
      'exists',
    )
    const stored = await userModel(scene.connection).findOne({ phone: alice.phone }).lean()
    expect(stored?.passwordHash).toMatch(/^\$2b\$04\$/)
    expect(stored?.nomPrenom).toBe('Alice Martin')
  })

  it('hand out profiles without the hash', async () => {
    await scene.domain.users.register(alice)
    expect(await scene.domain.users.findByPhone(alice.phone)).toEqual({
      nomPrenom: 'Alice Martin',
      phone: '33612345678',
      mail: 'alice@example.test',
      indicatif: '33',
      phoneDisplay: '+33 6 12 34 56 78',
    })
    expect(await scene.domain.users.findByPhone('33600000000')).toBeNull()
  })

  it('sign in with the right password only', async () => {
    await scene.domain.users.register(alice)
    expect(await scene.domain.users.signIn(alice.phone, alice.password, ADDRESS)).toMatchObject({
      kind: 'ok',
    })
    expect(await scene.domain.users.signIn(alice.phone, 'wrong', ADDRESS)).toEqual({
      kind: 'wrong_password',
    })
    expect(await scene.domain.users.signIn('33600000000', alice.password, ADDRESS)).toEqual({
      kind: 'not_found',
    })
  })

  it("do not let a stranger's failures lock the owner out from another address", async () => {
    await scene.domain.users.register(alice)
    for (let i = 0; i < 5; i++) await scene.domain.users.signIn(alice.phone, `guess ${i}`, ADDRESS)
    expect(await scene.domain.users.signIn(alice.phone, alice.password, ADDRESS)).toMatchObject({
      kind: 'locked',
    })
    expect(
      await scene.domain.users.signIn(alice.phone, alice.password, '198.51.100.9'),
    ).toMatchObject({ kind: 'ok' })
  })

  it('lock a number from everywhere past fifty failures in an hour, from however many addresses', async () => {
    await scene.domain.users.register(alice)
    for (let i = 0; i < SIGN_IN_LIMITS.perNumber.limit; i++) {
      expect(
        await scene.domain.users.signIn(alice.phone, 'guess', `10.0.${Math.floor(i / 4)}.1`),
      ).toEqual({ kind: 'wrong_password' })
    }
    expect(
      await scene.domain.users.signIn(alice.phone, alice.password, '198.51.100.9'),
    ).toMatchObject({ kind: 'locked' })
    // A new password (after an OTP) wipes the slate everywhere.
    await scene.domain.users.resetPassword(alice.phone, 'a fresh secret')
    expect(
      await scene.domain.users.signIn(alice.phone, 'a fresh secret', '10.0.0.1'),
    ).toMatchObject({ kind: 'ok' })
  })

  it('lock a number for 15 minutes after five failures, even for the right password', async () => {
    await scene.domain.users.register(alice)
    for (let i = 0; i < 5; i++) {
      expect(await scene.domain.users.signIn(alice.phone, `wrong ${i}`, ADDRESS)).toEqual({
        kind: 'wrong_password',
      })
      advance(60_000)
    }
    expect(await scene.domain.users.signIn(alice.phone, alice.password, ADDRESS)).toEqual({
      kind: 'locked',
      retryAfterSeconds: 10 * 60,
    })
    advance(10 * 60_000)
    expect(await scene.domain.users.signIn(alice.phone, alice.password, ADDRESS)).toMatchObject({
      kind: 'ok',
    })
  })

  it('forget past failures after a successful sign-in', async () => {
    await scene.domain.users.register(alice)
    for (let i = 0; i < 4; i++) await scene.domain.users.signIn(alice.phone, 'wrong', ADDRESS)
    await scene.domain.users.signIn(alice.phone, alice.password, ADDRESS)
    for (let i = 0; i < 4; i++) await scene.domain.users.signIn(alice.phone, 'wrong', ADDRESS)
    expect(await scene.domain.users.signIn(alice.phone, alice.password, ADDRESS)).toMatchObject({
      kind: 'ok',
    })
  })

  it('reset a password and end every session of that phone', async () => {
    await scene.domain.users.register(alice)
    const first = await scene.domain.sessions.open(alice.phone)
    const second = await scene.domain.sessions.open(alice.phone)
    const other = await scene.domain.sessions.open('33600000000')
    expect(await scene.domain.users.resetPassword(alice.phone, 'new secret')).toBe('ok')
    expect(await scene.domain.sessions.resolve(first.token)).toBeNull()
    expect(await scene.domain.sessions.resolve(second.token)).toBeNull()
    expect(await scene.domain.sessions.resolve(other.token)).toBe('33600000000')
    expect(await scene.domain.users.signIn(alice.phone, alice.password, ADDRESS)).toEqual({
      kind: 'wrong_password',
    })
    expect(await scene.domain.users.signIn(alice.phone, 'new secret', ADDRESS)).toMatchObject({
      kind: 'ok',
    })
    expect(await scene.domain.users.resetPassword('33600000000', 'x')).toBe('not_found')
  })
})
