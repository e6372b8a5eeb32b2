import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MongoClient } from 'mongodb'
import { afterAll, describe, expect, it } from 'vitest'
import { startEmbeddedDatabase } from './embedded.js'
import { testDatabaseName } from './database-name.js'

describe('startEmbeddedDatabase', () => {
  const dbName = testDatabaseName('embedded')
  let dataDir = ''
  afterAll(async () => {
    if (dataDir !== '') await rm(dataDir, { recursive: true, force: true })
  })

  it('keeps its data in dataDir across restarts', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'palabre-embedded-'))
    const first = await startEmbeddedDatabase({ dataDir })
    const writer = new MongoClient(first.uri)
    await writer.db(dbName).collection('notes').insertOne({ text: 'kept' })
    await writer.close()
    await first.stop()

    const second = await startEmbeddedDatabase({ dataDir })
    expect(second.engine).toBe(first.engine)
    const reader = new MongoClient(second.uri)
    const found = await reader
      .db(dbName)
      .collection('notes')
      .findOne({}, { projection: { _id: 0 } })
    await reader.db(dbName).dropDatabase()
    await reader.close()
    await second.stop()
    expect(found).toEqual({ text: 'kept' })

    const engineDir = { ferretdb: 'ferretdb', mongod: 'mongod' }
    if (second.engine !== 'mongodb-external') {
      // The files are where the run command's data folder says, not in a temp folder.
      expect(await readdir(join(dataDir, engineDir[second.engine]))).not.toEqual([])
    }
  })
})
