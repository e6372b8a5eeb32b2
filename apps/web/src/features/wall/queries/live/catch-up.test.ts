import type { PostData, SyncAnswer } from '@palabre/contracts'
import { QueryObserver, type QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { wallKeys } from '../keys'
import type { WallScope } from '../../model/types'
import { catchUp, highestSeq } from './catch-up'
import {
  bob,
  ids,
  invalidated,
  jsonResponse,
  newClient,
  post,
  posts,
  stubFetch,
  viewer,
} from '../wall.test-support'

const general: WallScope = { kind: 'general' }
const firstPage = wallKeys.page(viewer, general, '', 0)
const secondPage = wallKeys.page(viewer, general, '', 1)

let client: QueryClient

/** Stubs GET /api/sync with this answer; returns the fetch mock. */
const syncAnswers = (answer: SyncAnswer) =>
  stubFetch((url) =>
    url.startsWith('/api/sync?')
      ? jsonResponse(answer)
      : jsonResponse({ error: { code: 'not_found', message: 'nope' } }, 404),
  )

const withMark = (p: PostData, delivred: 2 | 4): PostData => ({
  ...p,
  delivred,
  data: { ...p.data, text: `${p.data.text} (marked)` },
})

beforeEach(() => {
  client = newClient()
  // p0..p9 on the first page (10:00 + 100..91 minutes), p10..p19 on the second (90..81).
  client.setQueryData(firstPage, posts(10))
  client.setQueryData(secondPage, posts(10, 10))
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('highestSeq', () => {
  it('is the highest change sequence of the posts the tab holds', () => {
    expect(highestSeq(client, viewer)).toBe(20)
    client.setQueryData(wallKeys.post(viewer, 'single'), post({ id: 'single', seq: 57 }))
    expect(highestSeq(client, viewer)).toBe(57)
  })

  it('is 0 when the tab holds nothing', () => {
    expect(highestSeq(newClient(), viewer)).toBe(0)
  })
})

describe('catchUp', () => {
  it('asks for the changes since the sequence given and returns the next one', async () => {
    const fetchMock = syncAnswers({ seq: 42, posts: [] })

    await expect(catchUp(client, viewer, 20)).resolves.toBe(42)

    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/sync?since=20')
  })

  it('never goes back to an earlier sequence', async () => {
    syncAnswers({ seq: 12, posts: [] })
    await expect(catchUp(client, viewer, 20)).resolves.toBe(20)
  })

  it('keeps the sequence when the server cannot answer, and still refetches', async () => {
    stubFetch(() => jsonResponse({ error: { code: 'internal', message: 'down' } }, 500))

    await expect(catchUp(client, viewer, 20)).resolves.toBe(20)

    expect(ids(client.getQueryData(firstPage))).toEqual(ids(posts(10)))
    expect(invalidated(client, firstPage)).toBe(true)
  })

  it('moves a known post to the top when its last activity changed', async () => {
    const p5 = post({ id: 'p5', minute: 300, seq: 30, totalcmt: 1 })
    syncAnswers({ seq: 30, posts: [p5] })

    await catchUp(client, viewer, 20)

    const page = client.getQueryData<PostData[]>(firstPage)
    expect(ids(page)).toEqual(['p5', 'p0', 'p1', 'p2', 'p3', 'p4', 'p6', 'p7', 'p8', 'p9'])
    expect(page?.[0]?.data.totalcmt).toBe(1)
    expect(page?.[0]?.seq).toBe(30)
  })

  it('updates a known post in place when only its marks changed', async () => {
    const before = client.getQueryData<PostData[]>(firstPage)?.[3]
    if (!before) throw new Error('no post')
    syncAnswers({ seq: 30, posts: [withMark({ ...before, seq: 30 }, 4)] })

    await catchUp(client, viewer, 20)

    const page = client.getQueryData<PostData[]>(firstPage)
    expect(ids(page)).toEqual(ids(posts(10)))
    expect(page?.[3]?.delivred).toBe(4)
    expect(page?.[3]?.seq).toBe(30)
  })

  it('does not bring an older known post to the first page when only its marks changed', async () => {
    const p15 = client.getQueryData<PostData[]>(secondPage)?.[5]
    if (!p15) throw new Error('no post')
    syncAnswers({ seq: 30, posts: [withMark({ ...p15, seq: 30 }, 2)] })

    await catchUp(client, viewer, 20)

    expect(ids(client.getQueryData(firstPage))).toEqual(ids(posts(10)))
    const later = client.getQueryData<PostData[]>(secondPage)
    expect(ids(later)).toEqual(ids(posts(10, 10)))
    expect(later?.[5]?.delivred).toBe(2)
  })

  it('places an unknown post more recent than anything held on top', async () => {
    syncAnswers({ seq: 30, posts: [post({ id: 'new', minute: 200, seq: 30 })] })

    await catchUp(client, viewer, 20)

    expect(ids(client.getQueryData(firstPage))).toEqual(['new', ...ids(posts(9))])
  })

  it('does not place an unknown post older than what is held', async () => {
    // Older than p0 (the most recent held), e.g. an old post whose marks changed.
    syncAnswers({ seq: 30, posts: [post({ id: 'old', minute: 95, seq: 30 })] })

    await catchUp(client, viewer, 20)

    expect(ids(client.getQueryData(firstPage))).toEqual(ids(posts(10)))
    expect(ids(client.getQueryData(secondPage))).toEqual(ids(posts(10, 10)))
  })

  it('ends with the latest activity on top (the answer is latest first)', async () => {
    syncAnswers({
      seq: 33,
      posts: [
        post({ id: 'newest', minute: 300, seq: 33 }),
        post({ id: 'p7', minute: 250, seq: 32 }),
        post({ id: 'newer', minute: 200, seq: 31 }),
      ],
    })

    await catchUp(client, viewer, 20)

    expect(ids(client.getQueryData(firstPage))).toEqual([
      'newest',
      'p7',
      'newer',
      'p0',
      'p1',
      'p2',
      'p3',
      'p4',
      'p5',
      'p6',
    ])
  })

  it('merges a post that comes again by id, without doubling it', async () => {
    const again = post({ id: 'new', minute: 200, seq: 30 })
    syncAnswers({ seq: 30, posts: [again] })
    await catchUp(client, viewer, 20)
    syncAnswers({ seq: 31, posts: [{ ...again, seq: 31 }] })

    await catchUp(client, viewer, 30)

    const page = client.getQueryData<PostData[]>(firstPage)
    expect(ids(page).filter((id) => id === 'new')).toHaveLength(1)
    expect(page?.[0]?.seq).toBe(31)
  })

  it('takes a post from everywhere when the tab holds nothing', async () => {
    const empty = newClient()
    empty.setQueryData(firstPage, [])
    syncAnswers({ seq: 5, posts: [post({ id: 'b', minute: 2 }), post({ id: 'a', minute: 1 })] })

    await expect(catchUp(empty, viewer, 0)).resolves.toBe(5)

    expect(ids(empty.getQueryData(firstPage))).toEqual(['b', 'a'])
  })

  it('invalidates every wall query of the user when more changed than one answer holds', async () => {
    const keys = [
      firstPage,
      secondPage,
      wallKeys.count(viewer, general, ''),
      wallKeys.groups(viewer),
      wallKeys.comments(viewer, 'p1'),
      wallKeys.post(viewer, 'p1'),
      wallKeys.contacts(viewer, ''),
    ]
    client.setQueryData(keys[2] ?? [], 20)
    client.setQueryData(keys[3] ?? [], [])
    client.setQueryData(keys[4] ?? [], [])
    client.setQueryData(keys[5] ?? [], post({ id: 'p1' }))
    client.setQueryData(keys[6] ?? [], [])
    const ofBob = wallKeys.page(bob, general, '', 0)
    client.setQueryData(ofBob, [])
    syncAnswers({ seq: 99, posts: [], hasMore: true })

    await expect(catchUp(client, viewer, 20)).resolves.toBe(99)

    for (const key of keys) expect([key, invalidated(client, key)]).toEqual([key, true])
    expect(invalidated(client, ofBob)).toBe(false)
  })

  it('refetches the queries on screen and recounts', async () => {
    const fresh = [post({ id: 'fresh', minute: 400 })]
    const queryFn = vi.fn(() => Promise.resolve(fresh))
    const observer = new QueryObserver<PostData[]>(client, {
      queryKey: firstPage,
      queryFn,
      staleTime: Infinity,
    })
    const unsubscribe = observer.subscribe(() => undefined)
    const countKey = wallKeys.count(viewer, general, '')
    client.setQueryData(countKey, 20)
    syncAnswers({ seq: 21, posts: [] })

    await catchUp(client, viewer, 20)

    expect(queryFn).toHaveBeenCalledTimes(1)
    expect(ids(client.getQueryData(firstPage))).toEqual(['fresh'])
    expect(invalidated(client, countKey)).toBe(true)
    unsubscribe()
  })
})
