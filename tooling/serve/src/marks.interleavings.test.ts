// The sender's ticks tell the truth, whatever order things happen in (docs/realtime.md,
// "Delivery marks"). Fifty seeded runs of random interleavings through the whole product (its
// real sockets, REST and database, in one process as `pnpm start` runs): Ann posts and comments
// to Bob and Cat, who receive live, open discussions (seen at once, as the web does), read the
// wall, drop offline and come back with a catch-up. Ann's view is kept only from what reaches
// her, with the contracts' rules, as the web keeps it; at the end of every run it must equal
// what is stored.
import { setTimeout as delay } from 'node:timers/promises'
import {
  commentWithMark,
  postWithHigherMarks,
  postWithMark,
  socketPath,
  type Comment,
  type CommentStatus,
  type PostData,
} from '@palabre/contracts'
import { signUpOverHttp } from '@palabre/testing'
import fc from 'fast-check'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveForTests } from './serve-for-tests.js'
import type { ProductUnderTest } from './serve-for-tests.js'

let product: ProductUnderTest
let base: string

interface Person {
  key: 'ann' | 'bob' | 'cat'
  phone: string
  name: string
  token: string
}
const people: Record<Person['key'], Person> = {
  ann: { key: 'ann', phone: '33612340001', name: 'Ann Sender', token: '' },
  bob: { key: 'bob', phone: '33612340002', name: 'Bob Reader', token: '' },
  cat: { key: 'cat', phone: '33612340003', name: 'Cat Reader', token: '' },
}

const http = async <T>(who: Person, method: string, route: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      cookie: `palabre_session=${who.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`)
  return (text === '' ? undefined : JSON.parse(text)) as T
}

const connect = (who: Person): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = io(base, {
      path: socketPath,
      transports: ['websocket'],
      extraHeaders: { Cookie: `palabre_session=${who.token}` },
      reconnection: false,
      forceNew: true,
    })
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', reject)
  })

beforeAll(async () => {
  product = await serveForTests('marks')
  base = product.base
  for (const person of Object.values(people)) {
    person.token = await signUpOverHttp(base, product.otpLogFile, {
      phoneNumber: `0${person.phone.slice(2)}`,
      phone: person.phone,
      mail: `${person.key}@example.test`,
      name: person.name,
      password: `${person.key}-Secr3t-pass`,
    })
  }
  for (const other of [people.bob, people.cat])
    await http(people.ann, 'POST', '/api/contact', { name: other.name, phone: `+${other.phone}` })
})

afterAll(async () => {
  await product?.stop()
})

/** A recipient's client, as the web behaves: it acknowledges what it receives, and what it
 * receives in the discussion on screen it sees at once. */
class Reader {
  socket: Socket | undefined
  open: string | undefined
  since = 0

  constructor(readonly person: Person) {}

  async online(): Promise<void> {
    const socket = await connect(this.person)
    socket.on('message', (_post: PostData, ack: (answer: number) => void) => ack(1))
    socket.on('comment', (comment: Comment, ack: (answer: number) => void) => {
      ack(1)
      if (comment.data.idPostEmet === this.open)
        socket.emit('commentsVuFromWeb', {
          emtr_vu: this.person.phone,
          idPostEmet: this.open,
          commentsSeen: [comment.data.idCmtEmet],
        })
    })
    this.socket = socket
  }

  offline(): void {
    this.socket?.close()
    this.socket = undefined
  }

  /** Back online, and the catch-up the wall makes after a reconnect. */
  async back(): Promise<void> {
    if (this.socket) return
    await this.online()
    const answer = await http<{ seq: number }>(this.person, 'GET', `/api/sync?since=${this.since}`)
    this.since = Math.max(this.since, answer.seq)
  }

  /** Opens a post's discussion: the post and its comments are seen, the thread is read. */
  async openPost(idPostEmet: string): Promise<void> {
    if (!this.socket) return
    this.open = idPostEmet
    const ack = { emtr_vu: this.person.phone, idPostEmet }
    await this.socket.emitWithAck('postVuFromWeb', { ...ack, emtr_post: people.ann.phone })
    await this.socket.emitWithAck('commentsVuFromWeb', { ...ack, commentsSeen: [] })
    await http(this.person, 'GET', `/api/comment/${idPostEmet}`)
  }

