// Catch-up after a burst: 40 posts to one user written at once by two nodes that share the
// database. Each entry takes its participant's next change sequence, an `$inc` of one counter
// document (docs/database-engine.md, "What an engine must give").
import { syncRoutes } from '@palabre/contracts'
import type { Domain } from '@palabre/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness } from '../../../test/api-harness.js'

const boot = useApiHarness()
let h: ApiHarness
/** The domains of two api nodes on one database, each over its own connection. */
let domains: [Domain, Domain]
beforeAll(async () => {
  h = await boot()
  domains = [h.api.ctx.domain, (await h.anotherNode()).api.ctx.domain]
})
afterAll(() => h.close())

const senders = ['33600000001', '33600000002', '33600000003', '33600000004'].map((phone, i) => ({
  phone,
  name: `Sender ${i}`,
}))

describe('GET /api/sync after 40 concurrent posts to one user', () => {
  it('answers all 40 from sequence 0, each with its own sequence', async () => {
    const zoe = await h.member('33600000009', 'Zoe Z')
    await h.acquaint(zoe, ...senders)
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        domains[i % 2]!.posts.send(senders[i % senders.length]!, {
          idPostEmet: `p${i}`,
          text: `post ${i}`,
          typePoste: '0',
          destinataires: [{ phone: zoe.phone }],
          groups: [],
        }),
      ),
    )

    const res = await h.getAs(zoe, '/api/sync?since=0').expect(200)
    const changes = syncRoutes.getSync.responses[200].parse(res.body)
    expect(changes.hasMore).toBe(false)
    expect(changes.posts.map((p) => p.data.idPostEmet).sort()).toEqual(
      Array.from({ length: 40 }, (_, i) => `p${i}`).sort(),
    )
    expect(new Set(changes.posts.map((p) => p.seq)).size).toBe(40)
  })
})
