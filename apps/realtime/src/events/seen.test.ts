import { beforeEach, describe, expect, it } from 'vitest'
import { connectAs, emitAck, nextEvent, until } from '../../test/harness.js'
import { useRealtimeScene } from '../../test/scene.js'

const scene = useRealtimeScene()
const { ann, bob, cat } = scene.users
const { connect } = scene
const general = { scope: { kind: 'general' as const } }
beforeEach(async () => {
  await scene.domain.posts.send(ann, {
    idPostEmet: 'p',
    text: 'hi',
    typePoste: '0',
    destinataires: [bob],
    groups: [],
  })
})

describe('seen marks', () => {
  it('postVuFromWeb sets delivredtoWeb 4, resets the count and tells the sender', async () => {
    const annSocket = await connect(ann)
    const bobSocket = await connect(bob)
    const told = nextEvent(annSocket, 'postVuFromWeb')
    bobSocket.emit('postVuFromWeb', { emtr_vu: bob.phone, emtr_post: ann.phone, idPostEmet: 'p' })
    expect(await told).toEqual({ idPostEmet: 'p', phone: bob.phone, delivredtoWeb: 4 })
    const [asAnn] = await scene.domain.posts.page(ann.phone, general, 0)
    expect(asAnn?.data.destinataires[0]).toMatchObject({ phone: bob.phone, delivredtoWeb: 4 })
  })

  it('commentsVuFromWeb marks the comments seen, resets the unread count and tells each author', async () => {
    await scene.domain.comments.add(ann, {
      idCmtEmet: 'c1',
      idPostEmet: 'p',
      cmt: 'one',
      image: '',
      fileDocName: '',
      type: '3',
    })
    await scene.domain.comments.add(ann, {
      idCmtEmet: 'c2',
      idPostEmet: 'p',
      cmt: 'two',
      image: '',
      fileDocName: '',
      type: '3',
    })
    expect((await scene.domain.posts.page(bob.phone, general, 0))[0]?.cmtnonlu).toBe(2)
    const annSocket = await connect(ann)
    const bobSocket = await connect(bob)
    const told = nextEvent(annSocket, 'commentVuFromWeb')
    expect(
      await emitAck(bobSocket, 'commentsVuFromWeb', {
        emtr_vu: bob.phone,
        idPostEmet: 'p',
        commentsSeen: JSON.stringify([{ idCmtEmet: 'c1' }, 'c2']),
      }),
    ).toBe(1)
    expect(await told).toEqual({
      idPostEmet: 'p',
      phone: bob.phone,
      commentsSeen: ['c1', 'c2'],
      delivredtoWeb: 4,
      // Each comment's stored status, which the author's ticks follow.
      statuses: { c1: '4', c2: '4' },
    })
    expect((await scene.domain.posts.page(bob.phone, general, 0))[0]?.cmtnonlu).toBe(0)
    expect((await scene.domain.comments.list(ann.phone, 'p')).map((c) => c.tagcmtstatut)).toEqual([
      '4',
      '4',
    ])
  })

  it('are refused for another viewer’s phone, changing nothing', async () => {
    const catSocket = await connect(cat)
    expect(
      await emitAck(catSocket, 'postVuFromWeb', {
        emtr_vu: bob.phone,
        emtr_post: ann.phone,
        idPostEmet: 'p',
      }),
    ).toMatchObject({
      error: { code: 'forbidden' },
    })
    // Cat is no participant: its own seen event changes nothing either.
    expect(
      await emitAck(catSocket, 'postVuFromWeb', {
        emtr_vu: cat.phone,
        emtr_post: ann.phone,
        idPostEmet: 'p',
      }),
    ).toBe(1)
    const [asAnn] = await scene.domain.posts.page(ann.phone, general, 0)
    expect(asAnn?.data.destinataires[0]).toMatchObject({ phone: bob.phone, delivredtoWeb: 0 })
  })
})

describe('the handshake', () => {
  it('refuses a socket without a live session', async () => {
    await expect(connectAs(scene.node.url, { token: 'forged' })).rejects.toThrow('unauthenticated')
  })

  it('records live web sockets for GET /api/userSocketWeb', async () => {
    expect(await scene.domain.presence.webSocketOf(cat.phone)).toBe('')
    const catSocket = await connect(cat)
    await until(async () => (await scene.domain.presence.webSocketOf(cat.phone)) === catSocket.id)
    catSocket.close()
    await until(async () => (await scene.domain.presence.webSocketOf(cat.phone)) === '')
  })
})
