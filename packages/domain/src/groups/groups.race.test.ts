// Membership changes rewrite a folder under its `version`, a guarded update of one document that
// the engine must apply one after another (docs/database-engine.md, "What an engine must give").
// The changes come in parallel through several connections, as from several realtime nodes.
import { describe, expect, it } from 'vitest'
import { inboxEntryModel } from '../posts/inbox-model.js'
import { entryId } from '../posts/inbox-model.js'
import { together, useDomainScene } from '../testing/domain-scene.js'

const ann = { phone: '33600000001', name: 'Ann' }
const bob = { phone: '33600000002', name: 'Bob' }
const cat = { phone: '33600000003', name: 'Cat' }
const newcomers = Array.from({ length: 6 }, (_, i) => ({
  phone: `3361000000${i}`,
  name: `Newcomer ${i}`,
}))
const scene = useDomainScene({ nodes: 4, acquainted: [ann, bob, cat, ...newcomers] })

describe('a folder whose member is removed while six others are added', () => {
  it('ends without the removed member and with all six, and its next post does not reach the removed one', async () => {
    await scene.domain.groups.create(ann, {
      idGroup: 'team',
      nomGroup: 'Team',
      noName: '0',
      participants: [bob, cat],
    })

    // Call 0 removes Bob; calls 1 to 6 each add one newcomer, by Ann or Cat: all at once.
    const results = await together(scene.nodes, 7, (node, i) => {
      const newcomer = newcomers[i - 1]
      if (!newcomer) return node.groups.removeParticipants(ann, 'team', [bob.phone])
      return node.groups.addParticipants(i % 2 === 0 ? ann : cat, 'team', [newcomer])
    })
    expect(results.map((r) => r.changed.length)).toEqual([1, 1, 1, 1, 1, 1, 1])

    const folder = await scene.domain.groups.get('team')
    const everyone = [ann, cat, ...newcomers].map((p) => p.phone).sort()
    expect([...(folder?.members ?? [])].sort()).toEqual(everyone)
    expect((folder?.participants ?? []).map((p) => p.phone).sort()).toEqual(everyone)

    const { post } = await scene.domain.posts.send(cat, {
      idPostEmet: 'after-the-race',
      text: 'who is here?',
      typePoste: '0',
      destinataires: [],
      groups: [{ idGroup: 'team', name: 'Team' }],
    })
    expect(post.participants).not.toContain(bob.phone)
    expect(
      await inboxEntryModel(scene.connection).exists({ _id: entryId(post.idPostEmet, bob.phone) }),
    ).toBeNull()
    const general = { scope: { kind: 'general' as const } }
    expect(await scene.domain.posts.count(bob.phone, general)).toBe(0)
    expect(await scene.domain.posts.page(bob.phone, general, 0)).toEqual([])
  })
})
