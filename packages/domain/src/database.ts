import mongoose from 'mongoose'
import type { Connection } from 'mongoose'

// Never query on fields a schema does not declare. Request values reach filters only after the
// contracts' zod schemas turned them into plain strings and numbers, so no client object can
// become a query operator ({$gt: ''} as a password, say); `sanitizeFilter` would also wrap our
// own `$in`/`$gt` filters and is therefore not used.
mongoose.set('strictQuery', true)

export interface DatabaseOptions {
  uri: string
  dbName?: string
}

/**
 * One connection per process (or per test file). Models are registered on the connection, not
 * on the global mongoose, so several databases can live side by side in one test run.
 */
export const connectDatabase = async ({ uri, dbName }: DatabaseOptions): Promise<Connection> => {
  const connection = mongoose.createConnection(uri, {
    ...(dbName ? { dbName } : {}),
    autoIndex: true,
    serverSelectionTimeoutMS: 10_000,
  })
  await connection.asPromise()
  return connection
}

/** True when the database answers a ping. */
export const isDatabaseUp = async (connection: Connection): Promise<boolean> => {
  try {
    if (connection.readyState !== mongoose.ConnectionStates.connected || !connection.db)
      return false
    await connection.db.admin().command({ ping: 1 })
    return true
  } catch {
    return false
  }
}
