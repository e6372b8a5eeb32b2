// Each inbox entry takes its participant's next change sequence, an `$inc` of one counter
// document that the engine must apply one after another (docs/database-engine.md, "What an
// engine must give"). The posts come in parallel through several connections, as from several
// realtime nodes.
import { describe, expect, it } from 'vitest'
import { together, useDomainScene } from '../testing/domain-scene.js'
import { inboxEntryModel } from './inbox-model.js'

const zoe = { phone: '33600000009', name: 'Zoe' }
const senders = ['33600000001', '33600000002', '33600000003', '33600000004'].map((phone, i) => ({
  phone,
  name: `Sender ${i}`,
}))
const scene = useDomainScene({ nodes: 4, acquainted: [zoe, ...senders] })

describe('40 concurrent posts to one user', () => {
  it('give the recipient 40 entries with 40 distinct sequences, all returned by catch-up from 0', async () => {
    const sent = await together(scene.nodes, 40, (node, i) =>
      node.posts.send(senders[i % senders.length]!, {
        idPostEmet: `p${i}`,
        text: `post ${i}`,
        typePoste: '0',
        destinataires: [zoe],
        groups: [],
      }),
    )
    expect(sent.every((s) => s.status === 'created')).toBe(true)

    const entries = await inboxEntryModel(scene.connection).find({ phone: zoe.phone }).lean()
    expect(entries).toHaveLength(40)
    expect(new Set(entries.map((e) => e.seq)).size).toBe(40)
    // Her wall's counter, missing when the 40 raced to make it, counts each once.
    expect(await scene.domain.posts.count(zoe.phone, { scope: { kind: 'general' } })).toBe(40)

    const caughtUp = await scene.domain.sync.changesSince(zoe.phone, 0)
    expect(caughtUp.hasMore).toBe(false)
    expect(caughtUp.posts.map((p) => p.data.idPostEmet).sort()).toEqual(
      sent.map((s) => s.post.idPostEmet).sort(),
    )
  })
})
