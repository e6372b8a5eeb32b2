import { describe, expect, it } from 'vitest'
import type { WallScope } from '../model/types'
import { wallKeys } from './keys'
import { newComment } from './sending/new-comment'
import { newPost } from './sending/new-post'
import { cachedPostViews, findPostView, unsentComments, unsentPosts } from './view-lookups'
import { toPostView } from './view-models'
import { alice, bob, newClient, post, profile, viewer } from './wall.test-support'

const general: WallScope = { kind: 'general' }
const withAlice: WallScope = { kind: 'contact', phone: alice, name: 'Alice', registered: true }
const toAlice = (id: string) =>
  newPost(profile, { text: id, contacts: [{ name: 'Alice', phone: alice }], folders: [] }, id)
const toBob = (id: string) =>
  newPost(profile, { text: id, contacts: [{ name: 'Bob', phone: bob }], folders: [] }, id)

describe('findPostView and cachedPostViews', () => {
  it('read the posts the cache holds as view models', () => {
    const client = newClient()
    const held = post({ id: 'a', from: alice })
    client.setQueryData(wallKeys.page(viewer, general, '', 0), [held, post({ id: 'b' })])

    expect(findPostView(client, viewer, 'a')).toBe(toPostView(held))
    expect(findPostView(client, viewer, 'a')?.data.author.phone).toBe(alice)
    expect(findPostView(client, viewer, 'zzz')).toBeUndefined()
    expect(cachedPostViews(client, viewer).map((p) => p.data.idPostEmet)).toEqual(['a', 'b'])
  })
})

describe('unsentPosts and unsentComments', () => {
  it("keep the outbox's posts of a scope and the comments of a post, in the order written", () => {
    const comment = (id: string, on: string) => newComment(profile, post({ id: on }), id, { id })
    const items = [toAlice('p1'), comment('c1', 'p1'), toBob('p2'), comment('c2', 'p9')]
    const firstAlice = items[0]
    if (firstAlice?.kind !== 'post') throw new Error('expected a post')

    expect(unsentPosts(items, general, viewer).map((p) => p.data.idPostEmet)).toEqual(['p1', 'p2'])
    expect(unsentPosts(items, withAlice, viewer).map((p) => p.data.idPostEmet)).toEqual(['p1'])
    expect(unsentPosts(items, general, viewer)[0]).toBe(toPostView(firstAlice.view))
    expect(unsentPosts(items, general, viewer)[0]?.sendState).toBe('pending')
    expect(unsentComments(items, 'p1').map((c) => [c.data.idCmtEmet, c.data.author.phone])).toEqual(
      [['c1', viewer]],
    )
  })
})
