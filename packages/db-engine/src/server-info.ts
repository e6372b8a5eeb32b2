import { setTimeout as sleep } from 'node:timers/promises'
import { MongoClient } from 'mongodb'

/** The server's own version: FerretDB reports its release beside the MongoDB one it mimics. */
export async function readServerVersion(uri: string): Promise<string> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5_000 })
  try {
    const info = await client.db('admin').command({ buildInfo: 1 })
    // FerretDB 1.x said `ferretdbVersion`, 2.x says `ferretdb: {version}`.
    const ferretdb = (info.ferretdb as { version?: unknown } | undefined)?.version
    if (typeof ferretdb === 'string') return ferretdb
    if (typeof info.ferretdbVersion === 'string') return info.ferretdbVersion
    return typeof info.version === 'string' ? info.version : 'unknown'
  } finally {
    await client.close()
  }
}

export async function pingOnce(uri: string, timeoutMs = 1_000): Promise<boolean> {
  const client = new MongoClient(uri, {
    serverSelectionTimeoutMS: timeoutMs,
    connectTimeoutMS: timeoutMs,
  })
  try {
    await client.db('admin').command({ ping: 1 })
    return true
  } catch {
    return false
  } finally {
    await client.close()
  }
}

export interface WaitForPingOptions {
  timeoutMs: number
  /** Returns a reason when the server process died, so we stop waiting for it. */
  failure?: () => string | undefined
}

export async function waitForPing(uri: string, options: WaitForPingOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs
  for (;;) {
    const failure = options.failure?.()
    if (failure !== undefined) throw new Error(failure)
    if (await pingOnce(uri, 500)) return
    if (Date.now() > deadline)
      throw new Error(`no answer to ping at ${uri} after ${options.timeoutMs} ms`)
    await sleep(100)
  }
}
