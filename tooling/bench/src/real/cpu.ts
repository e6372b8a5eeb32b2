// The CPU a server takes during a run, from Linux's /proc (elsewhere: none, and it says so):
// its own process, and the processes it started (the embedded database's, for `pnpm start`).
import { readdir, readFile } from 'node:fs/promises'

/** Linux's clock ticks per second of /proc/<pid>/stat (USER_HZ), 100 on every common build. */
const TICKS_PER_SECOND = 100

interface Stat {
  ppid: number
  /** User and system CPU, in seconds. */
  cpu: number
}

const statOf = async (pid: number): Promise<Stat | undefined> => {
  const raw = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  if (raw === '') return undefined
  // pid (comm) state ppid ... utime stime: comm may hold spaces, so read after its parenthesis.
  const fields = raw.slice(raw.lastIndexOf(')') + 2).split(' ')
  return {
    ppid: Number(fields[1]),
    cpu: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
  }
}

/** CPU seconds so far of `pid` itself and of every process below it. */
export interface TreeCpu {
  own: number
  below: number
}

export const treeCpu = async (pid: number | undefined): Promise<TreeCpu | undefined> => {
  if (pid === undefined) return undefined
  const own = await statOf(pid)
  if (!own) return undefined
  const stats = new Map<number, Stat>()
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    const other = Number(entry)
    if (!Number.isInteger(other) || other === pid) continue
    const stat = await statOf(other)
    if (stat) stats.set(other, stat)
  }
  const isBelow = (other: number): boolean => {
    for (let at = stats.get(other); at !== undefined; at = stats.get(at.ppid))
      if (at.ppid === pid) return true
    return false
  }
  let below = 0
  for (const [other, stat] of stats) if (isBelow(other)) below += stat.cpu
  return { own: own.cpu, below }
}

/** The share of one core (100 = one core all along) each part took between two readings. */
export const cpuPercent = (
  before: TreeCpu | undefined,
  after: TreeCpu | undefined,
  wallMs: number,
): { own: number; below: number } | undefined =>
  before && after
    ? {
        own: ((after.own - before.own) * 100_000) / wallMs,
        below: ((after.below - before.below) * 100_000) / wallMs,
      }
    : undefined
