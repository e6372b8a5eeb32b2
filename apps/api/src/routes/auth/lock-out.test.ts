// Five wrong passwords used to lock the number for everyone, its owner included: anyone could
// lock anyone out. Now guesses lock the number from the guesser's address (docs/security.md,
// "Sign-in lock-out"). Behind the compose nginx, the client address is X-Forwarded-For's.
import { afterAll, beforeAll, describe, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness } from '../../../test/api-harness.js'
import { buildUser, signUp } from '../../../test/sign-up-flow.js'
import type { TestUser } from '../../../test/sign-up-flow.js'

const boot = useApiHarness({ TRUST_PROXY: 'true' })
let h: ApiHarness
let owner: TestUser
beforeAll(async () => {
  h = await boot()
  owner = buildUser()
  await signUp(h, h.browser(), owner)
})
afterAll(() => h.close())

const loginFrom = (address: string, password: string) =>
  h
    .browser()
    .post('/api/auth/login')
    .set('X-Forwarded-For', address)
    .send({ phone: owner.phone, password })

describe('a stranger guessing a password', () => {
  it("locks the number from the stranger's address only: the owner still signs in", async () => {
    for (let i = 0; i < 5; i++) await loginFrom('203.0.113.5', `guess-${i}`).expect(401)
    await loginFrom('203.0.113.5', owner.password).expect(429)
    await loginFrom('198.51.100.2', owner.password).expect(200)
  })
})
