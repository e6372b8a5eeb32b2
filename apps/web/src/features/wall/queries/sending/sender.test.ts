import { commentWithMark, postWithMark, type Comment, type PostData } from '@palabre/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { wallKeys } from '../keys'
import { newComment } from './new-comment'
import { newPost } from './new-post'
import type { WallScope } from '../../model/types'
import { Outbox, outboxKey, type OutboxItem } from './outbox'
import { CLAIM_MS, createSender, type Sender } from './sender'
import {
  FakeSocket,
  alice,
  ids,
  invalidated,
  jsonResponse,
  newClient,
  post,
  posts,
  profile,
  recipient,
  stubFetch,
  viewer,
} from '../wall.test-support'

const general: WallScope = { kind: 'general' }
const firstPage = wallKeys.page(viewer, general, '', 0)
const countKey = wallKeys.count(viewer, general, '')

const aPost = (id: string, text = 'Hello'): OutboxItem =>
  newPost(profile, { text, contacts: [{ name: 'Alice', phone: alice }], folders: [] }, id)

let socket: FakeSocket
let outbox: Outbox
let client: QueryClient
let onRefused: ReturnType<typeof vi.fn<(message: string) => void>>
let sender: Sender

const notFound = () => jsonResponse({ error: { code: 'not_found', message: 'No such post' } }, 404)

beforeEach(() => {
  socket = new FakeSocket()
  outbox = new Outbox(outboxKey(viewer), localStorage)
  client = newClient()
  onRefused = vi.fn<(message: string) => void>()
  sender = createSender({
    profile,
    socket: socket.asSocket(),
    outbox,
    client,
    phone: viewer,
    onRefused,
  })
  client.setQueryData(firstPage, posts(10))
  client.setQueryData(countKey, 10)
  stubFetch(notFound)
})

afterEach(() => {
  sender.stop()
  outbox.dispose()
  localStorage.clear()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })

