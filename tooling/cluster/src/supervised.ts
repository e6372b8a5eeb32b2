import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { closeSync, openSync } from 'node:fs'
import { readFile } from 'node:fs/promises'

/** How a supervised process ended. */
export interface ProcessExit {
  name: string
  pid: number | undefined
  code: number | null
  signal: NodeJS.Signals | null
  /** The end of its log, to say why without opening it. */
  logTail: string
  logFile: string
}

export interface ProcessSpec {
  name: string
  /** The program and its arguments. */
  command: string
  args: string[]
  env: Record<string, string>
  /** Stdout and stderr are appended here. */
  logFile: string
  /** A URL that answers 200 once the process serves. */
  readyUrl: string
}

const lastLines = async (file: string, count = 15): Promise<string> => {
  const text = await readFile(file, 'utf8').catch(() => '')
  return text.trimEnd().split('\n').slice(-count).join('\n')
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * One child process of the cluster, which may be killed and started again on the same port.
 * An exit nobody asked for (a crash, a `kill -9` from a shell) is handed to `onUnexpectedExit`:
 * the cluster never loses a process silently (docs/operations.md, "A cluster on one machine").
 */
export class Supervised {
  private child: ChildProcess | undefined
  private exited: Promise<void> = Promise.resolve()
  private expectingExit = false

  constructor(
    readonly spec: ProcessSpec,
    private readonly onUnexpectedExit: (exit: ProcessExit) => void,
  ) {}

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined
  }

  get running(): boolean {
    return (
      this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
    )
  }

  /** Starts the process and resolves once `readyUrl` answers 200 (or rejects, stopping it). */
  async start(timeoutMs: number): Promise<void> {
    if (this.running) throw new Error(`${this.spec.name} is already running`)
    const log = openSync(this.spec.logFile, 'a')
    let child: ChildProcess
    try {
      child = spawn(this.spec.command, this.spec.args, {
        env: this.spec.env,
        stdio: ['ignore', log, log],
      })
    } finally {
      // The child has its own copy of the descriptor.
      closeSync(log)
    }
    this.child = child
    this.expectingExit = false
    let gone: ProcessExit | undefined
    this.exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        void lastLines(this.spec.logFile).then((logTail) => {
          gone = {
            name: this.spec.name,
            pid: child.pid,
            code,
            signal,
            logTail,
            logFile: this.spec.logFile,
          }
          if (!this.expectingExit) this.onUnexpectedExit(gone)
          resolve()
        })
      })
      child.once('error', () => resolve())
    })
    const spawned = await new Promise<Error | undefined>((resolve) => {
      child.once('spawn', () => resolve(undefined))
      child.once('error', resolve)
    })
    if (spawned) throw new Error(`${this.spec.name}: ${spawned.message}`)
    try {
      await this.waitReady(timeoutMs, () => gone)
    } catch (error) {
      await this.kill('SIGKILL')
      throw error
    }
  }

  private async waitReady(timeoutMs: number, gone: () => ProcessExit | undefined): Promise<void> {
    const deadline = Date.now() + timeoutMs
    let last = 'no answer'
    for (;;) {
      const exit = gone()
      if (exit) {
        const how = exit.signal ?? `code ${exit.code}`
        throw new Error(
          `${this.spec.name} stopped while starting (${how}); its log ends:\n${exit.logTail}`,
        )
      }
      try {
        const response = await fetch(this.spec.readyUrl, { signal: AbortSignal.timeout(5_000) })
        await response.arrayBuffer()
        if (response.status === 200) return
        last = `status ${response.status}`
      } catch (error) {
        last = error instanceof Error ? error.message : String(error)
      }
      if (Date.now() > deadline) {
        const tail = await lastLines(this.spec.logFile)
        throw new Error(
          `${this.spec.name} did not answer ${this.spec.readyUrl} with 200 in ${timeoutMs} ms (${last}); its log ends:\n${tail}`,
        )
      }
      await pause(150)
    }
  }

  /** Sends `signal` (an expected exit) and resolves once the process has exited. */
  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.running) return this.exited
    this.expectingExit = true
    this.child?.kill(signal)
    return this.exited
  }

  /** SIGTERM, then SIGKILL if it is still there after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.running) return this.exited
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), graceMs)
    try {
      await this.kill('SIGTERM')
    } finally {
      clearTimeout(timer)
    }
  }
}
