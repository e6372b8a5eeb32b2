// Memory of the processes a benchmark runs on (Linux /proc; elsewhere only this process): this
// Node process (realtime node and clients), the database server the URI points at and, behind
// FerretDB, its PostgreSQL cluster (the postmaster and every backend, summed).
import { readdir, readFile } from 'node:fs/promises'

interface Proc {
  pid: number
  argv: string[]
}

const listProcesses = async (): Promise<Proc[]> => {
  const pids = (await readdir('/proc').catch(() => [] as string[])).filter((d) => /^\d+$/.test(d))
  const found = await Promise.all(
    pids.map(async (pid) => {
      const raw = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
      return { pid: Number(pid), argv: raw.split('\0').filter(Boolean) }
    }),
  )
  return found.filter((p) => p.argv.length > 0)
}

/** Resident and proportional (shared pages split among their users) set sizes, in kB. */
const memoryOf = async (pid: number): Promise<{ rss: number; pss: number }> => {
  const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '')
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0)
  return { rss: field('Rss'), pss: field('Pss') }
}

const parentOf = async (pid: number): Promise<number> => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? 0)
}

/** The server process (not its watchdog shell) whose arguments hold `needle`. */
const serverWith = (procs: Proc[], needle: string) =>
  procs.find((p) => !p.argv[0]?.endsWith('sh') && p.argv.some((arg) => arg.includes(needle)))

export interface MemoryLine {
  name: string
  processes: number
  rssMb: number
  pssMb: number
}

export const measureMemory = async (uri: string): Promise<MemoryLine[]> => {
  const mb = (kb: number) => kb / 1024
  const lines: MemoryLine[] = []
  const self = await memoryOf(process.pid)
  lines.push({
    name: 'bench process (node)',
    processes: 1,
    rssMb: self.rss ? mb(self.rss) : process.memoryUsage().rss / 2 ** 20,
    pssMb: mb(self.pss),
  })
  const port = /:(\d+)\/?/.exec(uri.replace(/^mongodb:\/\//, ''))?.[1]
  if (!port) return lines
  const procs = await listProcesses()
  const server =
    serverWith(procs, `--listen-addr=127.0.0.1:${port}`) ??
    procs.find((p) => p.argv[0]?.includes('mongod') && p.argv.includes(port))
  if (!server) return lines
  const serverMemory = await memoryOf(server.pid)
  const isFerret = server.argv.some((arg) => arg.startsWith('--postgresql-url'))
  lines.push({
    name: isFerret ? 'ferretdb' : 'mongod',
    processes: 1,
    rssMb: mb(serverMemory.rss),
    pssMb: mb(serverMemory.pss),
  })
  if (!isFerret) return lines
  const pgPort = /[?&]port=(\d+)/.exec(
    server.argv.find((arg) => arg.startsWith('--postgresql-url')) ?? '',
  )?.[1]
  const postmaster = pgPort
    ? procs.find(
        (p) =>
          p.argv[0]?.endsWith('/postgres') &&
          p.argv.some((arg, i) => arg === '-p' && p.argv[i + 1] === pgPort),
      )
    : undefined
  if (!postmaster) return lines
  const members = [postmaster.pid]
  for (const p of procs) if ((await parentOf(p.pid)) === postmaster.pid) members.push(p.pid)
  const memories = await Promise.all(members.map(memoryOf))
  lines.push({
    name: 'postgresql (all processes)',
    processes: members.length,
    rssMb: mb(memories.reduce((sum, m) => sum + m.rss, 0)),
    pssMb: mb(memories.reduce((sum, m) => sum + m.pss, 0)),
  })
  return lines
}

export const printMemory = (label: string, lines: MemoryLine[]): void => {
  for (const line of lines)
    console.log(
      `memory ${label.padEnd(5)} ${line.name.padEnd(28)}: RSS ${line.rssMb.toFixed(0).padStart(5)} MB  PSS ${line.pssMb.toFixed(0).padStart(5)} MB  (${line.processes} process${line.processes === 1 ? '' : 'es'})`,
    )
}
