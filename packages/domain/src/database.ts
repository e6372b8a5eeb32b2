import mongoose from 'mongoose'
import type { Connection, Model, mongo } from 'mongoose'

// Never query on fields a schema does not declare. Request values reach filters only after the
// contracts' zod schemas turned them into plain strings and numbers, so no client object can
// become a query operator ({$gt: ''} as a password, say); `sanitizeFilter` would also wrap our
// own `$in`/`$gt` filters and is therefore not used.
mongoose.set('strictQuery', true)

export interface DatabaseOptions {
  uri: string
  dbName?: string
  /**
   * How long an operation may wait for the database before it fails as unavailable (finding a
   * server, connecting, or a server that stopped answering): calls then answer 503 within
   * seconds instead of hanging, and the driver reconnects by itself when the database returns
   * (docs/operations.md, "Database outages"). 3 s by default.
   */
  timeoutMs?: number
  /**
   * Told of every command the driver sends and how long its answer took (the driver's command
   * monitoring, on only when this is given): the servers' metrics (docs/operations.md, "Metrics").
   */
  onCommand?: (timing: CommandTiming) => void
}

/** One database command as the driver's command monitoring saw it. */
export interface CommandTiming {
  /** The command's name: find, insert, update, aggregate, getMore… */
  command: string
  seconds: number
  failed: boolean
}

export const DEFAULT_DATABASE_TIMEOUT_MS = 3_000
/**
 * Tests share two cores between many servers: an answer may take seconds there without any
 * outage. Their connections wait longer; the outage tests set their own short limit.
 */
export const TEST_DATABASE_TIMEOUT_MS = 30_000

/**
 * One connection per process (or per test file). Models are registered on the connection, not
 * on the global mongoose, so several databases can live side by side in one test run.
 */
export const connectDatabase = async ({
  uri,
  dbName,
  timeoutMs = DEFAULT_DATABASE_TIMEOUT_MS,
  onCommand,
}: DatabaseOptions): Promise<Connection> => {
  const connection = mongoose.createConnection(uri, {
    ...(dbName ? { dbName } : {}),
    // Indexes are built once, in order, by syncIndexes: mongoose's automatic builds would run
    // beside it, and concurrent index builds deadlock on FerretDB.
    autoIndex: false,
    serverSelectionTimeoutMS: timeoutMs,
    connectTimeoutMS: timeoutMs,
    socketTimeoutMS: timeoutMs,
    // Fail at once rather than queue while the connection is down.
    bufferCommands: false,
    ...(onCommand ? { monitorCommands: true } : {}),
  })
  if (onCommand) {
    // Mongoose repeats the client's command events on the connection.
    const timed =
      (failed: boolean) => (event: mongo.CommandSucceededEvent | mongo.CommandFailedEvent) =>
        onCommand({ command: event.commandName, seconds: event.duration / 1_000, failed })
    connection.on('commandSucceeded', timed(false))
    connection.on('commandFailed', timed(true))
  }
  await connection.asPromise()
  return connection
}

/** True when the database answers a ping within `withinMs` (1 s by default). */
export const isDatabaseUp = async (connection: Connection, withinMs = 1_000): Promise<boolean> => {
  if (connection.readyState !== mongoose.ConnectionStates.connected || !connection.db) return false
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<boolean>(
    (resolve) => (timer = setTimeout(() => resolve(false), withinMs)),
  )
  const ping = connection.db
    .admin()
    .command({ ping: 1 })
    .then(
      () => true,
      () => false,
    )
  try {
    return await Promise.race([ping, late])
  } finally {
    clearTimeout(timer)
  }
}

const UNAVAILABLE = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
])

/** Whether an error says the database could not be reached (as opposed to a bad operation). */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  for (let e = error as { name?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (typeof e.name === 'string' && UNAVAILABLE.has(e.name)) return true
    if (e === e.cause) break
  }
  return false
}

/** Whether a write failed on a unique index (MongoDB's code 11000): a racing or retried write. */
export const isDuplicateKey = (error: unknown): boolean =>
  (error as { code?: unknown })?.code === 11000

interface WriteErrors {
  writeErrors?: { code?: number; index?: number; err?: { code?: number; index?: number } }[]
}

/** Whether an unordered batch of inserts failed only on taken `_id`s (its others were written). */
export const isOnlyDuplicates = (error: unknown): boolean =>
  isDuplicateKey(error) ||
  ((error as WriteErrors).writeErrors?.every((e) => (e.code ?? e.err?.code) === 11000) ?? false)

/**
 * The positions in an unordered batch of inserts of those that failed on a taken `_id`, when
 * that was its only failure (the batch's other documents were written); null otherwise.
 */
export const duplicatePositions = (error: unknown, batchSize: number): Set<number> | null => {
  if (!isOnlyDuplicates(error)) return null
  const writeErrors = (error as WriteErrors).writeErrors
  if (writeErrors) return new Set(writeErrors.map((e) => e.index ?? e.err?.index ?? -1))
  // A single failure reported as itself: only a batch of one can say which it was.
  return batchSize === 1 ? new Set([0]) : null
}

/**
 * A model's collection as the driver serves it, typed by the model's documents: for the hot bulk
 * writes of documents whose shape is ours, where mongoose's casting of every operation would cost
 * a folder post's hundreds of updates more than the command's round trip.
 */
export const driverCollection = <T extends mongo.Document>(model: Model<T>): mongo.Collection<T> =>
  model.collection as unknown as mongo.Collection<T>
