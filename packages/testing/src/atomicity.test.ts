// The engine under every test must apply concurrent writes to one document one after another,
// as MongoDB does. FerretDB 1.x did not (40 concurrent $inc left 10, a guarded update let 36 of
// 40 through a limit of 5, 20 $addToSet kept 2), and the product's limits and counters with it.
// These run against whatever engine the harness picked; docs/database-engine.md has the figures.
import { MongoClient } from 'mongodb'
import { afterAll, describe, expect, it } from 'vitest'
import { useTestDatabase } from './database.js'

const db = useTestDatabase()
const client = new MongoClient(db.uri, { maxPoolSize: 50 })
const database = client.db()
afterAll(() => client.close())

const together = <T>(count: number, work: (i: number) => Promise<T>): Promise<T[]> =>
  Promise.all(Array.from({ length: count }, (_, i) => work(i)))

describe('the engine is atomic per document', () => {
  it('applies 40 concurrent $inc on one document: n = 40', async () => {
    const counters = database.collection<{ _id: string; n: number }>('counters')
    await counters.insertOne({ _id: 'one', n: 0 })
    await together(40, () => counters.updateOne({ _id: 'one' }, { $inc: { n: 1 } }))
    expect((await counters.findOne({ _id: 'one' }))?.n).toBe(40)
  })

  it('lets exactly 5 of 40 concurrent guarded updates through a limit of 5', async () => {
    const codes = database.collection<{ _id: string; tries: number }>('codes')
    await codes.insertOne({ _id: 'otp', tries: 0 })
    const passed = await together(40, () =>
      codes.findOneAndUpdate(
        { _id: 'otp', tries: { $lt: 5 } },
        { $inc: { tries: 1 } },
        { returnDocument: 'after' },
      ),
    )
    expect(passed.filter((doc) => doc !== null)).toHaveLength(5)
    expect((await codes.findOne({ _id: 'otp' }))?.tries).toBe(5)
  })

  it('keeps all 20 concurrent $addToSet on one array', async () => {
    const groups = database.collection<{ _id: string; members: string[] }>('groups')
    await groups.insertOne({ _id: 'folder', members: [] })
    await together(20, (i) =>
      groups.updateOne({ _id: 'folder' }, { $addToSet: { members: `member-${i}` } }),
    )
    expect((await groups.findOne({ _id: 'folder' }))?.members).toHaveLength(20)
  })
})