describe('createSender: submit', () => {
  it('queues the item as pending and emits it as a message', () => {
    void sender.submit(aPost('n1', 'Hello team'))

    expect(outbox.snapshot().map((i) => [i.id, i.state])).toEqual([['n1', 'pending']])
    expect(outbox.get('n1')?.view.sendState).toBe('pending')
    expect(socket.acked).toHaveLength(1)
    expect(socket.acked[0]?.event).toBe('message')
    expect(socket.acked[0]?.payload).toMatchObject({ idPostEmet: 'n1', text: 'Hello team' })
  })

  it('once stored, takes the post out of the outbox and puts it on top of the wall', async () => {
    const done = sender.submit(aPost('n1'))
    socket.acked[0]?.answer(1)
    await done

    expect(outbox.snapshot()).toEqual([])
    expect(localStorage.getItem(outboxKey(viewer))).toBeNull()
    const page = client.getQueryData<PostData[]>(firstPage)
    expect(ids(page)).toEqual(['n1', ...ids(posts(9))])
    expect(page?.[0]?.tagstatus).toBe('true')
    expect(page?.[0]).not.toHaveProperty('sendState')
    expect(invalidated(client, countKey)).toBe(true)
    expect(onRefused).not.toHaveBeenCalled()
  })

  it('sends its attachments once it is stored, one comment each, in the order chosen', async () => {
    const item = newPost(
      profile,
      {
        text: 'Minutes',
        contacts: [{ name: 'Alice', phone: alice }],
        folders: [],
        attachments: [
          { image: 'photo___a1.png', fileDocName: '' },
          { image: '', fileDocName: 'minutes___b2.pdf' },
          { image: '', fileDocName: 'Drill_____q1.poll' },
        ],
      },
      'n1',
    )
    if (item.kind !== 'post') throw new Error('expected a post')
    const done = sender.submit(item)
    // Nothing of them goes before the post's acknowledgement.
    expect(socket.acked.map((a) => a.event)).toEqual(['message'])
    socket.acked[0]?.answer(1)
    await done

    // All wait in the outbox; each goes once the one before it is stored, as the server dates
    // them when it stores them.
    const attachmentIds = item.attachments?.map((a) => a.idCmtEmet) ?? []
    expect(outbox.snapshot().map((i) => [i.id, i.state])).toEqual(
      attachmentIds.map((id) => [id, 'pending']),
    )
    for (const [index] of attachmentIds.entries()) {
      await vi.waitFor(() => expect(socket.acked).toHaveLength(index + 2))
      socket.acked[index + 1]?.answer(1)
    }
    await vi.waitFor(() => expect(outbox.snapshot()).toEqual([]))

    const comments = socket.acked.slice(1)
    expect(comments.map((a) => a.event)).toEqual(['comment', 'comment', 'comment'])
    const payloads = comments.map((a) => a.payload as Record<string, string>)
    expect(payloads.map((p) => [p['image'], p['fileDocName'], p['typecommente']])).toEqual([
      ['photo___a1.png', '', '1'],
      ['', 'minutes___b2.pdf', '1'],
      ['', 'Drill_____q1.poll', '1'],
    ])
    expect(payloads.map((p) => p['idCmtEmet'])).toEqual(item.attachments?.map((a) => a.idCmtEmet))
    expect(payloads.every((p) => p['idPostEmet'] === 'n1')).toBe(true)
    const dates = payloads.map((p) => Date.parse(p['dateCreation'] ?? ''))
    expect([...dates].sort((a, b) => a - b)).toEqual(dates)
    expect(new Set(dates).size).toBe(3)
  })

  it('sends no attachment of a post the server refused; Resend sends them with the same ids', async () => {
    const item = newPost(
      profile,
      {
        text: 'Report',
        contacts: [{ name: 'Alice', phone: alice }],
        folders: [],
        attachments: [{ image: '', fileDocName: 'report___c3.pdf' }],
      },
      'n1',
    )
    if (item.kind !== 'post') throw new Error('expected a post')
    socket.respond = () => 0
    await sender.submit(item)
    expect(socket.acked.map((a) => a.event)).toEqual(['message'])
    expect(outbox.get('n1')?.state).toBe('failed')

    socket.respond = () => 1
    await sender.resend('n1')
    const comment = socket.acked.find((a) => a.event === 'comment')
    expect(comment?.payload).toMatchObject({
      idCmtEmet: item.attachments?.[0]?.idCmtEmet,
      fileDocName: 'report___c3.pdf',
    })
  })

  it("then takes the server's view of the stored post", async () => {
    const fromServer = post({ id: 'n1', from: viewer, to: [alice], seq: 77 })
    fromServer.data.destinataires = [recipient(alice, { delivred: 2 })]
    const fetchMock = stubFetch((url) =>
      url === '/api/postView/n1' ? jsonResponse(fromServer) : notFound(),
    )
    socket.respond = () => 1

    await sender.submit(aPost('n1'))

    expect(fetchMock).toHaveBeenCalledTimes(1)
    const page = client.getQueryData<PostData[]>(firstPage)
    expect(ids(page)).toEqual(['n1', ...ids(posts(9))])
    expect(page?.[0]?.seq).toBe(77)
    expect(page?.[0]?.data.destinataires[0]?.delivred).toBe(2)
  })

  it("keeps the optimistic view when the server's view cannot be read", async () => {
    socket.respond = () => 1

    await sender.submit(aPost('n1', 'Optimistic'))

    const page = client.getQueryData<PostData[]>(firstPage)
    expect(page?.[0]?.data.text).toBe('Optimistic')
    expect(page?.[0]?.seq).toBe(0)
  })

  it('once a comment is stored, adds it to its thread and moves its post to the top', async () => {
    const target = client.getQueryData<PostData[]>(firstPage)?.[4]
    if (!target) throw new Error('no post')
    const threadKey = wallKeys.comments(viewer, target.data.idPostEmet)
    client.setQueryData<Comment[]>(threadKey, [])
    const item = newComment(profile, target, 'Agreed')
    if (item.kind !== 'comment') throw new Error('expected a comment')
    socket.respond = () => 1

    await sender.submit(item)

    expect(socket.acked[0]?.event).toBe('comment')
    expect(outbox.snapshot()).toEqual([])
    const thread = client.getQueryData<Comment[]>(threadKey)
    expect(thread?.map((c) => [c.data.idCmtEmet, c.data.cmt, c.tagcmtstatut])).toEqual([
      [item.id, 'Agreed', '0'],
    ])
    expect(thread?.[0]).not.toHaveProperty('sendState')
    const page = client.getQueryData<PostData[]>(firstPage)
    expect(page?.[0]?.data.idPostEmet).toBe('p4')
    expect(page?.[0]?.data.totalcmt).toBe(1)
    expect(page?.[0]?.data.dateLastEvent).toBe(item.view.data.dateCreation)
    expect(page).toHaveLength(10)
  })
})

