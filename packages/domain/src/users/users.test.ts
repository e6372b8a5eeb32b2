import { useTestDatabase } from '@palabre/testing'
// Brings the harness's `inject('mongoUri')` typing into this program (type-only, erased).
import type {} from '@palabre/testing/vitest-global-setup'
import type { Connection } from 'mongoose'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { connectDatabase } from '../database.js'
import { createDomain, syncIndexes } from '../domain.js'
import type { Domain } from '../domain.js'
import { userModel } from './user-model.js'

const db = useTestDatabase()
let connection: Connection
let domain: Domain
let now = new Date('2025-01-01T10:00:00Z')
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

beforeAll(async () => {
  connection = await connectDatabase({ uri: db.uri })
  domain = createDomain(connection, { clock: () => now, passwordHashCost: 4 })
  await syncIndexes(domain)
})
afterAll(() => connection.close())
beforeEach(async () => {
  await Promise.all(Object.values(connection.models).map((m) => m.deleteMany({})))
})

describe('users', () => {
  it('register once per phone, with the password stored as a bcrypt hash', async () => {
    expect(await domain.users.register(alice)).toBe('created')
    expect(await domain.users.register({ ...alice, nomPrenom: 'Someone Else' })).toBe('exists')
    const stored = await userModel(connection).findOne({ phone: alice.phone }).lean()
    expect(stored?.passwordHash).toMatch(/^\$2b\$04\$/)
    expect(stored?.nomPrenom).toBe('Alice Martin')
  })

  it('hand out profiles without the hash', async () => {
    await domain.users.register(alice)
    expect(await domain.users.findByPhone(alice.phone)).toEqual({
      nomPrenom: 'Alice Martin',
      phone: '33612345678',
      mail: 'alice@example.test',
      indicatif: '33',
    })
    expect(await domain.users.findByPhone('33600000000')).toBeNull()
  })

  it('sign in with the right password only', async () => {
    await domain.users.register(alice)
    expect(await domain.users.signIn(alice.phone, alice.password)).toMatchObject({ kind: 'ok' })
    expect(await domain.users.signIn(alice.phone, 'wrong')).toEqual({ kind: 'wrong_password' })
    expect(await domain.users.signIn('33600000000', alice.password)).toEqual({ kind: 'not_found' })
  })

  it('lock a number for 15 minutes after five failures, even for the right password', async () => {
    await domain.users.register(alice)
    for (let i = 0; i < 5; i++) {
      expect(await domain.users.signIn(alice.phone, `wrong ${i}`)).toEqual({
        kind: 'wrong_password',
      })
      advance(60_000)
    }
    expect(await domain.users.signIn(alice.phone, alice.password)).toEqual({
      kind: 'locked',
      retryAfterSeconds: 10 * 60,
    })
    advance(10 * 60_000)
    expect(await domain.users.signIn(alice.phone, alice.password)).toMatchObject({ kind: 'ok' })
  })

  it('forget past failures after a successful sign-in', async () => {
    await domain.users.register(alice)
    for (let i = 0; i < 4; i++) await domain.users.signIn(alice.phone, 'wrong')
    await domain.users.signIn(alice.phone, alice.password)
    for (let i = 0; i < 4; i++) await domain.users.signIn(alice.phone, 'wrong')
    expect(await domain.users.signIn(alice.phone, alice.password)).toMatchObject({ kind: 'ok' })
  })

  it('reset a password and end every session of that phone', async () => {
    await domain.users.register(alice)
    const first = await domain.sessions.open(alice.phone)
    const second = await domain.sessions.open(alice.phone)
    const other = await domain.sessions.open('33600000000')
    expect(await domain.users.resetPassword(alice.phone, 'new secret')).toBe('ok')
    expect(await domain.sessions.resolve(first.token)).toBeNull()
    expect(await domain.sessions.resolve(second.token)).toBeNull()
    expect(await domain.sessions.resolve(other.token)).toBe('33600000000')
    expect(await domain.users.signIn(alice.phone, alice.password)).toEqual({
      kind: 'wrong_password',
    })
    expect(await domain.users.signIn(alice.phone, 'new secret')).toMatchObject({ kind: 'ok' })
    expect(await domain.users.resetPassword('33600000000', 'x')).toBe('not_found')
  })
})