  async readWall(): Promise<void> {
    if (this.socket) await http(this.person, 'GET', `/api/post/${this.person.phone}/0`)
  }
}

/** Ann's client: her posts and comments as she sees them, kept only from what reaches her. */
class Sender {
  socket: Socket | undefined
  readonly posts = new Map<string, PostData>()
  readonly comments = new Map<string, Comment>()

  async online(): Promise<void> {
    const socket = await connect(people.ann)
    const post = (id: string, change: (p: PostData) => PostData) => {
      const held = this.posts.get(id)
      if (held) this.posts.set(id, change(held))
    }
    const comment = (id: string, change: (c: Comment) => Comment) => {
      const held = this.comments.get(id)
      if (held) this.comments.set(id, change(held))
    }
    socket.on('callback', ({ idPostEmet, phone }: { idPostEmet: string; phone: string }) =>
      post(idPostEmet, (p) => postWithMark(p, phone, { kind: 'delivered' })),
    )
    socket.on('postVuFromWeb', ({ idPostEmet, phone }: { idPostEmet: string; phone: string }) =>
      post(idPostEmet, (p) => postWithMark(p, phone, { kind: 'seen', channel: 'web' })),
    )
    socket.on(
      'commentCallback',
      (e: { idCmtEmet: string; phones: string[]; tagcmtstatut?: CommentStatus }) =>
        comment(e.idCmtEmet, (c) =>
          commentWithMark(c, e.phones, { kind: 'delivered' }, e.tagcmtstatut),
        ),
    )
    socket.on(
      'commentVuFromWeb',
      (e: { phone: string; commentsSeen: string[]; statuses?: Record<string, CommentStatus> }) => {
        for (const id of e.commentsSeen)
          comment(id, (c) =>
            commentWithMark(c, [e.phone], { kind: 'seen', channel: 'web' }, e.statuses?.[id]),
          )
      },
    )
    this.socket = socket
  }

  /** Posts as the wall does: shown at once, then the server's view once stored. */
  async post(idPostEmet: string, to: Person[]): Promise<void> {
    const now = new Date().toISOString()
    this.posts.set(idPostEmet, {
      data: {
        emetr_name: people.ann.name,
        emetr_phone: people.ann.phone,
        text: 'a post',
        typePoste: '0',
        idPostEmet,
        cmtnonluEmetPost: 0,
        totalcmt: 0,
        dateLastEvent: now,
        dateCreation: now,
        destinataires: to.map((r) => ({
          phone: r.phone,
          name: r.name,
          delivred: 0,
          delivredtoWeb: 0,
          cmtnonluDestPost: 0,
        })),
        groups: [],
      },
      cmtnonlu: 0,
      delivred: 0,
      delivredtoWeb: 0,
      seq: 0,
    })
    const answer: unknown = await this.socket?.emitWithAck('message', {
      idPostEmet,
      emetr_phone: people.ann.phone,
      emetr_name: people.ann.name,
      text: 'a post',
      typePoste: '0',
      destinataires: JSON.stringify(to.map((r) => ({ phone: r.phone, name: r.name }))),
      groups: '[]',
    })
    expect(answer).toBe(1)
    const fresh = await http<PostData>(people.ann, 'GET', `/api/postView/${idPostEmet}`)
    const known = this.posts.get(idPostEmet)
    this.posts.set(idPostEmet, known ? postWithHigherMarks(fresh, known) : fresh)
  }

  /** Comments as the discussion does: shown at once to the post's recipients. */
  async comment(idPostEmet: string, idCmtEmet: string): Promise<void> {
    const post = this.posts.get(idPostEmet)
    if (!post) return
    this.comments.set(idCmtEmet, {
      type: '3',
      data: {
        emetr_name: people.ann.name,
        emetr_phone: people.ann.phone,
        cmt: 'a comment',
        image: '',
        fileDocName: '',
        idPostEmet,
        idCmtEmet,
        dateCreation: new Date().toISOString(),
        destinataires: post.data.destinataires.map((r) => ({
          ...r,
          delivred: 0,
          delivredtoWeb: 0,
        })),
      },
      cmtnonlu: 0,
      tagcmtstatut: '0',
    })
    const answer: unknown = await this.socket?.emitWithAck('comment', {
      idPostEmet,
      idCmtEmet,
      emetr_phone: people.ann.phone,
      cmt: 'a comment',
      typecommente: '3',
    })
    expect(answer).toBe(1)
  }
}

