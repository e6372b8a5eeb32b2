import type { PostData } from '@palabre/contracts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { wallKeys } from '../keys'
import { trackRecentArrivals } from './recent-arrivals'
import { alice, flush, ids, newClient, post, posts, viewer } from '../wall.test-support'

const general = { kind: 'general' } as const
const firstPage = wallKeys.page(viewer, general, '', 0)

let client = newClient()
let tracker = trackRecentArrivals(client, viewer)

beforeEach(() => {
  client = newClient()
  tracker = trackRecentArrivals(client, viewer)
})
afterEach(() => tracker.stop())

/** A page as the server answers it: through a fetch, not set by hand. */
const answer = (key: readonly unknown[], list: PostData[]) =>
  client.fetchQuery({ queryKey: key, queryFn: () => Promise.resolve(list) })

describe('recent arrivals', () => {
  it('puts a post that came by event back into a first page read without it', async () => {
    const arrived = post({ id: 'fresh', from: alice, minute: 200 })
    tracker.note(arrived)
    await answer(firstPage, posts(10))
    await flush()
    const page = client.getQueryData<PostData[]>(firstPage)
    expect(ids(page)).toEqual(['fresh', ...ids(posts(9))])
  })

  it('leaves a page that already holds it as it is', async () => {
    const arrived = post({ id: 'p0', from: alice, minute: 100 })
    tracker.note(arrived)
    await answer(firstPage, posts(10))
    await flush()
    expect(ids(client.getQueryData<PostData[]>(firstPage))).toEqual(ids(posts(10)))
  })

  it('touches neither later pages nor searches, where its place is not known', async () => {
    tracker.note(post({ id: 'fresh', from: alice, minute: 200 }))
    const second = wallKeys.page(viewer, general, '', 1)
    const searched = wallKeys.page(viewer, general, 'word', 0)
    await answer(second, posts(10, 10))
    await answer(searched, posts(2))
    await flush()
    expect(ids(client.getQueryData<PostData[]>(second))).toEqual(ids(posts(10, 10)))
    expect(ids(client.getQueryData<PostData[]>(searched))).toEqual(ids(posts(2)))
  })

  it('puts it only into the scopes it belongs to', async () => {
    tracker.note(post({ id: 'fresh', from: alice, minute: 200 }))
    const folderPage = wallKeys.page(viewer, { kind: 'folder', idGroup: 'g1', name: 'G' }, '', 0)
    await answer(folderPage, [])
    await flush()
    expect(client.getQueryData<PostData[]>(folderPage)).toEqual([])
  })
})
