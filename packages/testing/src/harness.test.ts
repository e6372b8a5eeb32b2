import { MongoClient } from 'mongodb'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { useTestDatabase } from './database.js'

const db = useTestDatabase()
const client = new MongoClient(db.uri)
afterAll(() => client.close())

describe('the test database', () => {
  it('is named after this file and unique to this run', () => {
    expect(db.dbName).toMatch(/^t_harness_[0-9a-f]{8}$/)
    expect(db.uri).toContain(`/${db.dbName}`)
  })

  it('round-trips a document', async () => {
    const notes = client.db().collection<{ text: string; at: Date }>('notes')
    const at = new Date('2024-05-01T10:00:00Z')
    const { insertedId } = await notes.insertOne({ text: 'dejà vu', at })
    const found = await notes.findOne({ _id: insertedId })
    expect(found).toEqual({ _id: insertedId, text: 'dejà vu', at })
  })

  it('is the database the uri names', async () => {
    expect(client.db().databaseName).toBe(db.dbName)
    const names = (await client.db().admin().listDatabases()).databases.map((d) => d.name)
    expect(names).toContain(db.dbName)
  })

  it('says which engine the run uses', () => {
    expect(['mongodb-external', 'mongod', 'ferretdb']).toContain(inject('mongoEngine'))
  })
})
