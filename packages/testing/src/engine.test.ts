import { connect } from 'node:net'
import { MongoClient } from 'mongodb'
import { describe, expect, it } from 'vitest'
import { startTestDatabase } from './engine.js'
import { pingOnce } from './server-info.js'

const portOf = (uri: string): number => Number(new URL(uri).port || 27017)

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

describe('startTestDatabase', () => {
  it('starts a server that stores documents, and stop() ends what it started', async () => {
    const database = await startTestDatabase()
    expect(['mongodb-external', 'mongod', 'ferretdb']).toContain(database.engine)
    expect(database.version).not.toBe('')

    const client = new MongoClient(database.uri)
    const items = client.db('engine_check').collection<{ n: number }>('items')
    await items.insertOne({ n: 1 })
    expect(await items.countDocuments({ n: 1 })).toBeGreaterThanOrEqual(1)
    await client.db('engine_check').dropDatabase()
    await client.close()

    await database.stop()
    if (database.engine === 'mongodb-external') {
      // MONGO_URL's server belongs to someone else: stop() must leave it running.
      expect(await pingOnce(database.uri)).toBe(true)
    } else {
      expect(await canConnect(portOf(database.uri))).toBe(false)
      expect(await pingOnce(database.uri, 300)).toBe(false)
    }
  })
})