describe('createSender: marks that beat the acknowledgement', () => {
  it("keeps a recipient's receipt heard of while the comment was on its way", async () => {
    const target = client.getQueryData<PostData[]>(firstPage)?.[0]
    if (!target) throw new Error('no post')
    const threadKey = wallKeys.comments(viewer, target.data.idPostEmet)
    client.setQueryData<Comment[]>(threadKey, [])
    const item = newComment(profile, target, 'Fast')
    const done = sender.submit(item)
    // The recipient's receipt comes first (see live-events: commentCallback).
    outbox.updateComment(item.id, (c) => commentWithMark(c, [alice], { kind: 'delivered' }))
    socket.acked[0]?.answer(1)
    await done
    const [stored] = client.getQueryData<Comment[]>(threadKey) ?? []
    expect(stored?.tagcmtstatut).toBe('2')
  })

  it("keeps a post's delivered mark over an older view read from the server", async () => {
    const sent = aPost('n1')
    stubFetch(() => jsonResponse(post({ id: 'n1', from: viewer, to: [alice], minute: 300 })))
    const done = sender.submit(sent)
    outbox.updatePost('n1', (p) => postWithMark(p, alice, { kind: 'delivered' }))
    socket.acked[0]?.answer(1)
    await done
    const [top] = client.getQueryData<PostData[]>(firstPage) ?? []
    expect(top?.data.idPostEmet).toBe('n1')
    expect(top?.data.destinataires.map((r) => [r.phone, r.delivred])).toEqual([[alice, 2]])
  })
})

describe('createSender: failures', () => {
  it("marks a refused item failed, keeps it, and shows the server's message", async () => {
    socket.respond = () => ({ error: { code: 'forbidden', message: 'Not your contact' } })

    await sender.submit(aPost('n1'))

    expect(outbox.get('n1')?.state).toBe('failed')
    expect(outbox.get('n1')?.view.sendState).toBe('failed')
    expect(onRefused).toHaveBeenCalledExactlyOnceWith('Not your contact')
    expect(ids(client.getQueryData(firstPage))).toEqual(ids(posts(10)))
  })

  it("shows 'Failed to send' for a refusal without a message", async () => {
    socket.respond = () => ({ error: { code: 'internal', message: '' } })

    await sender.submit(aPost('n1'))

    expect(outbox.get('n1')?.state).toBe('failed')
    expect(onRefused).toHaveBeenCalledExactlyOnceWith('Failed to send')
  })

  it('leaves a refused item alone when the socket connects again', async () => {
    socket.respond = () => ({ error: { code: 'validation_failed', message: 'Too long' } })
    await sender.submit(aPost('n1'))
    expect(outbox.get('n1')?.view.sendState).toBe('failed')

    sender.resumePending()

    expect(socket.acked).toHaveLength(1)
    expect(outbox.get('n1')?.state).toBe('failed')
  })
})

