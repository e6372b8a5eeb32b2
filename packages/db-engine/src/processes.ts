import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'

/** Whether a process runs: a zombie (ended, not yet reaped by its parent) does not. */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z'
  } catch {
    return false
  }
}

/** The program a live process runs (its command line), or undefined when it is gone. */
export function commandLineOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()
  } catch {
    return undefined
  }
}

export async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false
    await sleep(50)
  }
  return true
}

/** The first line of a pid file as a number, or undefined. */
export async function readPidFile(file: string): Promise<number | undefined> {
  const text = await readFile(file, 'utf8').catch(() => '')
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10)
  return Number.isInteger(pid) && pid > 0 ? pid : undefined
}

/**
 * Ends a server an earlier run left behind (its parent was killed before it could stop it): only
 * when the pid is alive and still runs `program` (a pid can be reused), first with its clean-stop
 * signal, then with SIGKILL. Returns whether there was one.
 */
export async function endLeftover(
  pid: number | undefined,
  program: string,
  stopSignal: NodeJS.Signals,
): Promise<boolean> {
  if (pid === undefined || !isAlive(pid)) return false
  if (!(commandLineOf(pid) ?? '').includes(program)) return false
  process.kill(pid, stopSignal)
  if (!(await waitUntilGone(pid, 10_000))) {
    process.kill(pid, 'SIGKILL')
    await waitUntilGone(pid, 5_000)
  }
  return true
}
