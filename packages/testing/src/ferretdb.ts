import { spawn, type ChildProcess } from 'node:child_process'
import { access, constants, mkdir } from 'node:fs/promises'
import { trackChild } from './child-reaper.js'
import { findFreePort } from './free-port.js'
import { readServerVersion, waitForPing } from './server-info.js'

export interface FerretDbOptions {
  bin: string
  /** Folder of the SQLite files, one per database. */
  dataDir: string
  stateDir: string
  startTimeoutMs?: number
}

export interface RunningFerretDb {
  uri: string
  port: number
  version: string
  pid: number
  stop(): Promise<void>
}

const START_ATTEMPTS = 3

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  if (await waitForExit(child, 5_000)) return
  child.kill('SIGKILL')
  await waitForExit(child, 5_000)
}

async function startOnce(options: FerretDbOptions): Promise<RunningFerretDb> {
  const port = await findFreePort()
  const child = spawn(
    options.bin,
    [
      '--handler=sqlite',
      `--sqlite-url=file:${options.dataDir.replace(/\/?$/, '/')}`,
      `--listen-addr=127.0.0.1:${port}`,
      `--state-dir=${options.stateDir}`,
      '--telemetry=disable',
      '--log-level=error',
      // Its debug HTTP listener defaults to the fixed port 8088, which two servers would share.
      '--debug-addr=-',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  trackChild(child)
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4_000)
  })
  let spawnError: Error | undefined
  child.once('error', (error) => {
    spawnError = error
  })
  const uri = `mongodb://127.0.0.1:${port}/`
  try {
    await waitForPing(uri, {
      timeoutMs: options.startTimeoutMs ?? 30_000,
      failure: () => {
        if (spawnError) return `FerretDB did not start: ${spawnError.message}`
        if (child.exitCode !== null || child.signalCode !== null) {
          const how = child.exitCode ?? child.signalCode
          return `FerretDB exited (${how}): ${stderr.trim() || 'no output'}`
        }
        return undefined
      },
    })
    const version = await readServerVersion(uri)
    return { uri, port, version, pid: child.pid ?? -1, stop: () => stopChild(child) }
  } catch (error) {
    await stopChild(child)
    throw error
  }
}

/** Runs FerretDB on its SQLite backend on a free loopback port and waits until it answers. */
export async function startFerretDb(options: FerretDbOptions): Promise<RunningFerretDb> {
  await access(options.bin, constants.X_OK).catch(() => {
    throw new Error(
      `no FerretDB binary at ${options.bin} (set FERRETDB_BIN or run scripts/bootstrap.sh)`,
    )
  })
  await mkdir(options.dataDir, { recursive: true })
  await mkdir(options.stateDir, { recursive: true })
  let lastError: unknown
  // The free port may be taken between our probe and FerretDB's bind: try again on a new one.
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    try {
      return await startOnce(options)
    } catch (error) {
      lastError = error
      if (!String(error).includes('address already in use')) break
    }
  }
  throw lastError
}