type Action =
  | { kind: 'post'; to: ('bob' | 'cat')[] }
  | { kind: 'comment'; on: number }
  | { kind: 'open' | 'readWall' | 'offline' | 'back'; who: 'bob' | 'cat'; on: number }

const reader = fc.constantFrom<'bob' | 'cat'>('bob', 'cat')
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('post' as const),
    to: fc.subarray<'bob' | 'cat'>(['bob', 'cat'], { minLength: 1 }),
  }),
  fc.record({ kind: fc.constant('comment' as const), on: fc.nat() }),
  fc.record({
    kind: fc.constantFrom(
      'open' as const,
      'readWall' as const,
      'offline' as const,
      'back' as const,
    ),
    who: reader,
    on: fc.nat(),
  }),
)

/** What the stored state says of Ann's posts and comments, read as Ann. */
const stored = async (sender: Sender) => {
  const posts: Record<string, [string, number, number][]> = {}
  const comments: Record<string, { status: string; marks: [string, number, number][] }> = {}
  for (const id of sender.posts.keys()) {
    const post = await http<PostData>(people.ann, 'GET', `/api/postView/${id}`)
    posts[id] = marksOf(post.data.destinataires)
    for (const c of await http<Comment[]>(people.ann, 'GET', `/api/comment/${id}`))
      comments[c.data.idCmtEmet] = {
        status: c.tagcmtstatut ?? '',
        marks: marksOf(c.data.destinataires),
      }
  }
  return { posts, comments }
}

const marksOf = (
  recipients: readonly { phone: string; delivred: number; delivredtoWeb: number }[],
) =>
  recipients
    .map((r): [string, number, number] => [r.phone, r.delivred, r.delivredtoWeb])
    .sort(([a], [b]) => a.localeCompare(b))

/** Ann's view in the same shape. */
const held = (sender: Sender) => ({
  posts: Object.fromEntries(
    [...sender.posts].map(([id, p]) => [id, marksOf(p.data.destinataires)]),
  ),
  comments: Object.fromEntries(
    [...sender.comments].map(([id, c]) => [
      id,
      { status: c.tagcmtstatut ?? '', marks: marksOf(c.data.destinataires) },
    ]),
  ),
})

/** Waits until Ann's view equals the stored state: the notices of the last actions are on their way. */
const settle = async (sender: Sender, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const truth = await stored(sender)
    const view = held(sender)
    if (JSON.stringify(view) === JSON.stringify(truth)) return
    if (Date.now() > deadline) {
      expect(view).toEqual(truth)
      return
    }
    await delay(50)
  }
}

let run = 0

describe('the sender’s ticks', () => {
  it('equal the stored marks after any interleaving, reconnects and catch-ups included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 2, maxLength: 10 }), async (actions) => {
        run += 1
        const sender = new Sender()
        const readers = { bob: new Reader(people.bob), cat: new Reader(people.cat) }
        await sender.online()
        await readers.bob.online()
        await readers.cat.online()
        const posts: { id: string; to: ('bob' | 'cat')[] }[] = []
        try {
          for (const [i, step] of actions.entries()) {
            if (step.kind === 'post') {
              const id = `r${run}-p${i}`
              posts.push({ id, to: step.to })
              await sender.post(
                id,
                step.to.map((k) => people[k]),
              )
            } else if (step.kind === 'comment') {
              const on = posts[step.on % Math.max(1, posts.length)]
              if (on) await sender.comment(on.id, `r${run}-c${i}`)
            } else {
              const who = readers[step.who]
              // A reader opens only what was sent to them.
              const theirs = posts.filter((p) => p.to.includes(step.who))
              const on = theirs[step.on % Math.max(1, theirs.length)]
              if (step.kind === 'offline') who.offline()
              else if (step.kind === 'back') await who.back()
              else if (step.kind === 'readWall') await who.readWall()
              else if (on) await who.openPost(on.id)
            }
          }
          // Everyone comes back: what reached them is delivered, and Ann must be told.
          await readers.bob.back()
          await readers.cat.back()
          await settle(sender)
        } finally {
          sender.socket?.close()
          readers.bob.offline()
          readers.cat.offline()
        }
      }),
      { numRuns: 50, seed: 20261125, endOnFailure: true },
    )
  }, 600_000)
})
