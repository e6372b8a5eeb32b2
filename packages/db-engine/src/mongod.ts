import { failMongodDownloadFast } from './env.js'
import { readServerVersion } from './server-info.js'

export interface MongodOptions {
  systemBinary: string | undefined
  /** A persistent data folder; without it mongodb-memory-server uses a temp one it removes. */
  dbPath?: string
}

export interface RunningMongod {
  uri: string
  serverPid: number | undefined
  version: string
  stop(): Promise<void>
}

/**
 * A mongod through mongodb-memory-server: a system binary, a cached one, or its download, which
 * fails in well under a second where its host cannot be reached.
 */
export async function startMongod(options: MongodOptions): Promise<RunningMongod> {
  failMongodDownloadFast()
  // Loaded lazily: runs with MONGO_URL never pay for it.
  const { MongoBinary, MongoMemoryServer } = await import('mongodb-memory-server')
  // Probe first: a failing create() prints a long stack trace.
  await MongoBinary.getPath(
    options.systemBinary === undefined ? {} : { systemBinary: options.systemBinary },
  )
  const server = await MongoMemoryServer.create({
    binary: options.systemBinary === undefined ? {} : { systemBinary: options.systemBinary },
    instance:
      options.dbPath === undefined
        ? { ip: '127.0.0.1' }
        : { ip: '127.0.0.1', dbPath: options.dbPath, storageEngine: 'wiredTiger' },
  })
  const uri = server.getUri()
  try {
    const version = await readServerVersion(uri)
    const keepData = options.dbPath !== undefined
    return {
      uri,
      serverPid: server.instanceInfo?.instance.mongodProcess?.pid,
      version,
      stop: async () => {
        await server.stop({ doCleanup: !keepData, force: false })
      },
    }
  } catch (error) {
    await server.stop({ doCleanup: true, force: true })
    throw error
  }
}
