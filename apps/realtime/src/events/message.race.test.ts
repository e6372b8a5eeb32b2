// 40 posts to one user sent at once through the `message` event, the product's send path, from
// several senders' sockets while the recipient's own sockets acknowledge them. Each entry takes
// its participant's next change sequence, an `$inc` of one counter document that the engine must
// apply one after another (docs/database-engine.md, "What an engine must give").
import { describe, expect, it } from 'vitest'
import { collect, emitAck } from '../../test/harness.js'
import { useRealtimeScene } from '../../test/scene.js'

const scene = useRealtimeScene()
const { ann, bob, cat, dan } = scene.users

describe('40 concurrent messages to one user', () => {
  it('are all acknowledged, give the recipient 40 distinct sequences, and come back in catch-up from 0', async () => {
    const senders = [
      ...(await Promise.all([ann, bob, cat].map((user) => scene.connect(user)))),
      ...(await Promise.all([ann, bob, cat].map((user) => scene.connect(user)))),
    ]
    const danSockets = [await scene.connect(dan), await scene.connect(dan)]
    for (const socket of danSockets) collect(socket, 'message')

    const acks = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const socket = senders[i % senders.length]!
        const sender = [ann, bob, cat][i % 3]!
        return emitAck(socket, 'message', {
          idPostEmet: `p${i}`,
          emetr_phone: sender.phone,
          emetr_name: sender.name,
          text: `post ${i}`,
          typePoste: '0',
          destinataires: JSON.stringify([{ phone: dan.phone, name: 'Dan' }]),
          groups: '[]',
        })
      }),
    )
    expect(acks).toEqual(Array.from({ length: 40 }, () => 1))

    const caughtUp = await scene.domain.sync.changesSince(dan.phone, 0)
    expect(caughtUp.hasMore).toBe(false)
    expect(caughtUp.posts.map((p) => p.data.idPostEmet).sort()).toEqual(
      Array.from({ length: 40 }, (_, i) => `p${i}`).sort(),
    )
    expect(new Set(caughtUp.posts.map((p) => p.seq)).size).toBe(40)
  })
})
