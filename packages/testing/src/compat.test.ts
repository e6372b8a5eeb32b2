// The MongoDB operations our domain relies on, run against whatever engine the harness picked
// (FerretDB 2 + DocumentDB on our machines, a mongod where one can be had). A failure here names an unsupported feature.
import { MongoClient, MongoServerError, ObjectId } from 'mongodb'
import { afterAll, describe, expect, it } from 'vitest'
import { useTestDatabase } from './database.js'

const db = useTestDatabase()
const client = new MongoClient(db.uri)
const database = client.db()
afterAll(() => client.close())

const errorCode = async (work: Promise<unknown>): Promise<unknown> =>
  work.then(
    () => 'no error',
    (error: unknown) => (error instanceof MongoServerError ? error.code : String(error)),
  )

describe('operations the domain needs', () => {
  it('enforces a unique index, also a compound one (duplicate key: code 11000)', async () => {
    const users = database.collection('users')
    await users.createIndex({ phone: 1 }, { unique: true })
    await users.insertOne({ phone: '33612345678' })
    expect(await errorCode(users.insertOne({ phone: '33612345678' }))).toBe(11000)

    const entries = database.collection('inbox')
    await entries.createIndex({ post: 1, phone: 1 }, { unique: true })
    await entries.insertOne({ post: 1, phone: 'a' })
    await entries.insertOne({ post: 1, phone: 'b' })
    expect(await errorCode(entries.insertOne({ post: 1, phone: 'a' }))).toBe(11000)
    const names = (await entries.indexes()).map((index) => index.name)
    expect(names).toContain('post_1_phone_1')
  })

  it('upserts with findOneAndUpdate, $setOnInsert and $inc', async () => {
    const counters = database.collection<{ _id: string; seq: number; createdAt?: Date }>('counters')
    const createdAt = new Date('2024-01-01T00:00:00Z')
    const bump = () =>
      counters.findOneAndUpdate(
        { _id: 'phone-1' },
        { $inc: { seq: 1 }, $setOnInsert: { createdAt } },
        { upsert: true, returnDocument: 'after' },
      )
    expect(await bump()).toEqual({ _id: 'phone-1', seq: 1, createdAt })
    expect(await bump()).toEqual({ _id: 'phone-1', seq: 2, createdAt })
    await counters.updateOne({ _id: 'phone-1' }, { $inc: { seq: -2 } })
    expect((await counters.findOne({ _id: 'phone-1' }))?.seq).toBe(0)
  })

  it('runs a bulkWrite of inserts, upserts, updates and deletes', async () => {
    const marks = database.collection<{ _id: number; state: number; unread?: number }>('marks')
    const result = await marks.bulkWrite(
      [
        { insertOne: { document: { _id: 1, state: 1 } } },
        { insertOne: { document: { _id: 2, state: 1 } } },
        { updateOne: { filter: { _id: 3 }, update: { $set: { state: 1 } }, upsert: true } },
        {
          updateMany: { filter: { state: 1 }, update: { $set: { state: 2 }, $inc: { unread: 1 } } },
        },
        { deleteOne: { filter: { _id: 2 } } },
      ],
      { ordered: true },
    )
    expect(result.insertedCount).toBe(2)
    expect(result.upsertedCount).toBe(1)
    expect(result.modifiedCount).toBe(3)
    expect(result.deletedCount).toBe(1)
    expect(await marks.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
      { _id: 1, state: 2, unread: 1 },
      { _id: 3, state: 2, unread: 1 },
    ])
  })

  it('pages with sort, skip and limit, and counts', async () => {
    const posts = database.collection<{ n: number; at: Date }>('posts')
    await posts.createIndex({ at: -1 })
    await posts.insertMany(
      Array.from({ length: 25 }, (_, n) => ({ n, at: new Date(Date.UTC(2024, 0, 1, 0, n)) })),
    )
    const page = await posts.find({}, { sort: { at: -1 }, skip: 10, limit: 10 }).toArray()
    expect(page.map((post) => post.n)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5])
    expect(await posts.countDocuments({ n: { $gte: 20 } })).toBe(5)
  })

  it('matches a case-insensitive regex, literal special characters included', async () => {
    const contacts = database.collection<{ name: string }>('contacts')
    await contacts.insertMany([
      { name: 'Émile Dupont' },
      { name: 'emile (bureau)' },
      { name: 'EMILE' },
      { name: 'Lucas' },
    ])
    const found = await contacts.find({ name: { $regex: 'emile', $options: 'i' } }).toArray()
    expect(found.map((c) => c.name).sort()).toEqual(['EMILE', 'emile (bureau)'])
    const literal = await contacts.find({ name: /\(BUREAU\)/i }).toArray()
    expect(literal.map((c) => c.name)).toEqual(['emile (bureau)'])
  })

  it('reads by $in on ids and edits sets with $addToSet and $pull', async () => {
    const groups = database.collection<{ _id: ObjectId; members: string[] }>('groups')
    const ids = [new ObjectId(), new ObjectId(), new ObjectId()]
    await groups.insertMany(ids.map((_id) => ({ _id, members: ['a'] })))
    await groups.updateOne({ _id: ids[0] }, { $addToSet: { members: 'b' } })
    await groups.updateOne({ _id: ids[0] }, { $addToSet: { members: 'b' } })
    await groups.updateOne({ _id: ids[1] }, { $pull: { members: 'a' } })
    const read = await groups
      .find({ _id: { $in: ids.slice(0, 2) } }, { sort: { _id: 1 } })
      .toArray()
    expect(read.map((g) => g.members)).toEqual([['a', 'b'], []])
  })

  it('aggregates with $match, $group and $sort', async () => {
    const receipts = database.collection<{ post: number; seen: boolean }>('receipts')
    await receipts.insertMany([
      { post: 1, seen: true },
      { post: 1, seen: false },
      { post: 2, seen: false },
      { post: 2, seen: false },
    ])
    const unseen = await receipts
      .aggregate<{ _id: number; count: number }>([
        { $match: { seen: false } },
        { $group: { _id: '$post', count: { $sum: 1 } } },
        { $sort: { _id: 1 } },
      ])
      .toArray()
    expect(unseen).toEqual([
      { _id: 1, count: 1 },
      { _id: 2, count: 2 },
    ])
  })
})
