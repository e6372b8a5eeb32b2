// Every client event of the contracts, sent by a signed-in stranger about someone else's data
// (docs/security.md, "Identity"): refused with an error acknowledgement, nothing stored. An event
// without a row fails the typecheck. (Anonymous sockets cannot connect at all: handshake.test.ts.)
import type { ClientEventName } from '@palabre/contracts'
import { useTestDatabase } from '@palabre/testing'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acquaint, connectAs, emitAck, makeUser, openDomain, startNode } from '../test/harness.js'
import type { RealtimeNode, TestDomain, TestUser } from '../test/harness.js'

const db = useTestDatabase()
let t: TestDomain
let node: RealtimeNode
let owner: TestUser
let friend: TestUser
let stranger: TestUser
let strangerSocket: Socket
const POST = 'matrix-post'
const FOLDER = 'matrix-folder'

/** What the stranger sends, and the error code it must get. */
const rows: Record<ClientEventName, { payload: () => object; code: string }> = {
  // Posting in the owner's name.
  message: {
    payload: () => ({
      idPostEmet: 'forged',
      emetr_phone: owner.phone,
      text: 'in your name',
      destinataires: [{ phone: friend.phone }],
    }),
    code: 'forbidden',
  },
  // Commenting on a post the stranger is not part of.
  comment: {
    payload: () => ({ idPostEmet: POST, idCmtEmet: 'forged-c', cmt: 'intruding' }),
    code: 'forbidden',
  },
  // Making a folder of people who are not the stranger's contacts.
  saveGroup: {
    payload: () => ({
      idGroup: 'forged-folder',
      nomGroup: 'Stolen',
      participants: [{ phone: owner.phone }, { phone: friend.phone }],
    }),
    code: 'forbidden',
  },
  // Adding to the owner's folder, which the stranger is not in.
  participant: {
    payload: () => ({
      idGroup: FOLDER,
      FLAG: 'group_p_a',
      participant_selected: [{ phone: owner.phone }],
    }),
    code: 'forbidden',
  },
  // Marking the owner's post seen in the friend's name.
  postVuFromWeb: {
    payload: () => ({ emtr_vu: friend.phone, emtr_post: owner.phone, idPostEmet: POST }),
    code: 'forbidden',
  },
  commentsVuFromWeb: {
    payload: () => ({ emtr_vu: friend.phone, idPostEmet: POST, commentsSeen: [] }),
    code: 'forbidden',
  },
}

beforeAll(async () => {
  t = await openDomain(db.uri)
  node = await startNode(t.domain)
  owner = await makeUser(t.domain, '33680000001', 'Owner')
  friend = await makeUser(t.domain, '33680000002', 'Friend')
  stranger = await makeUser(t.domain, '33680000003', 'Stranger')
  await acquaint(t.domain, [owner, friend])
  await t.domain.groups.create(owner, {
    idGroup: FOLDER,
    nomGroup: 'Matrix',
    noName: '0',
    participants: [{ phone: friend.phone, name: 'Friend' }],
  })
  await t.domain.posts.send(owner, {
    idPostEmet: POST,
    text: 'for the owner and the friend',
    typePoste: '0',
    destinataires: [{ phone: friend.phone, name: 'Friend' }],
    groups: [],
  })
  strangerSocket = await connectAs(node.url, stranger)
})
afterAll(async () => {
  strangerSocket?.close()
  await node.close()
  await t.close()
})

describe('the socket authorization matrix', () => {
  it.each(Object.keys(rows) as ClientEventName[])(
    '%s from a stranger about the owner is refused and stores nothing',
    async (name) => {
      const before = await t.connection.db!.collection('posts').countDocuments()
      const answer = (await emitAck(strangerSocket, name, rows[name].payload())) as {
        error?: { code: string }
      }
      expect(answer.error?.code).toBe(rows[name].code)
      expect(await t.connection.db!.collection('posts').countDocuments()).toBe(before)
      expect(await t.domain.comments.list(owner.phone, POST)).toEqual([])
      const folder = await t.domain.groups.listFor(owner.phone)
      expect(folder.map((g) => g.idGroup)).toEqual([FOLDER])
    },
  )
})