describe('createSender: no answer', () => {
  it('has an unanswered item wait, not fail, and sends it again on the next connection', async () => {
    fakeTimers()
    const done = sender.submit(aPost('n1'))

    await vi.advanceTimersByTimeAsync(9_999)
    expect(outbox.get('n1')?.state).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    await expect(done).resolves.toBe('waiting')

    expect(outbox.get('n1')?.state).toBe('waiting')
    expect(outbox.get('n1')?.view.sendState).toBe('waiting')
    expect(onRefused).not.toHaveBeenCalled()
    expect(socket.acked).toHaveLength(1)

    sender.resumePending()
    expect(socket.acked).toHaveLength(2)
    expect(socket.acked[1]?.payload).toEqual(socket.acked[0]?.payload)
    expect(outbox.get('n1')?.state).toBe('pending')
    socket.acked[1]?.answer(1)
    await vi.advanceTimersByTimeAsync(0)

    expect(outbox.snapshot()).toEqual([])
    expect(ids(client.getQueryData(firstPage))[0]).toBe('n1')
  })

  it('has an item on its way when the socket drops wait, and go once it is back', async () => {
    const done = sender.submit(aPost('n1'))
    socket.drop()
    await expect(done).resolves.toBe('waiting')
    expect(outbox.get('n1')?.state).toBe('waiting')

    socket.connected = true
    socket.respond = () => 1
    sender.resumePending()
    await vi.waitFor(() => expect(outbox.snapshot()).toEqual([]))

    expect(socket.acked.map((a) => a.event)).toEqual(['message', 'message'])
    expect(onRefused).not.toHaveBeenCalled()
  })

  it('joins an emit on its way when the socket connects, and goes again at once if unanswered', async () => {
    fakeTimers()
    // Emitted while the socket is down: socket.io holds it, and sends it on connection.
    void sender.submit(aPost('n1'))
    sender.resumePending()
    void sender.resend('n1')
    expect(socket.acked).toHaveLength(1)

    // That connection's resume left it to the emit on its way, which got no answer either.
    await vi.advanceTimersByTimeAsync(10_000)
    expect(socket.acked).toHaveLength(2)
    expect(outbox.get('n1')?.state).toBe('pending')

    socket.acked[1]?.answer(1)
    await vi.advanceTimersByTimeAsync(0)
    expect(outbox.snapshot()).toEqual([])
  })

  it('has the attachments wait with the one that got no answer, then go in order', async () => {
    const item = newPost(
      profile,
      {
        text: 'Minutes',
        contacts: [{ name: 'Alice', phone: alice }],
        folders: [],
        attachments: [
          { image: 'photo___a1.png', fileDocName: '' },
          { image: '', fileDocName: 'minutes___b2.pdf' },
        ],
      },
      'n1',
    )
    if (item.kind !== 'post') throw new Error('expected a post')
    const [first, second] = item.attachments?.map((a) => a.idCmtEmet) ?? []
    const done = sender.submit(item)
    socket.acked[0]?.answer(1)
    await done
    await vi.waitFor(() => expect(socket.acked).toHaveLength(2))

    socket.drop()
    await vi.waitFor(() => expect(outbox.get(first ?? '')?.state).toBe('waiting'))
    expect(outbox.get(second ?? '')?.state).toBe('waiting')
    expect(socket.acked).toHaveLength(2)

    socket.connected = true
    sender.resumePending()
    expect(socket.acked).toHaveLength(3)
    socket.acked[2]?.answer(1)
    await vi.waitFor(() => expect(socket.acked).toHaveLength(4))
    socket.acked[3]?.answer(1)
    await vi.waitFor(() => expect(outbox.snapshot()).toEqual([]))

    const resent = socket.acked.slice(2).map((a) => (a.payload as { idCmtEmet: string }).idCmtEmet)
    expect(resent).toEqual([first, second])
  })
})

describe('createSender: comments of one post', () => {
  it('sends a comment written while an earlier one waits after that one', async () => {
    const target = client.getQueryData<PostData[]>(firstPage)?.[0]
    if (!target) throw new Error('no post')
    const first = newComment(profile, target, 'First')
    const written = sender.submit(first)
    socket.drop()
    await expect(written).resolves.toBe('waiting')

    socket.connected = true
    const second = sender.submit(newComment(profile, target, 'Second'))
    expect(socket.acked.map((a) => (a.payload as { cmt: string }).cmt)).toEqual(['First', 'First'])
    socket.acked[1]?.answer(1)
    await vi.waitFor(() => expect(socket.acked).toHaveLength(3))
    expect((socket.acked[2]?.payload as { cmt: string }).cmt).toBe('Second')
    socket.acked[2]?.answer(1)
    await expect(second).resolves.toBe('sent')
    expect(outbox.snapshot()).toEqual([])
  })
})

describe('createSender: other tabs of the same user', () => {
  const otherTab = (theirs: Outbox, theirSocket: FakeSocket) =>
    createSender({
      profile,
      socket: theirSocket.asSocket(),
      outbox: theirs,
      client,
      phone: viewer,
      onRefused,
      tab: 'other-tab',
    })

  it('leaves an item to the tab emitting it, and takes it over once that tab is gone', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    // This tab emits it, and is closed before any answer.
    void sender.submit(aPost('n1'))
    const theirs = new Outbox(outboxKey(viewer), localStorage)
    const theirSocket = new FakeSocket()
    const them = otherTab(theirs, theirSocket)

    them.resumePending()
    expect(theirSocket.acked).toHaveLength(0)
    expect(theirs.get('n1')?.state).toBe('pending')

    await vi.advanceTimersByTimeAsync(CLAIM_MS)
    expect(theirSocket.acked.map((a) => a.payload)).toEqual([socket.acked[0]?.payload])

    them.stop()
    theirs.dispose()
  })

  it('sends a waiting item of another tab on its own connection', async () => {
    const done = sender.submit(aPost('n1'))
    socket.drop()
    await expect(done).resolves.toBe('waiting')
    const theirs = new Outbox(outboxKey(viewer), localStorage)
    const theirSocket = new FakeSocket()
    theirSocket.respond = () => 1
    const them = otherTab(theirs, theirSocket)

    them.resumePending()
    await vi.waitFor(() => expect(theirs.snapshot()).toEqual([]))

    expect(theirSocket.acked).toHaveLength(1)
    them.stop()
    theirs.dispose()
  })
})

