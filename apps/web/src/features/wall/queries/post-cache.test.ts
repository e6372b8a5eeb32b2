import type { PostData } from '@palabre/contracts'
import { InfiniteQueryObserver, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import {
  alice,
  bob,
  comment,
  ids,
  invalidated,
  newClient,
  post,
  posts,
  viewer,
} from './wall.test-support'
import type { WallScope } from '../model/types'
import { wallKeys } from './keys'
import {
  cachedPosts,
  findPost,
  placePost,
  postInScope,
  putComment,
  recount,
  updatePost,
} from './post-cache'

const general: WallScope = { kind: 'general' }
const folderScope = (idGroup: string): WallScope => ({ kind: 'folder', idGroup, name: idGroup })
const contactScope = (phone: string): WallScope => ({
  kind: 'contact',
  phone,
  name: phone,
  registered: true,
})
const page = (scope: WallScope, pageIndex = 0, word = '') =>
  wallKeys.page(viewer, scope, word, pageIndex)

const withText = (p: PostData, text: string): PostData => ({ ...p, data: { ...p.data, text } })

describe('postInScope', () => {
  it('puts every post on the general wall', () => {
    expect(postInScope(post({ id: 'a' }), 'general', viewer)).toBe(true)
    expect(postInScope(post({ id: 'b', groups: ['g1'] }), 'general', viewer)).toBe(true)
  })

  it("puts a post in a folder's scope only when it names that folder", () => {
    const inTwo = post({ id: 'a', groups: ['g1', 'g2'] })
    expect(postInScope(inTwo, 'folder:g1', viewer)).toBe(true)
    expect(postInScope(inTwo, 'folder:g2', viewer)).toBe(true)
    expect(postInScope(inTwo, 'folder:g3', viewer)).toBe(false)
    expect(postInScope(post({ id: 'b' }), 'folder:g1', viewer)).toBe(false)
  })

  it("puts a direct post from the contact to the viewer on the contact's wall", () => {
    const fromAlice = post({ id: 'a', from: alice, to: [viewer] })
    expect(postInScope(fromAlice, `contact:${alice}`, viewer)).toBe(true)
    expect(postInScope(fromAlice, `contact:${bob}`, viewer)).toBe(false)
  })

  it("puts a direct post from the viewer to the contact on the contact's wall", () => {
    const toAliceAndBob = post({ id: 'a', from: viewer, to: [alice, bob] })
    expect(postInScope(toAliceAndBob, `contact:${alice}`, viewer)).toBe(true)
    expect(postInScope(toAliceAndBob, `contact:${bob}`, viewer)).toBe(true)
    expect(
      postInScope(post({ id: 'b', from: viewer, to: [bob] }), `contact:${alice}`, viewer),
    ).toBe(false)
  })

  it("does not put a third person's post to both on the contact's wall", () => {
    const fromBob = post({ id: 'a', from: bob, to: [viewer, alice] })
    expect(postInScope(fromBob, `contact:${alice}`, viewer)).toBe(false)
  })

  it("answers 'unknown' for a folder post on a contact's wall", () => {
    const folderPost = post({ id: 'a', from: alice, to: [viewer], groups: ['g1'] })
    expect(postInScope(folderPost, `contact:${alice}`, viewer)).toBe('unknown')
  })
})

describe('cachedPosts and findPost', () => {
  it('collects the posts of every page and single-post query of the user, by id', () => {
    const client = newClient()
    client.setQueryData(page(general), [post({ id: 'a' }), post({ id: 'b' })])
    client.setQueryData(page(folderScope('g1')), [post({ id: 'b' }), post({ id: 'c' })])
    client.setQueryData(wallKeys.post(viewer, 'd'), post({ id: 'd' }))
    client.setQueryData(wallKeys.post(viewer, 'gone'), null)
    client.setQueryData(wallKeys.page(bob, general, '', 0), [post({ id: 'of-bob' })])

    expect([...cachedPosts(client, viewer).keys()].sort()).toEqual(['a', 'b', 'c', 'd'])
  })

  it("prefers the single-post query's copy over a page's", () => {
    const client = newClient()
    client.setQueryData(page(general), [post({ id: 'a', text: 'from page' })])
    client.setQueryData(wallKeys.post(viewer, 'a'), post({ id: 'a', text: 'single' }))

    expect(findPost(client, viewer, 'a')?.data.text).toBe('single')
    expect(cachedPosts(client, viewer).get('a')?.data.text).toBe('single')
  })

  it('finds a post held only by a page, and nothing for an unknown id', () => {
    const client = newClient()
    client.setQueryData(page(general, 1), [post({ id: 'a', text: 'on page 1' })])
    client.setQueryData(wallKeys.post(viewer, 'a'), null)

    expect(findPost(client, viewer, 'a')?.data.text).toBe('on page 1')
    expect(findPost(client, viewer, 'zzz')).toBeUndefined()
    expect(findPost(client, bob, 'a')).toBeUndefined()
  })
})

describe('updatePost', () => {
  it('changes the post in every page and in its single-post query, and nothing else', () => {
    const client = newClient()
    const other = [post({ id: 'x' })]
    client.setQueryData(page(general), [post({ id: 'a' }), post({ id: 'b' })])
    client.setQueryData(page(folderScope('g1'), 2), [post({ id: 'b' })])
    client.setQueryData(page(folderScope('g2')), other)
    client.setQueryData(wallKeys.post(viewer, 'b'), post({ id: 'b' }))

    updatePost(client, viewer, 'b', (p) => withText(p, 'changed'))

    const generalPage = client.getQueryData<PostData[]>(page(general))
    expect(generalPage?.map((p) => p.data.text)).toEqual(['Text of a', 'changed'])
    expect(client.getQueryData<PostData[]>(page(folderScope('g1'), 2))?.[0]?.data.text).toBe(
      'changed',
    )
    expect(client.getQueryData<PostData>(wallKeys.post(viewer, 'b'))?.data.text).toBe('changed')
    expect(client.getQueryData(page(folderScope('g2')))).toBe(other)
  })

  it('creates no single-post query for a post without one', () => {
    const client = newClient()
    client.setQueryData(page(general), [post({ id: 'a' })])
    updatePost(client, viewer, 'a', (p) => withText(p, 'changed'))
    expect(client.getQueryData(wallKeys.post(viewer, 'a'))).toBeUndefined()
  })
})

describe('placePost', () => {
  it('puts a new post at the top of the first general page, trimmed to 10', () => {
    const client = newClient()
    client.setQueryData(page(general), posts(10))

    placePost(client, viewer, post({ id: 'new', minute: 200 }), { toTop: true })

    const list = client.getQueryData<PostData[]>(page(general))
    expect(ids(list)).toEqual(['new', 'p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'])
    expect(invalidated(client, page(general))).toBe(false)
  })

  it('keeps a post placed while the page is being fetched: the older answer is dropped, the page asked again', async () => {
    const client = newClient()
    client.setQueryData(page(general), [])
    // The server's answers: the page as it was before the post was stored, then as it is now.
    const answers: ((list: PostData[]) => void)[] = []
    const read = () => new Promise<PostData[]>((resolve) => answers.push(resolve))
    const stop = new QueryObserver(client, { queryKey: page(general), queryFn: read }).subscribe(
      () => undefined,
    )
    void client.refetchQueries({ queryKey: page(general), exact: true })
    await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0))
    const asked = answers.length
    const stored = post({ id: 'new', minute: 200 })

    placePost(client, viewer, stored, { toTop: true })
    answers[asked - 1]?.([])

    // The answer asked for before the post was placed does not take it away…
    await vi.waitFor(() => expect(answers.length).toBe(asked + 1))
    expect(ids(client.getQueryData(page(general)))).toEqual(['new'])
    // …and the page asked for again brings the server's list, the post in it.
    answers[asked]?.([stored])
    await vi.waitFor(() => expect(client.isFetching({ queryKey: page(general) })).toBe(0))
    expect(ids(client.getQueryData(page(general)))).toEqual(['new'])
    stop()
  })

  it('moves a post with new activity from inside the first page to its top, once', () => {
    const client = newClient()
    client.setQueryData(page(general), posts(10))
    const moved = withText(post({ id: 'p5', minute: 200 }), 'new activity')

    placePost(client, viewer, moved, { toTop: true })

    const list = client.getQueryData<PostData[]>(page(general))
    expect(ids(list)).toEqual(['p5', 'p0', 'p1', 'p2', 'p3', 'p4', 'p6', 'p7', 'p8', 'p9'])
    expect(list?.[0]?.data.text).toBe('new activity')
  })

  it("puts a folder post on top of its folders' first pages, and leaves other folders alone", () => {
    const client = newClient()
    const g3 = [post({ id: 'f3', groups: ['g3'] })]
    client.setQueryData(page(folderScope('g1')), [post({ id: 'f1', groups: ['g1'] })])
    client.setQueryData(page(folderScope('g2')), [post({ id: 'f2', groups: ['g2'] })])
    client.setQueryData(page(folderScope('g3')), g3)

    placePost(client, viewer, post({ id: 'new', groups: ['g1', 'g2'] }), { toTop: true })

    expect(ids(client.getQueryData(page(folderScope('g1'))))).toEqual(['new', 'f1'])
    expect(ids(client.getQueryData(page(folderScope('g2'))))).toEqual(['new', 'f2'])
    expect(client.getQueryData(page(folderScope('g3')))).toBe(g3)
    expect(invalidated(client, page(folderScope('g3')))).toBe(false)
  })

  it("puts a direct post on the contact's first page, not on another contact's", () => {
    const client = newClient()
    const ofBob = [post({ id: 'b1', from: bob })]
    client.setQueryData(page(contactScope(alice)), [post({ id: 'a1', from: alice })])
    client.setQueryData(page(contactScope(bob)), ofBob)

    placePost(client, viewer, post({ id: 'new', from: viewer, to: [alice] }), { toTop: true })

    expect(ids(client.getQueryData(page(contactScope(alice))))).toEqual(['new', 'a1'])
    expect(client.getQueryData(page(contactScope(bob)))).toBe(ofBob)
    expect(invalidated(client, page(contactScope(bob)))).toBe(false)
  })

  it('invalidates later pages and searches of its scopes instead of guessing them', () => {
    const client = newClient()
    const later = posts(10, 10)
    const searched = [post({ id: 's1' })]
    client.setQueryData(page(general, 1), later)
    client.setQueryData(page(general, 0, 'hello'), searched)

    placePost(client, viewer, post({ id: 'new', minute: 200 }), { toTop: true })

    expect(client.getQueryData(page(general, 1))).toBe(later)
    expect(client.getQueryData(page(general, 0, 'hello'))).toBe(searched)
    expect(invalidated(client, page(general, 1))).toBe(true)
    expect(invalidated(client, page(general, 0, 'hello'))).toBe(true)
  })

  it("invalidates a contact's first page when the post has folders (undecidable)", () => {
    const client = newClient()
    const ofAlice = [post({ id: 'a1', from: alice })]
    client.setQueryData(page(contactScope(alice)), ofAlice)

    placePost(client, viewer, post({ id: 'new', from: alice, groups: ['g1'] }), { toTop: true })

    expect(client.getQueryData(page(contactScope(alice)))).toBe(ofAlice)
    expect(invalidated(client, page(contactScope(alice)))).toBe(true)
  })

  it('replaces a moved post held by a later page, and invalidates that page', () => {
    const client = newClient()
    client.setQueryData(page(general), posts(10))
    client.setQueryData(page(general, 1), posts(10, 10))
    const moved = withText(post({ id: 'p12', minute: 200 }), 'new activity')

    placePost(client, viewer, moved, { toTop: true })

    expect(ids(client.getQueryData(page(general)))[0]).toBe('p12')
    const later = client.getQueryData<PostData[]>(page(general, 1))
    expect(ids(later)).toEqual(ids(posts(10, 10)))
    expect(later?.[2]?.data.text).toBe('new activity')
    expect(invalidated(client, page(general, 1))).toBe(true)
  })

  it('does not touch pages of scopes the post is not in', () => {
    const client = newClient()
    const g9Later = [post({ id: 'x', groups: ['g9'] })]
    client.setQueryData(page(folderScope('g9'), 1), g9Later)

    placePost(client, viewer, post({ id: 'new' }), { toTop: true })

    expect(client.getQueryData(page(folderScope('g9'), 1))).toBe(g9Later)
    expect(invalidated(client, page(folderScope('g9'), 1))).toBe(false)
  })

  it('without new activity, updates the post where it is without moving it', () => {
    const client = newClient()
    client.setQueryData(page(general), posts(10))
    client.setQueryData(page(general, 0, 'text'), posts(3, 2))

    placePost(client, viewer, withText(post({ id: 'p3', minute: 97 }), 'marks changed'), {
      toTop: false,
    })

    const list = client.getQueryData<PostData[]>(page(general))
    expect(ids(list)).toEqual(ids(posts(10)))
    expect(list?.[3]?.data.text).toBe('marks changed')
    expect(client.getQueryData<PostData[]>(page(general, 0, 'text'))?.[1]?.data.text).toBe(
      'marks changed',
    )
    expect(invalidated(client, page(general))).toBe(false)
    expect(invalidated(client, page(general, 0, 'text'))).toBe(false)
  })

  it('without new activity, does not add the post to a first page that does not hold it', () => {
    const client = newClient()
    client.setQueryData(page(general), posts(10))
    client.setQueryData(page(general, 1), posts(10, 10))

    // p15 sits on the second page; only a mark changed, its date did not.
    placePost(client, viewer, withText(post({ id: 'p15', minute: 85 }), 'marks changed'), {
      toTop: false,
    })

    expect(ids(client.getQueryData(page(general)))).toEqual(ids(posts(10)))
    const later = client.getQueryData<PostData[]>(page(general, 1))
    expect(ids(later)).toEqual(ids(posts(10, 10)))
    expect(later?.[5]?.data.text).toBe('marks changed')
  })

  it('updates the single-post query when there is one, and creates none otherwise', () => {
    const client = newClient()
    client.setQueryData(wallKeys.post(viewer, 'a'), post({ id: 'a' }))

    placePost(client, viewer, withText(post({ id: 'a' }), 'changed'), { toTop: true })
    placePost(client, viewer, post({ id: 'b' }), { toTop: true })

    expect(client.getQueryData<PostData>(wallKeys.post(viewer, 'a'))?.data.text).toBe('changed')
    expect(client.getQueryData(wallKeys.post(viewer, 'b'))).toBeUndefined()
  })

  it("leaves another user's pages alone", () => {
    const client = newClient()
    const ofBob = [post({ id: 'b1' })]
    client.setQueryData(wallKeys.page(bob, general, '', 0), ofBob)

    placePost(client, viewer, post({ id: 'new' }), { toTop: true })

    expect(client.getQueryData(wallKeys.page(bob, general, '', 0))).toBe(ofBob)
  })
})

