// U+0000 anywhere in a request used to reach the database, which cannot store it, and answer
// 500. It is bad input: 400 with a clear message, wherever it hides.
import { NUL_TEXT_MESSAGE } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../test/api-harness.js'
import type { ApiHarness, Member } from '../../test/api-harness.js'

const boot = useApiHarness()
let h: ApiHarness
let awa: Member
beforeAll(async () => {
  h = await boot()
  awa = await h.member('33611111111', 'Awa')
})
afterAll(() => h.close())

const refusal = (path: string) => ({
  error: {
    code: 'validation_failed',
    message: NUL_TEXT_MESSAGE,
    issues: [{ path, message: NUL_TEXT_MESSAGE }],
  },
})

describe('a NUL character in a request', () => {
  it.each([
    ['a wall search word', '/api/search/33611111111/%00', 'params.term'],
    [
      'a contact-scope search word',
      '/api/searchPostContact/33611111111/33622222222/a%00b',
      'params.term',
    ],
    ['a contact search word', '/api/searchRepertoire/33611111111/%00/0', 'params.word'],
  ])('in %s is a 400', async (_name, path, at) => {
    const res = await h.getAs(awa, path).expect(400)
    expect(res.body).toEqual(refusal(at))
  })

  it('in a JSON body is a 400, and signs nobody in', async () => {
    const res = await h
      .browser()
      .post('/api/auth/login')
      .send({ phone: '33611111111', password: 'pass\u0000word' })
      .expect(400)
    expect(res.body).toEqual(refusal('body.password'))
  })
})