describe('createSender: throttling', () => {
  const throttle = (seconds: number) => ({
    error: { code: 'too_many_requests', message: 'Slow down', retryAfterSeconds: seconds },
  })

  it('holds a throttled item, then sends it again by itself after the delay', async () => {
    fakeTimers()
    void sender.submit(aPost('n1'))
    socket.acked[0]?.answer(throttle(3))
    await vi.advanceTimersByTimeAsync(0)

    expect(outbox.get('n1')?.state).toBe('throttled')
    expect(outbox.get('n1')?.view.sendState).toBe('throttled')
    expect(onRefused).not.toHaveBeenCalled()

    await vi.advanceTimersByTimeAsync(2_999)
    expect(socket.acked).toHaveLength(1)

    await vi.advanceTimersByTimeAsync(1)
    expect(socket.acked).toHaveLength(2)
    expect(socket.acked[1]?.payload).toEqual(socket.acked[0]?.payload)
    expect(outbox.get('n1')?.state).toBe('pending')

    socket.acked[1]?.answer(1)
    await vi.advanceTimersByTimeAsync(0)
    expect(outbox.snapshot()).toEqual([])
    expect(ids(client.getQueryData(firstPage))[0]).toBe('n1')
  })

  it('waits the new delay, not the old one, when a throttled item was sent again early', async () => {
    fakeTimers()
    void sender.submit(aPost('n1'))
    socket.acked[0]?.answer(throttle(3))
    await vi.advanceTimersByTimeAsync(1_000)

    // A reconnect at t=1s sends it again; the server throttles it for 3 more seconds (t=4s).
    sender.resumePending()
    expect(socket.acked).toHaveLength(2)
    socket.acked[1]?.answer(throttle(3))
    await vi.advanceTimersByTimeAsync(2_500)

    // t=3.5s: the first delay is over, but the server asked to wait until t=4s.
    expect(socket.acked).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(500)
    expect(socket.acked).toHaveLength(3)
  })

  it('cancels the retry of an item sent again early once stopped', async () => {
    fakeTimers()
    void sender.submit(aPost('n1'))
    socket.acked[0]?.answer(throttle(3))
    await vi.advanceTimersByTimeAsync(1_000)
    sender.resumePending()
    socket.acked[1]?.answer(throttle(3))
    await vi.advanceTimersByTimeAsync(0)

    sender.stop()
    await vi.advanceTimersByTimeAsync(10_000)

    expect(socket.acked).toHaveLength(2)
  })

  it('sends nothing more once stopped', async () => {
    fakeTimers()
    void sender.submit(aPost('n1'))
    socket.acked[0]?.answer(throttle(2))
    await vi.advanceTimersByTimeAsync(0)

    sender.stop()
    await vi.advanceTimersByTimeAsync(5_000)

    expect(socket.acked).toHaveLength(1)
    expect(outbox.get('n1')?.state).toBe('throttled')
  })
})

