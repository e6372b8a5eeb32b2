// Marks are kept whatever order their events come in (docs/realtime.md, "Delivery marks"). A
// comment reaches its recipients while its receipts are being written, and a recipient whose
// discussion is open sends delivered and seen within the same millisecond: seen used to find no
// receipt and be lost, and a late status refresh could write '2' over '4'.
import { describe, expect, it } from 'vitest'
import type { AddCommentInput } from './add-comment.js'
import { commentModel } from './comment-model.js'
import { receiptModel } from './receipt-model.js'
import { steppingClock, useDomainScene } from '../testing/domain-scene.js'

const ann = { phone: '33600000001', name: 'Ann' }
const bob = { phone: '33600000002', name: 'Bob' }
const cat = { phone: '33600000003', name: 'Cat' }
const dan = { phone: '33600000004', name: 'Dan' }
const scene = useDomainScene({ clock: steppingClock(), acquainted: [ann, bob, cat], nodes: 2 })
let n = 0
const comment = (idPostEmet: string): AddCommentInput => ({
  idCmtEmet: `c${n++}`,
  idPostEmet,
  cmt: 'short',
  image: '',
  fileDocName: '',
  type: '3',
})

const post = async (to: { phone: string; name: string }[]) => {
  const id = `p${n++}`
  await scene.domain.posts.send(ann, {
    idPostEmet: id,
    text: 'a post',
    typePoste: '0',
    destinataires: to,
    groups: [],
  })
  return id
}

const stored = async (idCmtEmet: string) => ({
  status: (await commentModel(scene.connection).findOne({ _id: idCmtEmet }).lean())?.tagcmtstatut,
  receipts: (
    await receiptModel(scene.connection).find({ idCmtEmet }).sort({ phone: 1 }).lean()
  ).map((r) => [r.phone, r.delivred, r.delivredtoWeb]),
})

describe('a comment’s marks', () => {
  it('keep a seen that came before the comment’s receipts were written', async () => {
    const id = await post([bob])
    const { comments } = scene.domain
    const added = await comments.store(ann, comment(id))
    // Bob's tab saw it before the fan-out wrote his receipt.
    const seen = await comments.markSeen(bob.phone, id, [added.comment.idCmtEmet], 'web')
    expect(seen).toEqual([
      {
        author: ann.phone,
        idPostEmet: id,
        commentsSeen: [added.comment.idCmtEmet],
        statuses: { [added.comment.idCmtEmet]: '4' },
      },
    ])
    await comments.distribute(added)
    await comments.markDelivered([bob.phone], added.comment.idCmtEmet)
    expect(await stored(added.comment.idCmtEmet)).toEqual({
      status: '4',
      receipts: [[bob.phone, 2, 4]],
    })
  })

  it('end the same whatever order delivered and seen race in, on several nodes', async () => {
    const id = await post([bob, cat])
    for (let round = 0; round < 6; round++) {
      const added = await scene.domain.comments.store(ann, comment(id))
      const idCmtEmet = added.comment.idCmtEmet
      const [one, two] = scene.nodes
      if (!one || !two) throw new Error('two nodes expected')
      // The fan-out, both recipients' acknowledgements and seen events, all at once.
      await Promise.all([
        scene.domain.comments.distribute(added),
        one.comments.markSeen(bob.phone, id, [idCmtEmet], 'web'),
        two.comments.markDelivered([bob.phone, cat.phone], idCmtEmet),
        one.comments.markSeen(cat.phone, id, [idCmtEmet], 'web'),
        two.comments.markDelivered([cat.phone], idCmtEmet),
      ])
      await scene.domain.comments.markDelivered([bob.phone, cat.phone], idCmtEmet)
      expect(await stored(idCmtEmet)).toEqual({
        status: '4',
        receipts: [
          [bob.phone, 2, 4],
          [cat.phone, 2, 4],
        ],
      })
    }
  })

  it('are not written for someone outside the conversation, nor for the author', async () => {
    const id = await post([bob])
    const added = await scene.domain.comments.add(ann, comment(id))
    const idCmtEmet = added.comment.idCmtEmet
    expect(await scene.domain.comments.markSeen(dan.phone, id, [idCmtEmet], 'web')).toEqual([])
    expect(await scene.domain.comments.markSeen(ann.phone, id, [idCmtEmet], 'web')).toEqual([])
    // Another post's id with this comment: nothing.
    const other = await post([cat])
    expect(await scene.domain.comments.markSeen(cat.phone, other, [idCmtEmet], 'web')).toEqual([])
    expect(await stored(idCmtEmet)).toEqual({ status: '0', receipts: [[bob.phone, 0, 0]] })
  })

  it('never lower the status: a refresh from older receipts cannot write 2 over 4', async () => {
    const id = await post([bob])
    const added = await scene.domain.comments.add(ann, comment(id))
    const idCmtEmet = added.comment.idCmtEmet
    await scene.domain.comments.markSeen(bob.phone, id, [idCmtEmet], 'web')
    expect((await stored(idCmtEmet)).status).toBe('4')
    // A delivered acknowledgement coming last changes the receipt, never the status.
    const late = await scene.domain.comments.markDelivered([bob.phone], idCmtEmet)
    expect(late?.status).toBe('4')
    expect(await stored(idCmtEmet)).toEqual({ status: '4', receipts: [[bob.phone, 2, 4]] })
  })

  it('turn delivered on a read, once, and say whom to tell', async () => {
    const id = await post([bob, cat])
    const a = await scene.domain.comments.add(ann, comment(id))
    const b = await scene.domain.comments.add(cat, comment(id))
    const first = await scene.domain.comments.markDeliveredOnRead(bob.phone, [
      a.comment.idCmtEmet,
      b.comment.idCmtEmet,
    ])
    expect(first.map((d) => [d.author, d.idCmtEmet, d.recipients, d.status]).sort()).toEqual(
      [
        [ann.phone, a.comment.idCmtEmet, [bob.phone], '0'],
        [cat.phone, b.comment.idCmtEmet, [bob.phone], '0'],
      ].sort(),
    )
    expect(
      await scene.domain.comments.markDeliveredOnRead(bob.phone, [a.comment.idCmtEmet]),
    ).toEqual([])
    // Cat reads too: Ann's comment is now delivered to everyone.
    const [last] = await scene.domain.comments.markDeliveredOnRead(cat.phone, [a.comment.idCmtEmet])
    expect(last?.status).toBe('2')
  })

  it('hand the catch-up what a client has not received, and nothing it has', async () => {
    const id = await post([bob])
    const a = await scene.domain.comments.add(ann, comment(id))
    const b = await scene.domain.comments.add(ann, comment(id))
    await scene.domain.comments.markDelivered([bob.phone], a.comment.idCmtEmet)
    const pending = await scene.domain.comments.undelivered(bob.phone, 50)
    expect(pending.map((c) => c.data.idCmtEmet)).toEqual([b.comment.idCmtEmet])
    expect(await scene.domain.comments.undelivered(ann.phone, 50)).toEqual([])
  })
})
