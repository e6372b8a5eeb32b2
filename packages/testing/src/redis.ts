import { spawn } from 'node:child_process'
import { findFreePort } from '@palabre/db-engine'
import { createClient } from 'redis'

export interface RunningRedis {
  url: string
  stop(): Promise<void>
}

/**
 * Debian's redis-server as a child process on a free loopback port, nothing written to disk;
 * stop() kills it. For tests of several realtime nodes and of what reaches them through Redis.
 */
export const startRedis = async (binary = '/usr/bin/redis-server'): Promise<RunningRedis> => {
  const port = await findFreePort()
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  const url = `redis://127.0.0.1:${port}`
  const deadline = Date.now() + 10_000
  for (;;) {
    const client = createClient({ url, socket: { reconnectStrategy: false } })
    client.on('error', () => undefined)
    try {
      await client.connect()
      await client.ping()
      await client.quit()
      return { url, stop }
    } catch {
      if (Date.now() > deadline) {
        await stop()
        throw new Error(`redis-server did not start on port ${port}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}
