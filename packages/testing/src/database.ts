import { MongoClient } from 'mongodb'
import { afterAll, expect, inject } from 'vitest'
import { testDatabaseName, withDatabaseName } from './database-name.js'
import './provided-context.js'

export interface TestDatabase {
  /** Unique to this test file and this run. */
  dbName: string
  /** Connection string naming dbName: `mongoose.createConnection(uri)` or `(uri, { dbName })`. */
  uri: string
  /** The server without a database name. */
  serverUri: string
}

/**
 * Call once at the top of a test file: gives the file its own database on the server the
 * global setup started, and drops it after the file's last test, so files never share data.
 */
export function useTestDatabase(): TestDatabase {
  const serverUri = inject('mongoUri')
  if (typeof serverUri !== 'string' || serverUri === '') {
    throw new Error(
      'No test database: use defineNodeTestConfig({ database: true }) in this vitest.config.ts',
    )
  }
  const dbName = testDatabaseName(expect.getState().testPath)
  afterAll(async () => {
    const client = new MongoClient(serverUri, { serverSelectionTimeoutMS: 10_000 })
    try {
      await client.db(dbName).dropDatabase()
    } finally {
      await client.close()
    }
  })
  return { dbName, uri: withDatabaseName(serverUri, dbName), serverUri }
}
