// Bulk seeding of the wall and explain benchmarks: documents with the shape the domain writes,
// inserted straight into the collections (the domain's services would take an hour for 100,000
// posts). One heavy user, the viewer, exchanges posts with a circle of peers: half sent, half
// received, one in five in one of its folders, and every tenth with a short discussion.
import { groupEvents } from '@palabre/contracts'
import type { TestDomain } from '@palabre/realtime/testing'

export type Db = NonNullable<TestDomain['connection']['db']>

export interface WallCircle {
  viewer: string
  /** The viewer's peers; post i is exchanged with peers[i % peers.length]. */
  peers: string[]
  /** The folders of the viewer and all its peers (`bench-folder-k`). */
  folders: string[]
}

export const benchFolders = (count = 5): string[] =>
  Array.from({ length: count }, (_, k) => `bench-folder-${k}`)

const words = [
  'budget',
  'meeting',
  'site',
  'report',
  'plan',
  'delivery',
  'invoice',
  'training',
  'team',
  'quiz',
]

/** The word of post i: a search for one of them matches one post in ten. */
export const wordOf = (i: number): string => words[i % words.length] as string

export const postIdOf = (i: number): string => `wall-${String(i).padStart(7, '0')}`

/** The thread measured by the explain benchmark: the newest post, 200 comments. */
export const THREAD_COMMENTS = 200

const BATCH = 2_000
const MINUTE = 60_000
/** Sequences count down from here with age: the newest entry has the highest. */
export const SEQ_TOP = 10_000_000

/**
 * Posts [from, to) of the circle, post i dated i minutes before `anchor`: a larger inbox is the
 * same recent activity with a longer history behind it.
 */
export const seedWall = async (
  db: Db,
  circle: WallCircle,
  from: number,
  to: number,
  anchor: number,
): Promise<void> => {
  const { viewer, peers, folders } = circle
  for (let start = from; start < to; start += BATCH) {
    const posts = []
    const entries = []
    const comments = []
    const receipts = []
    for (let i = start; i < Math.min(to, start + BATCH); i++) {
      const peer = peers[i % peers.length] as string
      const sent = i % 2 === 0
      const sender = sent ? viewer : peer
      const recipient = sent ? peer : viewer
      const folder = i % 5 === 0 ? folders[(i / 5) % folders.length] : undefined
      const idPostEmet = postIdOf(i)
      const date = new Date(anchor - i * MINUTE)
      posts.push({
        _id: idPostEmet,
        idPostEmet,
        emetr_phone: sender,
        emetr_name: `User ${sender}`,
        text: `${wordOf(i)} note number ${i}`,
        typePoste: '0',
        destinataires: [
          { phone: recipient, name: `User ${recipient}`, idGroupe: folder ? [folder] : [] },
        ],
        groups: folder ? [{ idGroup: folder, name: folder }] : [],
        participants: [sender, recipient],
        totalcmt: i % 10 === 0 ? 2 : 0,
        dateCreation: date,
        dateLastEvent: date,
      })
      for (const [who, other, seq] of [
        [sender, recipient, SEQ_TOP - i],
        [recipient, sender, SEQ_TOP - i],
      ] as const) {
        entries.push({
          _id: `${idPostEmet}:${who}`,
          phone: who,
          idPostEmet,
          role: who === sender ? 'sender' : 'recipient',
          groupIds: folder ? [folder] : [],
          // A folder post names no one directly: its entries have no contact scope.
          peers: folder ? [] : [other],
          delivred: 2,
          delivredtoWeb: 0,
          cmtnonlu: 0,
          // The latest hundred received posts are still new to their reader (folder badges).
          unread: who === recipient && i < 100,
          dateLastEvent: date,
          seq,
          seqAt: date,
        })
      }
      // Every tenth post: one comment each way, each with the other side's receipt.
      if (i % 10 === 0 && i > 0) {
        for (const [author, reader] of [
          [sender, recipient],
          [recipient, sender],
        ] as const) {
          const idCmtEmet = `cmt-${i}-${author}`
          comments.push(commentDoc(idCmtEmet, idPostEmet, author, date))
          receipts.push(receiptDoc(idCmtEmet, idPostEmet, reader, 4))
        }
      }
    }
    await db.collection('posts').insertMany(posts as never[], { ordered: false })
    await db.collection('inbox_entries').insertMany(entries as never[], { ordered: false })
    if (comments.length > 0) {
      await db.collection('comments').insertMany(comments as never[], { ordered: false })
      await db.collection('comment_receipts').insertMany(receipts as never[], { ordered: false })
    }
  }
}