describe('createSender: resend and resume', () => {
  it('resends a failed item under the same id', async () => {
    socket.respond = () => ({ error: { code: 'internal', message: '' } })
    await sender.submit(aPost('n1'))
    expect(outbox.get('n1')?.state).toBe('failed')

    socket.respond = () => 1
    await sender.resend('n1')

    expect(socket.acked).toHaveLength(2)
    expect(socket.acked.map((a) => (a.payload as { idPostEmet: string }).idPostEmet)).toEqual([
      'n1',
      'n1',
    ])
    expect(socket.acked[1]?.payload).toEqual(socket.acked[0]?.payload)
    expect(outbox.snapshot()).toEqual([])
  })

  it('marks the item pending again while it is resent', () => {
    outbox.put({ ...aPost('n1'), state: 'failed' })

    void sender.resend('n1')

    expect(outbox.get('n1')?.state).toBe('pending')
    expect(socket.acked).toHaveLength(1)
  })

  it('does not emit an item twice while it is on its way, nor one it does not hold', async () => {
    const first = sender.submit(aPost('n1'))
    const again = sender.resend('n1')
    sender.resumePending()
    await expect(sender.resend('unknown')).resolves.toBeUndefined()

    expect(socket.acked).toHaveLength(1)
    socket.acked[0]?.answer(1)
    await expect(first).resolves.toBe('sent')
    await expect(again).resolves.toBe('sent')
  })

  it('resumes pending, waiting and throttled items, not refused ones', () => {
    outbox.put({ ...aPost('pending'), state: 'pending' })
    outbox.put({ ...aPost('waiting'), state: 'waiting' })
    outbox.put({ ...aPost('throttled'), state: 'throttled' })
    outbox.put({ ...aPost('failed'), state: 'failed' })
    outbox.put({ ...aPost('sent'), state: 'sent' })

    sender.resumePending()

    expect(socket.acked.map((a) => (a.payload as { idPostEmet: string }).idPostEmet)).toEqual([
      'pending',
      'waiting',
      'throttled',
    ])
    expect(outbox.get('failed')?.state).toBe('failed')
  })

  it('sends the comments of one post one after the other, in the order written', async () => {
    const target = client.getQueryData<PostData[]>(firstPage)?.[0]
    if (!target) throw new Error('no post')
    const first = newComment(profile, target, 'First')
    const second = newComment(profile, target, 'Second')
    outbox.put({ ...first, state: 'waiting' })
    outbox.put({ ...second, state: 'waiting' })

    sender.resumePending()
    expect(socket.acked.map((a) => (a.payload as { cmt: string }).cmt)).toEqual(['First'])
    socket.acked[0]?.answer(1)
    await vi.waitFor(() => expect(socket.acked).toHaveLength(2))

    expect((socket.acked[1]?.payload as { cmt: string }).cmt).toBe('Second')
  })

  it('resumes what a reloaded page finds in the outbox', async () => {
    const before = new Outbox(outboxKey(viewer), localStorage)
    before.put({ ...aPost('left-over'), state: 'pending' })
    before.dispose()
    const reloaded = new Outbox(outboxKey(viewer), localStorage)
    const again = createSender({
      profile,
      socket: socket.asSocket(),
      outbox: reloaded,
      client,
      phone: viewer,
      onRefused,
    })
    socket.respond = () => 1

    again.resumePending()
    await vi.waitFor(() => expect(reloaded.snapshot()).toEqual([]))

    expect(socket.acked.map((a) => (a.payload as { idPostEmet: string }).idPostEmet)).toEqual([
      'left-over',
    ])
    expect(ids(client.getQueryData(firstPage))[0]).toBe('left-over')
    reloaded.dispose()
  })

  it('sends a waiting item a reloaded page finds once connected, and only then', async () => {
    const before = new Outbox(outboxKey(viewer), localStorage)
    before.put({ ...aPost('waited'), state: 'pending' })
    before.setState('waited', 'waiting')
    before.dispose()
    const reloaded = new Outbox(outboxKey(viewer), localStorage)
    const again = createSender({
      profile,
      socket: socket.asSocket(),
      outbox: reloaded,
      client,
      phone: viewer,
      onRefused,
    })
    expect(reloaded.get('waited')?.view.sendState).toBe('waiting')
    expect(socket.acked).toHaveLength(0)

    again.resumePending()
    expect(socket.acked).toHaveLength(1)
    socket.acked[0]?.answer(1)
    await vi.waitFor(() => expect(reloaded.snapshot()).toEqual([]))

    expect(ids(client.getQueryData(firstPage))[0]).toBe('waited')
    reloaded.dispose()
  })

  it('takes up at once what it was sending itself before the reload', () => {
    const before = new Outbox(outboxKey(viewer), localStorage)
    before.put({ ...aPost('mine'), state: 'pending' })
    before.claim('mine', 'this-tab', Date.now() + CLAIM_MS)
    before.dispose()
    const reloaded = new Outbox(outboxKey(viewer), localStorage)
    const again = createSender({
      profile,
      socket: socket.asSocket(),
      outbox: reloaded,
      client,
      phone: viewer,
      onRefused,
      tab: 'this-tab',
    })

    again.resumePending()

    expect(socket.acked).toHaveLength(1)
    again.stop()
    reloaded.dispose()
  })
})
