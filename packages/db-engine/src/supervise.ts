import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, openSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { isAlive, waitUntilGone } from './processes.js'

/**
 * A small sh watchdog between us and a server process. Its stdin is a pipe from this Node
 * process; the pipe reaches end-of-file when we end, however we end (`kill -9` included), and
 * the watchdog then sends the server its stop signal. So a crashed parent leaves no server behind.
 * It prints the server's pid first, then waits for it, forwarding TERM/INT/HUP.
 */
const WATCHDOG = `
sig=$1; shift
exec 3<&0
"$@" </dev/null >&2 3<&- &
child=$!
echo "$child"
trap 'kill -s "$sig" "$child" 2>/dev/null' TERM INT HUP
{ cat <&3 >/dev/null 2>&1; kill -s "$sig" "$child" 2>/dev/null; } &
while :; do
  wait "$child"; status=$?
  kill -0 "$child" 2>/dev/null || exit "$status"
done
`

export interface RunAs {
  uid: number
  gid: number
}

export interface SuperviseOptions {
  command: string
  args: string[]
  /** The signal that asks the server to shut down cleanly (PostgreSQL: SIGINT, fast shutdown). */
  stopSignal: NodeJS.Signals
  /** The server's stdout and stderr are appended here. */
  logFile: string
  runAs?: RunAs | undefined
}

export interface Supervised {
  /** The server's own pid (not the watchdog's). */
  pid: number
  /** True once the watchdog has ended (the server is gone). */
  exited(): boolean
  /** Asks the server to stop, waits up to timeoutMs, then kills it. */
  stop(timeoutMs?: number): Promise<void>
}

const exitOf = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()))

export async function supervise(options: SuperviseOptions): Promise<Supervised> {
  const log = openSync(options.logFile, 'a')
  let child: ChildProcess
  try {
    child = spawn(
      '/bin/sh',
      [
        '-c',
        WATCHDOG,
        'palabre-watchdog',
        // sh's kill takes the name without its SIG prefix.
        options.stopSignal.replace(/^SIG/, ''),
        options.command,
        ...options.args,
      ],
      {
        stdio: ['pipe', 'pipe', log],
        // Its own process group: a Ctrl-C in the terminal reaches only us, and we stop the
        // servers in order (the application first, then FerretDB, then PostgreSQL).
        detached: true,
        ...(options.runAs ?? {}),
      },
    )
  } finally {
    closeSync(log)
  }
  const ended = exitOf(child)
  // Nothing listens any more: close our end so the watchdog's reader ends too.
  void ended.then(() => child.stdin?.destroy())
  const pid = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    lines.once('line', (line) => {
      lines.close()
      resolve(Number(line))
    })
    child.once('error', reject)
    void ended.then(() => reject(new Error(`${options.command} did not start`)))
  })
  child.unref()
  // The pipes must not keep the event loop alive; the watchdog's stdin stays open until stop().
  ;(child.stdin as unknown as { unref?: () => void }).unref?.()
  ;(child.stdout as unknown as { unref?: () => void }).unref?.()

  let stopping: Promise<void> | undefined
  return {
    pid,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    stop(timeoutMs = 15_000) {
      stopping ??= (async () => {
        child.stdin?.end()
        let timer: NodeJS.Timeout | undefined
        const inTime = await Promise.race([
          ended.then(() => true),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
        ])
        clearTimeout(timer)
        if (!inTime || isAlive(pid)) {
          if (isAlive(pid)) process.kill(pid, 'SIGKILL')
          child.kill('SIGKILL')
          await waitUntilGone(pid, 5_000)
        }
      })()
      return stopping
    },
  }
}