/**
 * A query whose first read is held until released: what each read answers is the server's
 * state at that read, `state()`.
 */
const heldFirstRead = <T>(state: () => T) => {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  let reads = 0
  const read = async () => {
    const answer = state()
    if (reads++ === 0) await held
    return answer
  }
  return { read, release: () => release(), reads: () => reads }
}

describe('recount', () => {
  it("invalidates the user's counts and nothing else", async () => {
    const client = newClient()
    const countKey = wallKeys.count(viewer, general, '')
    client.setQueryData(countKey, 12)
    client.setQueryData(page(general), posts(2))

    await recount(client, viewer)

    expect(invalidated(client, countKey)).toBe(true)
    expect(invalidated(client, page(general))).toBe(false)
  })

  it('reads a count again whose first read is on its way: its answer may predate the post', async () => {
    const client = newClient()
    const countKey = wallKeys.count(viewer, general, '')
    let total = 4
    const server = heldFirstRead(() => total)
    const stop = new QueryObserver(client, { queryKey: countKey, queryFn: server.read }).subscribe(
      () => undefined,
    )
    await vi.waitFor(() => expect(server.reads()).toBe(1))
    total = 5
    void recount(client, viewer)
    server.release()
    await vi.waitFor(() => expect(client.getQueryData(countKey)).toBe(5))
    expect(server.reads()).toBe(2)
    stop()
  })
})

