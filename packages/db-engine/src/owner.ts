import { readdir, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { commandLineOf, endLeftover, isAlive, readPidFile } from './processes.js'

const ownerFile = (dir: string) => join(dir, 'owner.pid')

/** The live Node process that holds a folder, other than us, if any. */
async function liveOwner(dir: string): Promise<number | undefined> {
  const pid = await readPidFile(ownerFile(dir))
  if (pid === undefined || pid === process.pid || !isAlive(pid)) return undefined
  return (commandLineOf(pid) ?? '').includes('node') ? pid : undefined
}

/**
 * Marks a data folder as ours. Two processes on one folder would run two servers on one cluster,
 * so a folder held by another live process is refused. A dead owner's claim is taken over.
 */
export async function claimFolder(dir: string): Promise<() => Promise<void>> {
  const owner = await liveOwner(dir)
  if (owner !== undefined) {
    throw new Error(`${dir} is in use by process ${owner}; stop it first, or use another folder`)
  }
  await writeFile(ownerFile(dir), `${process.pid}\n`)
  return async () => {
    if ((await readPidFile(ownerFile(dir))) === process.pid)
      await rm(ownerFile(dir), { force: true })
  }
}

/** Ends the servers a killed owner left in an engine folder (FerretDB, then PostgreSQL). */
export async function endLeftoversIn(documentdbDir: string): Promise<void> {
  await endLeftover(await readPidFile(join(documentdbDir, 'ferretdb.pid')), 'ferretdb', 'SIGTERM')
  await endLeftover(
    await readPidFile(join(documentdbDir, 'pg', 'postmaster.pid')),
    'postgres',
    'SIGINT',
  )
}

const UNCLAIMED_GRACE_MS = 10 * 60_000

/**
 * Removes the folders of earlier test runs under `parent` whose owner died without cleaning up
 * (a `kill -9`, a crash), after ending whatever servers they left. Folders of live runs stay.
 */
export async function sweepAbandoned(parent: string, prefix: string): Promise<void> {
  const names = await readdir(parent).catch(() => [] as string[])
  for (const name of names.filter((entry) => entry.startsWith(prefix))) {
    const dir = join(parent, name)
    const pid = await readPidFile(ownerFile(dir))
    if (pid === undefined) {
      // A run may be between creating its folder and claiming it.
      const info = await stat(dir).catch(() => undefined)
      if (info === undefined || Date.now() - info.mtimeMs < UNCLAIMED_GRACE_MS) continue
    } else if ((await liveOwner(dir)) !== undefined || pid === process.pid) {
      continue
    }
    await endLeftoversIn(join(dir, 'documentdb'))
    await rm(dir, { recursive: true, force: true })
  }
}
