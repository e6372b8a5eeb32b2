// Previews asked through the api by people taking turns (docs/files.md, "Fair turns"): past
// their share a person is told to come back later (429 with Retry-After), and someone else's
// preview still comes. The conversions run in a stand-in sandbox the test opens.
import { filesRoutes } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { gatedSandbox } from '../../../test/gated-sandbox.js'
import { labelledDocx } from '../../../test/office-documents.js'

const gated = gatedSandbox()
const boot = useApiHarness(
  { PREVIEWS_PER_PERSON: '1', PREVIEW_TIMEOUT_MS: '45000' },
  { sandbox: gated.sandbox },
)
let h: ApiHarness
let ann: Member, bob: Member

beforeAll(async () => {
  h = await boot()
  ann = await h.member('33600000001', 'Ann A')
  bob = await h.member('33600000002', 'Bob B')
})
afterAll(() => h.close())

const uploaded = async (as: Member, label: string) => {
  const res = await h
    .browser()
    .post('/api/upload/file')
    .set('Cookie', as.cookie)
    .attach('fileToUpload', await labelledDocx(label), `${label}.docx`)
  return { res, name: () => filesRoutes.uploadFile.responses[201].parse(res.body).fileName }
}

const preview = (as: Member, name: string) =>
  h
    .browser()
    .get(`/api/files/${encodeURIComponent(name)}/preview`)
    .set('Cookie', as.cookie)

describe('previews asked by several people', () => {
  it("refuse a person's preview past their share (429), and still make another person's", async () => {
    const docs = await Promise.all(
      ['ann-first', 'ann-second', 'bob-first'].map((label) =>
        uploaded(label.startsWith('ann') ? ann : bob, label),
      ),
    )
    for (const { res } of docs) expect(res.status).toBe(201)
    const [first, second, bobs] = docs.map((doc) => doc.name())
    const annFirst = preview(ann, first ?? '').then((res) => res)
    await expect.poll(() => gated.started, { timeout: 300_000 }).toEqual(['ann-first'])
    const refused = await preview(ann, second ?? '')
    expect(refused.status).toBe(429)
    expect(refused.headers['retry-after']).toBe('45')
    expect(refused.body).toMatchObject({
      error: { code: 'too_many_requests', retryAfterSeconds: 45 },
    })
    const bobFirst = preview(bob, bobs ?? '').then((res) => res)
    await gated.open('ann-first')
    await gated.open('bob-first')
    expect((await annFirst).status).toBe(200)
    expect((await bobFirst).status).toBe(200)
    // Her share is free again.
    const again = preview(ann, second ?? '').then((res) => res)
    await gated.open('ann-second')
    expect((await again).status).toBe(200)
  })
})
