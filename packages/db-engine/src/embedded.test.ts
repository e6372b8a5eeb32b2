import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmbeddedDatabase } from './embedded.js'
import { readEngineEnv } from './env.js'
import { isAlive, readPidFile, waitUntilGone } from './processes.js'
import { pingOnce } from './server-info.js'

const fixture = fileURLToPath(new URL('../test/fixtures/hold-embedded.ts', import.meta.url))
const external = readEngineEnv().mongoUrl !== undefined

/** Runs the embedded database in a child Node process, as `pnpm start` does. */
async function holdInChild(dataDir: string) {
  const child = spawn(
    process.execPath,
    ['--conditions=@palabre/source', '--import', 'tsx', fixture, dataDir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`the child exited (${code}) before starting`)))
  })
  return { child, ...(JSON.parse(line) as { uri: string; engine: string }) }
}

async function write(uri: string, db: string, text: string) {
  const client = new MongoClient(uri)
  await client.db(db).collection('notes').insertOne({ text })
  await client.close()
}

async function readAll(uri: string, db: string) {
  const client = new MongoClient(uri)
  const notes = await client
    .db(db)
    .collection('notes')
    .find({}, { projection: { _id: 0 }, sort: { text: 1 } })
    .toArray()
  await client.close()
  return notes
}

/** The servers of a FerretDB engine folder, from the pid files they leave there. */
async function serverPids(dataDir: string): Promise<number[]> {
  const dir = join(dataDir, 'postgres')
  const pids = [
    await readPidFile(join(dir, 'ferretdb.pid')),
    await readPidFile(join(dir, 'pg', 'postmaster.pid')),
  ]
  return pids.filter((pid): pid is number => pid !== undefined && isAlive(pid))
}

/** Fields of /proc/<pid>/stat after the command name: state, ppid, pgrp, ... */
const statOf = (pid: number): string[] =>
  readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []

/**
 * Kills, with -9, the watchdog shells that supervise a server, leaving the server running. They
 * are all stopped first: a watchdog's reader that saw its pipe close (its Node parent notices
 * the watchdog die and closes it) would otherwise still stop the server.
 */
function killWatchdogOf(server: number): void {
  const watchdog = Number(statOf(server)[1])
  const shells = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
        return statOf(pid)[2] === String(watchdog) && (comm === 'sh' || comm === 'cat')
      } catch {
        return false // gone meanwhile
      }
    })
  for (const signal of ['SIGSTOP', 'SIGKILL'] as const)
    for (const pid of shells) {
      try {
        process.kill(pid, signal)
      } catch {
        // gone meanwhile
      }
    }
}

describe.skipIf(external)('startEmbeddedDatabase', () => {
  let dataDir = ''
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'palabre-embedded-'))
    // As an ordinary folder is (mkdtemp's are closed to other accounts, such as the one the
    // servers run as when we are root).
    await chmod(dataDir, 0o755)
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('keeps its data in dataDir across restarts, with the same engine', async () => {
    const first = await startEmbeddedDatabase({ dataDir })
    await write(first.uri, 'kept', 'first run')
    await first.stop()

    const second = await startEmbeddedDatabase({ dataDir })
    expect(second.engine).toBe(first.engine)
    expect(await readAll(second.uri, 'kept')).toEqual([{ text: 'first run' }])
    await second.stop()
    // The files are where the run command's data folder says, not in a temp folder.
    const engineFolder = { ferretdb: 'postgres/pg/PG_VERSION', mongod: 'mongod' }
    expect(existsSync(join(dataDir, engineFolder[first.engine as 'ferretdb' | 'mongod']))).toBe(
      true,
    )
  })

  it('refuses a folder that another live process holds', async () => {
    const held = await holdInChild(dataDir)
    try {
      await expect(startEmbeddedDatabase({ dataDir })).rejects.toThrow(
        `is in use by process ${held.child.pid}`,
      )
    } finally {
      held.child.kill('SIGKILL')
    }
    await waitUntilGone(held.child.pid!, 300_000)
  })

  it('leaves no server behind when its process is killed with -9, and keeps the data', async () => {
    const held = await holdInChild(dataDir)
    await write(held.uri, 'kept', 'before the crash')
    const servers = held.engine === 'ferretdb' ? await serverPids(dataDir) : []
    if (held.engine === 'ferretdb') expect(servers).toHaveLength(2)

    held.child.kill('SIGKILL')
    for (const pid of servers) expect(await waitUntilGone(pid, 20_000)).toBe(true)
    expect(await pingOnce(held.uri, 300)).toBe(false)

    const next = await startEmbeddedDatabase({ dataDir })
    expect(await readAll(next.uri, 'kept')).toEqual([
      { text: 'before the crash' },
      { text: 'first run' },
    ])
    await next.stop()
  })

  it.runIf(!external && existsSync(readEngineEnv().ferretdbBin))(
    'ends the FerretDB and PostgreSQL a killed run left running on its folder',
    async () => {
      // What a run leaves when nothing could stop its servers: they run on, outside any
      // watchdog, with the dead run's pid files beside them (a kill -9 of the whole process
      // tree but the servers).
      const leftover = await holdInChild(dataDir)
      const [ferretdb, postgres] = await serverPids(dataDir)
      for (const server of [ferretdb!, postgres!]) killWatchdogOf(server)
      leftover.child.kill('SIGKILL')
      await waitUntilGone(leftover.child.pid!, 300_000)
      expect(isAlive(ferretdb!) && isAlive(postgres!)).toBe(true)

      const next = await startEmbeddedDatabase({ dataDir })
      expect(isAlive(ferretdb!)).toBe(false)
      expect(isAlive(postgres!)).toBe(false)
      expect((await readAll(next.uri, 'kept')).length).toBe(2)
      await next.stop()
    },
  )
})
