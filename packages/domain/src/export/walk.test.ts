// The walks of the exports (docs/export.md, "Streaming"): every document once, in order, even
// when the server drops the cursor between two batches; and a person's posts each once while
// new activity moves them during the walk.
import type { mongo } from 'mongoose'
import { describe, expect, it } from 'vitest'
import { useDomainScene } from '../testing/domain-scene.js'
import { inBatches, keysetAfter, walk } from './walk.js'

const ann = { phone: '33600000001', name: 'Ann' }
const bob = { phone: '33600000002', name: 'Bob' }
const scene = useDomainScene({ acquainted: [ann, bob] })

/** A collection whose first cursor fails as a dropped cursor does, after `after` documents. */
const droppingOnce = (real: mongo.Collection, after: number) => {
  let dropped = false
  let opened = 0
  return {
    get opened() {
      return opened
    },
    collection: {
      find(filter: mongo.Document, options: mongo.FindOptions) {
        opened++
        const cursor = real.find(filter, options)
        if (dropped) return cursor
        dropped = true
        let given = 0
        return {
          async *[Symbol.asyncIterator]() {
            for await (const doc of cursor) {
              if (given++ === after)
                throw Object.assign(new Error('cursor id 42 not found'), {
                  code: 43,
                  codeName: 'CursorNotFound',
                })
              yield doc
            }
          },
          close: () => cursor.close(),
        }
      },
    },
  }
}

describe('a walk', () => {
  it('reads on after a dropped cursor from where it was, ties in the first key included', async () => {
    const real = scene.connection.collection('walk_rows')
    // Ten rows, three to a `group`: the sort's first key has ties the second one breaks.
    await real.insertMany(
      Array.from({ length: 10 }, (_, i) => ({ _id: `r${i}` as never, group: Math.floor(i / 3) })),
    )
    const source = droppingOnce(real as never, 4)
    const read: string[] = []
    for await (const row of walk<{ _id: string }>(
      source,
      {},
      [
        ['group', -1],
        ['_id', 1],
      ],
      { batchSize: 2 },
    ))
      read.push(row._id)
    expect(read).toEqual(['r9', 'r6', 'r7', 'r8', 'r3', 'r4', 'r5', 'r0', 'r1', 'r2'])
    expect(source.opened).toBe(2)
  })

  it('passes on any other failure', async () => {
    const failing = {
      collection: {
        find: () => ({
          // eslint-disable-next-line require-yield
          async *[Symbol.asyncIterator]() {
            throw new Error('the database is down')
          },
          close: async () => undefined,
        }),
      },
    }
    await expect(async () => {
      for await (const _ of walk(failing, {}, [['_id', 1]])) void _
    }).rejects.toThrow('the database is down')
  })

  it('states what comes after a document in each direction', () => {
    expect(
      keysetAfter(
        [
          ['a', 1],
          ['b', -1],
        ],
        { a: 1, b: 'x' },
      ),
    ).toEqual({ $or: [{ a: { $gt: 1 } }, { a: 1, b: { $lt: 'x' } }] })
  })

  it('groups in batches, the last one short', async () => {
    async function* five() {
      yield* [1, 2, 3, 4, 5]
    }
    const batches: number[][] = []
    for await (const batch of inBatches(five(), 2)) batches.push(batch)
    expect(batches).toEqual([[1, 2], [3, 4], [5]])
  })
})

describe("a person's posts", () => {
  it('come each once, newest first, though activity moves them during the walk', async () => {
    const { domain } = scene
    for (let i = 0; i < 120; i++)
      await domain.posts.send(ann, {
        idPostEmet: `p${String(i).padStart(3, '0')}`,
        text: `post ${i}`,
        typePoste: '0',
        destinataires: [bob],
        groups: [],
      })
    const seen: string[] = []
    let moved = false
    for await (const { post } of domain.exports.person.posts(ann.phone)) {
      seen.push(post.idPostEmet)
      // Half-way, a comment moves an older post not read yet to the top of the wall.
      if (!moved && seen.length === 60) {
        moved = true
        await domain.comments.add(bob, {
          idPostEmet: 'p005',
          idCmtEmet: 'c-move',
          cmt: 'moves it',
          image: '',
          fileDocName: '',
          type: '3',
        })
      }
    }
    expect(seen).toHaveLength(120)
    expect(new Set(seen).size).toBe(120)
    expect(seen).toContain('p005')
  })
})