describe('putComment', () => {
  const key = wallKeys.comments(viewer, 'p1')

  it('adds a new comment at the end of a loaded thread', () => {
    const client = newClient()
    client.setQueryData(key, [comment({ id: 'c1', postId: 'p1' })])

    putComment(client, viewer, comment({ id: 'c2', postId: 'p1' }))

    expect(
      client.getQueryData<ReturnType<typeof comment>[]>(key)?.map((c) => c.data.idCmtEmet),
    ).toEqual(['c1', 'c2'])
  })

  it('replaces a comment the thread already holds, in place', () => {
    const client = newClient()
    client.setQueryData(key, [
      comment({ id: 'c1', postId: 'p1' }),
      comment({ id: 'c2', postId: 'p1' }),
    ])

    putComment(client, viewer, comment({ id: 'c1', postId: 'p1', text: 'edited' }))

    const thread = client.getQueryData<ReturnType<typeof comment>[]>(key)
    expect(thread?.map((c) => c.data.cmt)).toEqual(['edited', 'Comment c2'])
  })

  it('leaves a thread that is not loaded unloaded', () => {
    const client = newClient()
    putComment(client, viewer, comment({ id: 'c1', postId: 'p1' }))
    expect(client.getQueryData(key)).toBeUndefined()
  })

  const carrying = (c: ReturnType<typeof comment>, fileDocName: string) => ({
    ...c,
    type: '1' as const,
    data: { ...c.data, fileDocName },
  })

  it('reads a thread again when it was on its way: its first answer predates the comment', async () => {
    const client = newClient()
    const stored = [comment({ id: 'c1', postId: 'p1' })]
    const server = heldFirstRead(() => [...stored])
    const stop = new QueryObserver(client, { queryKey: key, queryFn: server.read }).subscribe(
      () => undefined,
    )
    await vi.waitFor(() => expect(server.reads()).toBe(1))

    const mine = comment({ id: 'c2', postId: 'p1' })
    stored.push(mine)
    putComment(client, viewer, mine)
    server.release()

    await vi.waitFor(() =>
      expect(
        client.getQueryData<ReturnType<typeof comment>[]>(key)?.map((c) => c.data.idCmtEmet),
      ).toEqual(['c1', 'c2']),
    )
    expect(server.reads()).toBe(2)
    stop()
  })

  it("makes the post's strip read its files again, even when its first read is on its way", async () => {
    const client = newClient()
    const filesKey = wallKeys.files(viewer, 'p1')
    const files = ['photo___1.png']
    const server = heldFirstRead(() => [...files])
    const stop = new InfiniteQueryObserver(client, {
      queryKey: filesKey,
      queryFn: server.read,
      initialPageParam: 0,
      getNextPageParam: () => undefined,
    }).subscribe(() => undefined)
    await vi.waitFor(() => expect(server.reads()).toBe(1))

    files.push('minutes___2.pdf')
    putComment(client, viewer, carrying(comment({ id: 'c2', postId: 'p1' }), 'minutes___2.pdf'))
    server.release()

    await vi.waitFor(() =>
      expect(client.getQueryData<{ pages: string[][] }>(filesKey)?.pages).toEqual([
        ['photo___1.png', 'minutes___2.pdf'],
      ]),
    )
    // A quiz is no file: the strip is not read for it.
    putComment(client, viewer, carrying(comment({ id: 'c3', postId: 'p1' }), 'Q_____q1.poll'))
    expect(server.reads()).toBe(2)
    stop()
  })
})
