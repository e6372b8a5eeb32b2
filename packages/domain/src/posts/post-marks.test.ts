// A post's marks are kept whatever order their events come in, and a post a client reads over
// REST is delivered (docs/realtime.md, "Delivery marks").
import { describe, expect, it } from 'vitest'
import { inboxEntryModel } from './inbox-model.js'
import type { SendPostInput } from './send-post.js'
import { steppingClock, useDomainScene } from '../testing/domain-scene.js'

const ann = { phone: '33600000001', name: 'Ann' }
const bob = { phone: '33600000002', name: 'Bob' }
const cat = { phone: '33600000003', name: 'Cat' }
const dan = { phone: '33600000004', name: 'Dan' }
const scene = useDomainScene({ clock: steppingClock(), acquainted: [ann, bob, cat] })
let n = 0
const input = (to: { phone: string; name: string }[]): SendPostInput => ({
  idPostEmet: `p${n++}`,
  text: 'hello',
  typePoste: '0',
  destinataires: to,
  groups: [],
})

const marksOf = async (idPostEmet: string) =>
  (await inboxEntryModel(scene.connection).find({ idPostEmet }).sort({ phone: 1 }).lean()).map(
    (e) => [e.phone, e.delivred, e.delivredtoWeb],
  )

describe('a post’s marks', () => {
  it('keep a seen that came before the post’s entries were written', async () => {
    const stored = await scene.domain.posts.store(ann, input([bob, cat]))
    const id = stored.post.idPostEmet
    // Bob opened it before the fan-out wrote the entries.
    expect(await scene.domain.posts.markSeen(bob.phone, id, 'web')).toEqual({
      sender: ann.phone,
      idPostEmet: id,
    })
    await scene.domain.posts.distribute(stored)
    await scene.domain.posts.markDelivered([bob.phone, cat.phone], id)
    expect(await marksOf(id)).toEqual([
      [ann.phone, 0, 0],
      [bob.phone, 2, 4],
      [cat.phone, 2, 0],
    ])
    // Bob's entry is not new any more, nor counted twice.
    const [bobs] = await scene.domain.posts.page(bob.phone, { scope: { kind: 'general' } }, 0)
    expect(bobs).toMatchObject({ delivred: 2, delivredtoWeb: 4 })
  })

  it('of several posts are marked in one batch, each sender told of its own and its entry moved', async () => {
    const fromAnn = (await scene.domain.posts.send(ann, input([bob, cat]))).post.idPostEmet
    const fromBob = (await scene.domain.posts.send(bob, input([ann]))).post.idPostEmet
    const Inbox = inboxEntryModel(scene.connection)
    const seqOf = async (id: string, phone: string) =>
      (await Inbox.findOne({ idPostEmet: id, phone }).lean())?.seq ?? 0
    const before = [await seqOf(fromAnn, ann.phone), await seqOf(fromBob, bob.phone)]
    const changes = await scene.domain.posts.markDeliveredMany([
      // The node that delivered Ann's post says who sent it; Bob's is read.
      { idPostEmet: fromAnn, recipients: [bob.phone, cat.phone, ann.phone], sender: ann.phone },
      { idPostEmet: fromBob, recipients: [ann.phone] },
      { idPostEmet: 'no-such-post', recipients: [ann.phone] },
    ])
    expect(
      changes
        .map((c) => ({ ...c, recipients: [...c.recipients].sort() }))
        .sort((a, b) => a.sender.localeCompare(b.sender)),
    ).toEqual([
      { sender: ann.phone, idPostEmet: fromAnn, recipients: [bob.phone, cat.phone] },
      { sender: bob.phone, idPostEmet: fromBob, recipients: [ann.phone] },
    ])
    expect(await marksOf(fromAnn)).toEqual([
      [ann.phone, 0, 0],
      [bob.phone, 2, 0],
      [cat.phone, 2, 0],
    ])
    // Each sender's catch-up sees the marks: their entry has a new sequence.
    expect(await seqOf(fromAnn, ann.phone)).toBeGreaterThan(before[0]!)
    expect(await seqOf(fromBob, bob.phone)).toBeGreaterThan(before[1]!)
    // Delivered once: the same batch again tells nobody.
    expect(
      await scene.domain.posts.markDeliveredMany([
        { idPostEmet: fromAnn, recipients: [bob.phone], sender: ann.phone },
      ]),
    ).toEqual([])
  })

  it('are not written for someone outside the post', async () => {
    const stored = await scene.domain.posts.store(ann, input([bob]))
    expect(await scene.domain.posts.markSeen(dan.phone, stored.post.idPostEmet, 'web')).toBeNull()
    await scene.domain.posts.distribute(stored)
    expect(await marksOf(stored.post.idPostEmet)).toEqual([
      [ann.phone, 0, 0],
      [bob.phone, 0, 0],
    ])
  })

  it('turn delivered on a read, once, for the recipients only, and say whom to tell', async () => {
    const a = (await scene.domain.posts.send(ann, input([bob]))).post.idPostEmet
    const b = (await scene.domain.posts.send(cat, input([bob]))).post.idPostEmet
    const own = (await scene.domain.posts.send(bob, input([ann]))).post.idPostEmet
    const changes = await scene.domain.posts.markDeliveredOnRead(bob.phone, [a, b, own, 'nope'])
    expect(changes.map((c) => [c.sender, c.idPostEmet, c.recipients]).sort()).toEqual(
      [
        [ann.phone, a, [bob.phone]],
        [cat.phone, b, [bob.phone]],
      ].sort(),
    )
    expect(await scene.domain.posts.markDeliveredOnRead(bob.phone, [a, b])).toEqual([])
    expect(await marksOf(a)).toEqual([
      [ann.phone, 0, 0],
      [bob.phone, 2, 0],
    ])
    // The sender's own entry is not a delivery.
    expect(await marksOf(own)).toEqual([
      [ann.phone, 0, 0],
      [bob.phone, 0, 0],
    ])
  })

  it('never go down: a read after a seen leaves the seen', async () => {
    const id = (await scene.domain.posts.send(ann, input([bob]))).post.idPostEmet
    await scene.domain.posts.markSeen(bob.phone, id, 'mobile')
    expect(await scene.domain.posts.markDeliveredOnRead(bob.phone, [id])).toEqual([])
    await scene.domain.posts.markDelivered([bob.phone], id)
    expect(await marksOf(id)).toEqual([
      [ann.phone, 0, 0],
      [bob.phone, 4, 0],
    ])
  })
})
