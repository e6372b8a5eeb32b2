import { describe, expect, it } from 'vitest'
import { useDomainScene } from '../testing/domain-scene.js'
import { userModel } from './user-model.js'

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
    })
    expect(await scene.domain.users.findByPhone('33600000000')).toBeNull()
  })

  it('sign in with the right password only', async () => {
    await scene.domain.users.register(alice)
    expect(await scene.domain.users.signIn(alice.phone, alice.password)).toMatchObject({
      kind: 'ok',
    })
    expect(await scene.domain.users.signIn(alice.phone, 'wrong')).toEqual({
      kind: 'wrong_password',
    })
    expect(await scene.domain.users.signIn('33600000000', alice.password)).toEqual({
      kind: 'not_found',
    })
  })

  it('lock a number for 15 minutes after five failures, even for the right password', async () => {
    await scene.domain.users.register(alice)
    for (let i = 0; i < 5; i++) {
      expect(await scene.domain.users.signIn(alice.phone, `wrong ${i}`)).toEqual({
        kind: 'wrong_password',
      })
      advance(60_000)
    }
    expect(await scene.domain.users.signIn(alice.phone, alice.password)).toEqual({
      kind: 'locked',
      retryAfterSeconds: 10 * 60,
    })
    advance(10 * 60_000)
    expect(await scene.domain.users.signIn(alice.phone, alice.password)).toMatchObject({
      kind: 'ok',
    })
  })

  it('forget past failures after a successful sign-in', async () => {
    await scene.domain.users.register(alice)
    for (let i = 0; i < 4; i++) await scene.domain.users.signIn(alice.phone, 'wrong')
    await scene.domain.users.signIn(alice.phone, alice.password)
    for (let i = 0; i < 4; i++) await scene.domain.users.signIn(alice.phone, 'wrong')
    expect(await scene.domain.users.signIn(alice.phone, alice.password)).toMatchObject({
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
    expect(await scene.domain.users.signIn(alice.phone, alice.password)).toEqual({
      kind: 'wrong_password',
    })
    expect(await scene.domain.users.signIn(alice.phone, 'new secret')).toMatchObject({ kind: 'ok' })
    expect(await scene.domain.users.resetPassword('33600000000', 'x')).toBe('not_found')
  })
})
