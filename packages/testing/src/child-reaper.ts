import type { ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'

// Servers we spawned must not outlive us, even when a test run crashes before its teardown.
const children = new Set<ChildProcess>()
const tempDirs = new Set<string>()
let hooked = false

function reapAll(): void {
  for (const child of children) child.kill('SIGKILL')
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
}

function hook(): void {
  if (hooked) return
  hooked = true
  process.once('exit', reapAll)
}

export function trackChild(child: ChildProcess): void {
  hook()
  children.add(child)
  child.once('exit', () => children.delete(child))
}

export function trackTempDir(dir: string): void {
  hook()
  tempDirs.add(dir)
}

export function untrackTempDir(dir: string): void {
  tempDirs.delete(dir)
}
