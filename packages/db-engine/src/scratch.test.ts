import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MongoClient } from 'mongodb'
import { describe, expect, it } from 'vitest'
import { startScratchDatabase } from './scratch.js'
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

// The scratch folders this process holds (each run claims its folder with its pid).
const ourScratchFolders = (): string[] =>
  readdirSync(tmpdir())
    .filter((name) => name.startsWith('palabre-db-'))
    .filter((name) => {
      const owner = join(tmpdir(), name, 'owner.pid')
      return existsSync(owner) && readFileSync(owner, 'utf8').trim() === String(process.pid)
    })

describe('startScratchDatabase', () => {
  it('starts a server that stores documents, and stop() ends what it started', async () => {
    const database = await startScratchDatabase()
    expect(ourScratchFolders()).toHaveLength(1)
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
    expect(ourScratchFolders()).toEqual([])
  })

  it('removes the folder of a run that died without cleaning up, and keeps those of live runs', async () => {
    const dead = spawnSync('true').pid
    const abandoned = mkdtempSync(join(tmpdir(), 'palabre-db-'))
    writeFileSync(join(abandoned, 'owner.pid'), `${dead}\n`)
    const live = mkdtempSync(join(tmpdir(), 'palabre-db-'))
    writeFileSync(join(live, 'owner.pid'), `${process.ppid}\n`)

    const database = await startScratchDatabase()
    await database.stop()
    expect(existsSync(abandoned)).toBe(false)
    expect(existsSync(live)).toBe(true)
    rmSync(live, { recursive: true })
  })
})
