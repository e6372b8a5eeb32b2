import {
  serverEventList,
  type AnnouncementReport,
  type Comment,
  type Group,
  type PostData,
  type SessionEndedPayload,
} from '@palabre/contracts'
import { QueryObserver, type QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { wallKeys } from '../keys'
import { newPost } from '../sending/new-post'
import type { WallScope } from '../../model/types'
import { keepPostListMarks } from '../keep-marks'
import { holdOpenPost } from '../open-posts'
import { listenLive, type LiveDeps } from './live-events'
import { markCommentsSeen, markPostSeen } from './seen'
import { toPostView } from '../view-models'
import { Outbox, outboxKey } from '../sending/outbox'
import {
  FakeSocket,
  alice,
  announcementPost,
  at,
  bob,
  carol,
  comment,
  flush,
  folder,
  ids,
  invalidated,
  jsonResponse,
  newClient,
  post,
  posts,
  profile,
  stubFetch,
  viewer,
} from '../wall.test-support'

const general: WallScope = { kind: 'general' }
const firstPage = wallKeys.page(viewer, general, '', 0)
const countKey = wallKeys.count(viewer, general, '')
const groupsKey = wallKeys.groups(viewer)

let socket: FakeSocket
let client: QueryClient
let outbox: Outbox
let openPost: string | undefined
let deps: LiveDeps
let stop: () => void

const onFolderAdded = vi.fn<(group: Group) => void>()
const onFolderLost = vi.fn<(idGroup: string) => void>()
const onPostArrived = vi.fn<(post: PostData) => void>()
const onCommentArrived = vi.fn<(comment: Comment) => void>()
const onSessionEnded = vi.fn<(reason: SessionEndedPayload['reason'] | undefined) => void>()
const onAnnouncementReminder = vi.fn<(post: PostData) => void>()

const pageNow = () => client.getQueryData<PostData[]>(firstPage)
const postOnPage = (id: string) => pageNow()?.find((p) => p.data.idPostEmet === id)

beforeEach(() => {
  vi.clearAllMocks()
  socket = new FakeSocket()
  client = newClient()
  outbox = new Outbox(outboxKey(viewer), localStorage)
  openPost = undefined
  deps = {
    socket: socket.asSocket(),
    client,
    phone: viewer,
    outbox,
    openPostId: () => openPost,
    onFolderAdded,
    onFolderLost,
    onPostArrived,
    onCommentArrived,
    onAnnouncementReminder,
    onSessionEnded,
  }
  // p0..p9, from alice to the viewer, last activity 10:00 + 100..91 minutes.
  client.setQueryData(firstPage, posts(10))
  client.setQueryData(countKey, 10)
  stubFetch(() => jsonResponse({ error: { code: 'not_found', message: 'No such post' } }, 404))
  stop = listenLive(deps)
})

afterEach(() => {
  stop()
  outbox.dispose()
  localStorage.clear()
  vi.unstubAllGlobals()
})

describe('listenLive: posts', () => {
  it('acknowledges a new post with 1 and puts it on top of the wall', () => {
    const arrived = post({ id: 'new', from: bob, minute: 200 })
    const countBefore = client.getQueryData<number>(countKey) ?? 0

    const acks = socket.fire('message', arrived)

    expect(acks).toEqual([1])
    expect(ids(pageNow())).toEqual(['new', ...ids(posts(9))])
    expect(onPostArrived).toHaveBeenCalledExactlyOnceWith(arrived)
    // Counted here: the server's count may not have it yet when the post arrives.
    expect(client.getQueryData(countKey)).toBe(countBefore + 1)
    expect(invalidated(client, countKey)).toBe(false)
  })

  it('does not count twice a post the wall already holds', () => {
    const countBefore = client.getQueryData<number>(countKey) ?? 0
    const again = posts(10)[3]
    if (!again) throw new Error('no post to repeat')
    socket.fire('message', again)
    expect(client.getQueryData(countKey)).toBe(countBefore)
  })

  it('takes a post sent from another tab out of the outbox and puts it on top', () => {
    const mine = newPost(
      profile,
      { text: 'From my phone', contacts: [{ name: 'Alice', phone: alice }], folders: [] },
      'mine',
    )
    outbox.put(mine)
    const stored = post({ id: 'mine', from: viewer, to: [alice], minute: 200 })

    socket.fire('messageForOtherToMe', stored)

    expect(outbox.snapshot()).toEqual([])
    expect(ids(pageNow())[0]).toBe('mine')
    expect(onPostArrived).not.toHaveBeenCalled()
  })
})

describe('listenLive: delivery marks', () => {
  const mine = () => post({ id: 'mine', from: viewer, to: [alice, bob], minute: 200 })
  const marks = (p: PostData | undefined | null) =>
    p?.data.destinataires.map((r) => [r.phone, r.delivred, r.delivredtoWeb])

  beforeEach(() => {
    client.setQueryData(firstPage, [mine(), ...posts(9)])
    client.setQueryData(wallKeys.post(viewer, 'mine'), mine())
  })

  it("raises the recipient's delivered mark on a callback", () => {
    socket.fire('callback', { idPostEmet: 'mine', phone: alice, delivred: 2 })

    const expected = [
      [alice, 2, 0],
      [bob, 0, 0],
    ]
    expect(marks(postOnPage('mine'))).toEqual(expected)
    expect(marks(client.getQueryData<PostData>(wallKeys.post(viewer, 'mine')))).toEqual(expected)
  })

  it("raises the recipient's seen mark on postVu, and a late callback does not lower it", () => {
    socket.fire('postVu', { idPostEmet: 'mine', phone: bob, delivred: 4 })
    socket.fire('callback', { idPostEmet: 'mine', phone: bob, delivred: 2 })

    expect(marks(postOnPage('mine'))).toEqual([
      [alice, 0, 0],
      [bob, 4, 0],
    ])
  })

  it("raises the recipient's web seen mark on postVuFromWeb", () => {
    socket.fire('postVuFromWeb', { idPostEmet: 'mine', phone: alice, delivredtoWeb: 4 })

    expect(marks(postOnPage('mine'))).toEqual([
      [alice, 0, 4],
      [bob, 0, 0],
    ])
  })

  it("does not move the post, nor touch another post's marks", () => {
    socket.fire('postVu', { idPostEmet: 'mine', phone: alice, delivred: 4 })
    expect(ids(pageNow())).toEqual(['mine', ...ids(posts(9))])
    expect(marks(postOnPage('p3'))).toEqual([[viewer, 0, 0]])
  })
})

describe('listenLive: comments', () => {
  it('acknowledges a comment with 1, counts it unread and moves its post to the top', async () => {
    const threadKey = wallKeys.comments(viewer, 'p4')
    client.setQueryData<Comment[]>(threadKey, [])
    const arrived = comment({ id: 'c1', postId: 'p4', from: alice, minute: 200 })

    const acks = socket.fire('comment', arrived)
    await flush()

    expect(acks).toEqual([1])
    const moved = pageNow()?.[0]
    expect(moved?.data.idPostEmet).toBe('p4')
    expect(moved?.cmtnonlu).toBe(1)
    expect(moved?.data.totalcmt).toBe(1)
    expect(moved?.data.dateLastEvent).toBe(at(200))
    expect(pageNow()).toHaveLength(10)
    expect(client.getQueryData<Comment[]>(threadKey)?.map((c) => c.data.idCmtEmet)).toEqual(['c1'])
    expect(onCommentArrived).toHaveBeenCalledExactlyOnceWith(arrived)
    expect(socket.emitted).toEqual([])
  })

  it('adds one to the unread count each time', async () => {
    socket.fire('comment', comment({ id: 'c1', postId: 'p4', minute: 200 }))
    await flush()
    socket.fire('comment', comment({ id: 'c2', postId: 'p4', minute: 201 }))
    await flush()

    expect(pageNow()?.[0]?.cmtnonlu).toBe(2)
    expect(pageNow()?.[0]?.data.totalcmt).toBe(2)
  })

  it("counts no unread comment and gives no notice for one of the post's own files", async () => {
    const file: Comment = {
      ...comment({ id: 'c1', postId: 'p4', from: alice, minute: 200 }),
      partOfPost: true,
    }

    expect(socket.fire('comment', file)).toEqual([1])
    await flush()

    const moved = pageNow()?.[0]
    expect(moved?.data.idPostEmet).toBe('p4')
    expect(moved?.cmtnonlu).toBe(0)
    expect(moved?.data.totalcmt).toBe(1)
    expect(onCommentArrived).not.toHaveBeenCalled()
  })

  it('does not count a comment the cached post already counts', async () => {
    // The post was read after the server counted the comment: its last activity is the comment's.
    const counted = post({ id: 'p4', minute: 200, cmtnonlu: 1, totalcmt: 1 })
    client.setQueryData(firstPage, [...posts(4), counted, ...posts(5, 5)])

    socket.fire('comment', comment({ id: 'c1', postId: 'p4', minute: 200 }))
    await flush()

    const moved = pageNow()?.[0]
    expect(moved?.data.idPostEmet).toBe('p4')
    expect(moved?.cmtnonlu).toBe(1)
    expect(moved?.data.totalcmt).toBe(1)
  })

  it('does not count the same comment twice when it comes again', async () => {
    const again = comment({ id: 'c1', postId: 'p4', minute: 200 })
    socket.fire('comment', again)
    await flush()
    socket.fire('comment', again)
    await flush()

    expect(pageNow()?.[0]?.cmtnonlu).toBe(1)
    expect(pageNow()?.[0]?.data.totalcmt).toBe(1)
  })

  it('on the open post, tells the server it was seen instead of counting it unread', async () => {
    openPost = 'p4'

    const acks = socket.fire('comment', comment({ id: 'c1', postId: 'p4', minute: 200 }))
    await flush()

    expect(acks).toEqual([1])
    expect(socket.emitted).toEqual([
      {
        event: 'commentsVuFromWeb',
        args: [{ emtr_vu: viewer, idPostEmet: 'p4', commentsSeen: ['c1'] }],
      },
    ])
    const moved = pageNow()?.[0]
    expect(moved?.data.idPostEmet).toBe('p4')
    expect(moved?.cmtnonlu).toBe(0)
    expect(moved?.data.totalcmt).toBe(1)
  })

  it('reads a post the tab does not hold, and places it without counting twice', async () => {
    const fromServer = post({ id: 'far', minute: 200, cmtnonlu: 1, totalcmt: 1 })
    const fetchMock = stubFetch((url) =>
      url === '/api/postView/far'
        ? jsonResponse(fromServer)
        : jsonResponse({ error: { code: 'not_found', message: '' } }, 404),
    )

    socket.fire('comment', comment({ id: 'c1', postId: 'far', minute: 200 }))
    await vi.waitFor(() => expect(ids(pageNow())[0]).toBe('far'))

    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(pageNow()?.[0]?.cmtnonlu).toBe(1)
    expect(pageNow()?.[0]?.data.totalcmt).toBe(1)
  })

  it('leaves the wall as it is when the post cannot be read', async () => {
    const acks = socket.fire('comment', comment({ id: 'c1', postId: 'gone', minute: 200 }))
    await flush()
    await flush()

    expect(acks).toEqual([1])
    expect(ids(pageNow())).toEqual(ids(posts(10)))
  })

  it('takes a comment written in another tab out of the outbox, without counting it unread', async () => {
    outbox.put({
      kind: 'comment',
      id: 'c9',
      postId: 'p4',
      state: 'pending',
      payload: {
        idPostEmet: 'p4',
        idCmtEmet: 'c9',
        cmt: 'Mine',
        image: '',
        fileDocName: '',
        typecommente: '3',
        dateCreation: at(200),
      },
      view: comment({ id: 'c9', postId: 'p4', from: viewer, minute: 200 }),
    })

    socket.fire(
      'commentForOtherToMe',
      comment({ id: 'c9', postId: 'p4', from: viewer, minute: 200 }),
    )
    await flush()

    expect(outbox.snapshot()).toEqual([])
    expect(pageNow()?.[0]?.data.idPostEmet).toBe('p4')
    expect(pageNow()?.[0]?.cmtnonlu).toBe(0)
    expect(pageNow()?.[0]?.data.totalcmt).toBe(1)
  })

  it("marks the viewer's comments seen by a recipient, '4' once all saw them", () => {
    const threadKey = wallKeys.comments(viewer, 'p1')
    client.setQueryData<Comment[]>(threadKey, [
      comment({ id: 'c1', postId: 'p1', from: viewer, to: [alice, bob] }),
      comment({ id: 'c2', postId: 'p1', from: viewer, to: [alice] }),
      comment({ id: 'c3', postId: 'p1', from: viewer, to: [alice] }),
    ])

    socket.fire('commentVu', {
      idPostEmet: 'p1',
      phone: alice,
      commentsSeen: ['c1', 'c2'],
      delivred: 4,
    })

    const thread = client.getQueryData<Comment[]>(threadKey)
    expect(thread?.map((c) => [c.data.idCmtEmet, c.tagcmtstatut])).toEqual([
      ['c1', '0'],
      ['c2', '4'],
      ['c3', '0'],
    ])

    socket.fire('commentVuFromWeb', {
      idPostEmet: 'p1',
      phone: bob,
      commentsSeen: ['c1'],
      delivredtoWeb: 4,
    })

    const after = client.getQueryData<Comment[]>(threadKey)
    expect(after?.[0]?.tagcmtstatut).toBe('4')
    expect(
      after?.[0]?.data.destinataires.map((r) => [r.phone, r.delivred, r.delivredtoWeb]),
    ).toEqual([
      [alice, 4, 0],
      [bob, 0, 4],
    ])
  })
})

describe('listenLive: folders', () => {
  const g1 = folder('g1')
  const g2 = folder('g2')

  beforeEach(() => {
    client.setQueryData<Group[]>(groupsKey, [g1, g2])
  })

  const groupIds = () => client.getQueryData<Group[]>(groupsKey)?.map((g) => g.idGroup)

  it('puts a folder someone else created first, and says so', () => {
    const created = folder('g3', {
      admin: [alice],
      participants: [{ phone: alice }, { phone: viewer }],
    })

    socket.fire('group', { event: 'new_g', group: created, by: 'Alice' })

    expect(groupIds()).toEqual(['g3', 'g1', 'g2'])
    expect(onFolderAdded).toHaveBeenCalledExactlyOnceWith(created)
  })

  it('puts a folder the viewer created first, without saying so', () => {
    const created = folder('g3', { admin: [viewer] })

    socket.fire('group', { event: 'new_g', group: created })

    expect(groupIds()).toEqual(['g3', 'g1', 'g2'])
    expect(onFolderAdded).not.toHaveBeenCalled()
  })

  it('says so when the viewer is added to a folder', () => {
    const joined = folder('g3', { admin: [alice] })

    socket.fire('group', { event: 'group_p_a', group: joined, participants: [{ phone: viewer }] })

    expect(groupIds()).toEqual(['g3', 'g1', 'g2'])
    expect(onFolderAdded).toHaveBeenCalledExactlyOnceWith(joined)
  })

  it('updates a known folder where it is when others are added, keeping its badge', () => {
    client.setQueryData<Group[]>(groupsKey, [g1, { ...g2, nbrNotifNonLu: 3 }])
    const grown = folder('g2', { nbrParticipants: 5 })

    socket.fire('group', { event: 'group_p_a', group: grown, participants: [{ phone: carol }] })

    expect(groupIds()).toEqual(['g1', 'g2'])
    expect(client.getQueryData<Group[]>(groupsKey)?.[1]?.nbrParticipants).toBe(5)
    expect(client.getQueryData<Group[]>(groupsKey)?.[1]?.nbrNotifNonLu).toBe(3)
    expect(onFolderAdded).not.toHaveBeenCalled()
  })

  it('removes a folder the viewer was removed from, and says so', () => {
    socket.fire('group', {
      event: 'group_p_r',
      group: folder('g1'),
      participants: [{ phone: viewer }],
    })

    expect(groupIds()).toEqual(['g2'])
    expect(onFolderLost).toHaveBeenCalledExactlyOnceWith('g1')
    expect(onFolderAdded).not.toHaveBeenCalled()
  })

  it('keeps a folder someone else was removed from, updated', () => {
    const smaller = folder('g1', { nbrParticipants: 1 })

    socket.fire('group', { event: 'group_p_r', group: smaller, participants: [{ phone: bob }] })

    expect(groupIds()).toEqual(['g1', 'g2'])
    expect(client.getQueryData<Group[]>(groupsKey)?.[0]?.nbrParticipants).toBe(1)
    expect(onFolderLost).not.toHaveBeenCalled()
  })

  it('reads the folder list again when a read of it was on its way at a folder event', async () => {
    const created = folder('g3', { admin: [alice] })
    let release: (list: Group[]) => void = () => {}
    let reads = 0
    const observer = new QueryObserver(client, {
      queryKey: groupsKey,
      staleTime: 0,
      queryFn: () => {
        reads += 1
        // The first read left before the folder existed.
        return reads === 1
          ? new Promise<Group[]>((resolve) => (release = resolve))
          : Promise.resolve([created, g1, g2])
      },
    })
    const unsubscribe = observer.subscribe(() => {})
    await vi.waitFor(() => expect(reads).toBe(1))

    socket.fire('group', { event: 'new_g', group: created })
    release([g1, g2])

    await vi.waitFor(() => expect(reads).toBe(2))
    await vi.waitFor(() => expect(groupIds()).toEqual(['g3', 'g1', 'g2']))
    unsubscribe()
  })

  it('still tells about a folder event when the folder list is not loaded', () => {
    client.removeQueries({ queryKey: groupsKey })
    const created = folder('g3', { admin: [alice] })

    socket.fire('group', { event: 'new_g', group: created })
    socket.fire('group', { event: 'group_p_r', group: g1, participants: [{ phone: viewer }] })

    expect(client.getQueryData(groupsKey)).toBeUndefined()
    expect(onFolderAdded).toHaveBeenCalledExactlyOnceWith(created)
    expect(onFolderLost).toHaveBeenCalledExactlyOnceWith('g1')
  })
})

describe('listenLive: folder badges, as the server counts them', () => {
  // The server counts, per folder, the person's posts that are new to them or hold comments
  // they have not read (nbrNotifNonLu).
  const badges = () =>
    Object.fromEntries(
      (client.getQueryData<Group[]>(groupsKey) ?? []).map((g) => [g.idGroup, g.nbrNotifNonLu]),
    )

  beforeEach(() => {
    client.setQueryData<Group[]>(groupsKey, [
      folder('g1', { nbrNotifNonLu: 2 }),
      folder('g2'),
      folder('g3'),
    ])
  })

  it('raise each folder of a new post once', () => {
    const fresh = post({ id: 'n1', groups: ['g1', 'g2'], minute: 200 })
    socket.fire('message', fresh)
    socket.fire('message', fresh)
    expect(badges()).toEqual({ g1: 3, g2: 1, g3: 0 })
  })

  it('keep a raised badge when a read of the list that left before comes back', async () => {
    let release: (list: Group[]) => void = () => {}
    const observer = new QueryObserver(client, {
      queryKey: groupsKey,
      staleTime: 0,
      queryFn: () => new Promise<Group[]>((resolve) => (release = resolve)),
    })
    const unsubscribe = observer.subscribe(() => {})
    await vi.waitFor(() => expect(client.isFetching({ queryKey: groupsKey })).toBe(1))

    socket.fire('message', post({ id: 'n1', groups: ['g2'], minute: 200 }))
    release([folder('g1', { nbrNotifNonLu: 2 }), folder('g2'), folder('g3')])

    await vi.waitFor(() => expect(client.isFetching({ queryKey: groupsKey })).toBe(0))
    expect(badges()).toEqual({ g1: 2, g2: 1, g3: 0 })
    unsubscribe()
  })

  it('stay as they are for a post the person sent from another tab', () => {
    socket.fire('messageForOtherToMe', post({ id: 'n1', from: viewer, groups: ['g2'] }))
    expect(badges()).toEqual({ g1: 2, g2: 0, g3: 0 })
  })

  it('rise with a comment on a read post of the folder, once however many comments come', async () => {
    const read = { ...post({ id: 'f1', groups: ['g2'], minute: 150 }), delivredtoWeb: 4 }
    client.setQueryData(firstPage, [read, ...posts(9)])
    socket.fire('comment', comment({ id: 'c1', postId: 'f1', minute: 200 }))
    await flush()
    expect(badges()).toEqual({ g1: 2, g2: 1, g3: 0 })
    socket.fire('comment', comment({ id: 'c2', postId: 'f1', minute: 201 }))
    await flush()
    expect(badges()).toEqual({ g1: 2, g2: 1, g3: 0 })
  })

  it('stay as they are for a comment on the open post, or one the person wrote elsewhere', async () => {
    const read = { ...post({ id: 'f1', groups: ['g2'], minute: 150 }), delivredtoWeb: 4 }
    client.setQueryData(firstPage, [read, ...posts(9)])
    openPost = 'f1'
    socket.fire('comment', comment({ id: 'c1', postId: 'f1', minute: 200 }))
    await flush()
    openPost = undefined
    socket.fire(
      'commentForOtherToMe',
      comment({ id: 'c2', postId: 'f1', from: viewer, minute: 201 }),
    )
    await flush()
    expect(badges()).toEqual({ g1: 2, g2: 0, g3: 0 })
  })

  it('count a comment on a post the tab did not hold as the post read says', async () => {
    // Read after the server counted the comment: one unread comment, so this one made it unread.
    const fromServer = {
      ...post({ id: 'far', groups: ['g3'], minute: 200, cmtnonlu: 1 }),
      delivredtoWeb: 4,
    }
    stubFetch(() => jsonResponse(fromServer))
    socket.fire('comment', comment({ id: 'c1', postId: 'far', minute: 200 }))
    await vi.waitFor(() => expect(badges()).toEqual({ g1: 2, g2: 0, g3: 1 }))
  })

  it('go down when the person opens the post, once, and when they read its comments', () => {
    const fresh = post({ id: 'n1', groups: ['g1', 'g2'], minute: 200, cmtnonlu: 2 })
    const commented = {
      ...post({ id: 'n2', groups: ['g1'], minute: 199, cmtnonlu: 1 }),
      delivredtoWeb: 4,
    }
    client.setQueryData(firstPage, [fresh, commented, ...posts(8)])
    client.setQueryData<Group[]>(groupsKey, [
      folder('g1', { nbrNotifNonLu: 2 }),
      folder('g2', { nbrNotifNonLu: 1 }),
    ])

    // Seen: the server holds the whole post read, its comments too.
    markPostSeen(socket.asSocket(), client, viewer, toPostView(fresh))
    expect(postOnPage('n1')?.cmtnonlu).toBe(0)
    // The viewer's web mark is raised to seen: the post is no longer new here.
    expect(postOnPage('n1')).toMatchObject({ delivred: fresh.delivred, delivredtoWeb: 4 })
    markCommentsSeen(socket.asSocket(), client, viewer, toPostView(fresh))
    expect(badges()).toEqual({ g1: 1, g2: 0 })
    markCommentsSeen(socket.asSocket(), client, viewer, toPostView(commented))
    expect(badges()).toEqual({ g1: 0, g2: 0 })
  })
})

describe('listenLive: the open post', () => {
  it('keeps no unread comment however a searched page read again counts it, and tells the server again', async () => {
    const searched = wallKeys.page(viewer, general, 'Text', 0)
    // The server counted the comment before it was told the discussion is open.
    const stale = post({ id: 'p1', minute: 300, cmtnonlu: 1, totalcmt: 1 })
    const readSearch = () =>
      client.fetchQuery({
        queryKey: searched,
        queryFn: () => Promise.resolve([stale, ...posts(2, 2)]),
        structuralSharing: keepPostListMarks,
        staleTime: 0,
      })
    client.setQueryData(searched, posts(3))
    const tellAgain = vi.fn()
    const release = holdOpenPost('p1', tellAgain)
    openPost = 'p1'

    socket.fire('comment', comment({ id: 'c1', postId: 'p1', minute: 300 }))
    await flush()
    await readSearch()

    const onSearch = () => client.getQueryData<PostData[]>(searched)?.[0]
    expect(onSearch()?.data.idPostEmet).toBe('p1')
    expect(onSearch()?.data.totalcmt).toBe(1)
    expect(onSearch()?.cmtnonlu).toBe(0)
    await vi.waitFor(() => expect(tellAgain).toHaveBeenCalled())
    // Closed, the same read counts it again.
    release()
    openPost = undefined
    await readSearch()
    expect(onSearch()?.cmtnonlu).toBe(1)
  })
})

describe('listenLive: announcements (docs/wall.md, "Announcements")', () => {
  const pinnedKey = wallKeys.pinned(viewer)
  const pinnedNow = () => client.getQueryData<PostData[]>(pinnedKey)
  const reportKey = wallKeys.announcementReport(viewer, 'a1')

  it('places an announcement as a new post, on top of the pinned list, and asks no ack', () => {
    client.setQueryData(pinnedKey, [announcementPost({ id: 'older', minute: 50 })])
    const countBefore = client.getQueryData<number>(countKey) ?? 0
    const arrived = announcementPost({ id: 'a1', from: carol, minute: 200 })

    const acks = socket.fire('announcement', arrived)

    expect(acks).toEqual([])
    expect(ids(pageNow())).toEqual(['a1', ...ids(posts(9))])
    expect(client.getQueryData(countKey)).toBe(countBefore + 1)
    expect(ids(pinnedNow())).toEqual(['a1', 'older'])
    expect(onPostArrived).toHaveBeenCalledExactlyOnceWith(arrived)
  })

  it('leaves a pinned list not read yet to its read, and reads again one on its way', async () => {
    socket.fire('announcement', announcementPost({ id: 'a1', minute: 200 }))
    expect(pinnedNow()).toBeUndefined()

    // A read that left before the announcement was stored answers without it.
    let answer: (list: PostData[]) => void = () => undefined
    const reads = vi.fn(
      () =>
        new Promise<PostData[]>((resolve) => {
          answer = resolve
        }),
    )
    const observer = new QueryObserver(client, { queryKey: pinnedKey, queryFn: reads })
    const unsubscribe = observer.subscribe(() => undefined)
    await vi.waitFor(() => expect(reads).toHaveBeenCalledTimes(1))
    const arrived = announcementPost({ id: 'a2', minute: 210 })
    socket.fire('announcement', arrived)
    await vi.waitFor(() => expect(reads).toHaveBeenCalledTimes(2))
    answer([arrived])
    await vi.waitFor(() => expect(ids(pinnedNow())).toEqual(['a2']))
    unsubscribe()
  })

  it('brings a reminded announcement back on top of the pinned list and the wall, and says so', async () => {
    const reminded = announcementPost({ id: 'a1', from: carol, minute: 10 })
    client.setQueryData(pinnedKey, [announcementPost({ id: 'newer', minute: 90 }), reminded])
    client.setQueryData(firstPage, [...posts(9), reminded])
    // The server put it back on top: read afresh, its last activity is the reminder's.
    const fresh = { ...reminded, data: { ...reminded.data, dateLastEvent: at(300) } }
    const fetched = stubFetch((url) =>
      url.includes('/api/postView/a1') ? jsonResponse(fresh) : jsonResponse({}, 404),
    )

    socket.fire('announcementReminder', { idPostEmet: 'a1' })

    await vi.waitFor(() => expect(onAnnouncementReminder).toHaveBeenCalledExactlyOnceWith(fresh))
    expect(fetched).toHaveBeenCalled()
    expect(ids(pinnedNow())).toEqual(['a1', 'newer'])
    expect(ids(pageNow())).toEqual(['a1', ...ids(posts(9))])
    expect(pageNow()?.[0]?.data.dateLastEvent).toBe(at(300))
  })

  it("takes a recipient's confirmation into the author's table: counts and lists", () => {
    const report: AnnouncementReport = {
      total: 3,
      confirmed: [{ phone: alice, name: 'Alice', at: at(1) }],
      pending: [
        { phone: bob, name: 'Bob' },
        { phone: carol, name: 'Carol' },
      ],
    }
    client.setQueryData(reportKey, report)
    const event = {
      idPostEmet: 'a1',
      phone: carol,
      name: 'Carol',
      at: at(5),
      confirmed: 2,
      total: 3,
    }

    socket.fire('announcementConfirmed', event)
    // The same confirmation again changes nothing.
    socket.fire('announcementConfirmed', event)

    expect(client.getQueryData(reportKey)).toEqual({
      total: 3,
      confirmed: [
        { phone: alice, name: 'Alice', at: at(1) },
        { phone: carol, name: 'Carol', at: at(5) },
      ],
      pending: [{ phone: bob, name: 'Bob' }],
    })
  })
})

describe('listenLive: seen in another tab or on another device', () => {
  const pinnedKey = wallKeys.pinned(viewer)
  const pinnedNow = () => client.getQueryData<PostData[]>(pinnedKey)

  it('clears a confirmed announcement: not new, its comments read, unpinned, its badge down', () => {
    const pinned = announcementPost({ id: 'a1', from: carol, minute: 200, groups: ['g1'] })
    const unread = { ...pinned, cmtnonlu: 2 }
    client.setQueryData(pinnedKey, [unread])
    client.setQueryData(firstPage, [unread, ...posts(9)])
    client.setQueryData(groupsKey, [folder('g1', { nbrNotifNonLu: 1 })])

    socket.fire('postSeenElsewhere', { idPostEmet: 'a1', channel: 'web', confirmedAt: at(300) })

    const read = postOnPage('a1')
    expect(read).toMatchObject({ delivredtoWeb: 4, delivred: 0, cmtnonlu: 0 })
    expect(read?.data.announcement?.confirmedAt).toBe(at(300))
    expect(read && toPostView(read).unreadComments).toBe(0)
    expect(pinnedNow()).toEqual([])
    expect(client.getQueryData<Group[]>(groupsKey)?.[0]?.nbrNotifNonLu).toBe(0)
  })

  it("raises the viewer's own mark on the channel it was seen on, and leaves other posts", () => {
    socket.fire('postSeenElsewhere', { idPostEmet: 'p3', channel: 'mobile' })

    expect(postOnPage('p3')).toMatchObject({ delivred: 4, delivredtoWeb: 0, cmtnonlu: 0 })
    expect(postOnPage('p4')).toMatchObject({ delivred: 0, delivredtoWeb: 0 })
  })
})

describe('listenLive: profiles (docs/realtime.md, "Profiles")', () => {
  it("gives the wall the person's own new name, and leaves it for another's", () => {
    const me = { nomPrenom: 'Old Name', phone: viewer, mail: 'me@example.test' }
    client.setQueryData(['session'], me)
    const profile = {
      phone: viewer,
      name: 'New Name',
      title: 'CTO',
      team: '',
      site: '',
      kind: 'employee' as const,
    }
    socket.fire('profileChanged', { ...profile, phone: '33699999999', name: 'Someone' })
    expect(client.getQueryData(['session'])).toEqual(me)
    socket.fire('profileChanged', profile)
    expect(client.getQueryData(['session'])).toEqual({ ...me, nomPrenom: 'New Name' })
  })
  it("shows anyone's new name, title and photo in the directory's pages, and reads them again", () => {
    const before = {
      phone: alice,
      name: 'Alice Roy',
      title: 'Nurse',
      team: 'Night',
      site: 'Lyon',
      kind: 'employee' as const,
    }
    const other = { ...before, phone: bob, name: 'Bob Keita' }
    const pageKey = wallKeys.directory(viewer, 'night', 0)
    client.setQueryData(pageKey, { total: 2, items: [before, other] })
    const after = { ...before, name: 'Alice Martin', title: 'Head nurse', photo: 'p1.jpg' }
    socket.fire('profileChanged', after)
    expect(client.getQueryData(pageKey)).toEqual({ total: 2, items: [after, other] })
    expect(invalidated(client, pageKey)).toBe(true)
  })
})

describe('listenLive: session and unregistering', () => {
  it('tells when the session ended, and why', () => {
    socket.fire('sessionEnded', { reason: 'logout' })
    expect(onSessionEnded).toHaveBeenCalledTimes(1)
    expect(onSessionEnded).toHaveBeenLastCalledWith('logout')
  })

  it('carries a deactivation as the reason the session ended', () => {
    socket.fire('sessionEnded', { reason: 'deactivated' })
    expect(onSessionEnded).toHaveBeenCalledTimes(1)
    expect(onSessionEnded).toHaveBeenLastCalledWith('deactivated')
  })

  it('registers every server event, and unregisters them all', () => {
    for (const event of serverEventList)
      expect([event.name, socket.listenerCount(event.name)]).toEqual([event.name, 1])

    stop()

    for (const event of serverEventList)
      expect([event.name, socket.listenerCount(event.name)]).toEqual([event.name, 0])
    expect(socket.fire('message', post({ id: 'late', minute: 300 }))).toEqual([])
    expect(ids(pageNow())).toEqual(ids(posts(10)))
  })
})