const commentDoc = (idCmtEmet: string, idPostEmet: string, author: string, date: Date) => ({
  _id: idCmtEmet,
  idCmtEmet,
  idPostEmet,
  emetr_phone: author,
  emetr_name: `User ${author}`,
  cmt: `comment ${idCmtEmet}`,
  image: '',
  fileDocName: '',
  type: '3',
  tagcmtstatut: '0',
  dateCreation: date,
  distributed: true,
})

const receiptDoc = (idCmtEmet: string, idPostEmet: string, phone: string, delivred: number) => ({
  _id: `${idCmtEmet}:${phone}`,
  idCmtEmet,
  idPostEmet,
  phone,
  delivred,
  delivredtoWeb: 0,
})

/**
 * The discussion of post 0 (the viewer's newest, sent to peers[0]): 200 comments, alternately
 * the peer's (half of them still unread by the viewer) and the viewer's.
 */
export const seedThread = async (db: Db, circle: WallCircle, anchor: number): Promise<void> => {
  const peer = circle.peers[0] as string
  const idPostEmet = postIdOf(0)
  const comments = []
  const receipts = []
  for (let k = 0; k < THREAD_COMMENTS; k++) {
    const fromPeer = k % 2 === 0
    const [author, reader] = fromPeer ? [peer, circle.viewer] : [circle.viewer, peer]
    const idCmtEmet = `thread-${String(k).padStart(4, '0')}`
    comments.push(commentDoc(idCmtEmet, idPostEmet, author, new Date(anchor + k * 1_000)))
    receipts.push(receiptDoc(idCmtEmet, idPostEmet, reader, fromPeer && k >= 100 ? 2 : 4))
  }
  await db.collection('comments').insertMany(comments as never[], { ordered: false })
  await db.collection('comment_receipts').insertMany(receipts as never[], { ordered: false })
}

/**
 * Repertoires and folders around the circle: the viewer and each peer have `perOwner` contacts
 * (the circle first), and 500 folders of other people fill the folders collection.
 */
export const seedDirectory = async (
  db: Db,
  circle: WallCircle,
  anchor: number,
  perOwner = 500,
): Promise<void> => {
  const owners = [circle.viewer, ...circle.peers]
  const contacts = []
  for (const owner of owners) {
    const circleOf = owners.filter((phone) => phone !== owner)
    for (let k = 0; k < perOwner; k++) {
      const phone = circleOf[k] ?? `3361${owner.slice(-4)}${String(k).padStart(4, '0')}`
      contacts.push({
        _id: `${owner}:${phone}`,
        owner,
        phone,
        name: `Contact ${String(k).padStart(3, '0')}`,
        createdAt: new Date(anchor),
      })
    }
  }
  await db.collection('contacts').insertMany(contacts as never[], { ordered: false })
  const folder = (idGroup: string, members: string[], k: number) => ({
    _id: idGroup,
    idGroup,
    nomGroup: idGroup,
    noName: '0',
    createdBy: members[0],
    admin: [members[0]],
    members,
    participants: members.map((phone) => ({ phone, name: '' })),
    datecreation: new Date(anchor - k * MINUTE),
    datelastevent: new Date(anchor - k * MINUTE),
    lastEvent: groupEvents.newGroup,
    version: 0,
  })
  const others = Array.from({ length: 500 }, (_, k) =>
    folder(
      `other-folder-${k}`,
      [`3362${String(k).padStart(7, '0')}`, ...circle.peers.slice(0, 3)],
      k,
    ),
  )
  await db.collection('groups').insertMany(others as never[], { ordered: false })
}

/** The circle's own folders, for the explain benchmark (the wall benchmark makes them through the domain). */
export const seedCircleFolders = async (
  db: Db,
  circle: WallCircle,
  anchor: number,
): Promise<void> => {
  const members = [circle.viewer, ...circle.peers]
  await db.collection('groups').insertMany(
    circle.folders.map((idGroup, k) => ({
      _id: idGroup,
      idGroup,
      nomGroup: idGroup,
      noName: '0',
      createdBy: circle.viewer,
      admin: [circle.viewer],
      members,
      participants: members.map((phone) => ({ phone, name: '' })),
      datecreation: new Date(anchor - k * MINUTE),
      datelastevent: new Date(anchor - k * MINUTE),
      lastEvent: groupEvents.newGroup,
      version: 0,
    })) as never[],
    { ordered: false },
  )
}
