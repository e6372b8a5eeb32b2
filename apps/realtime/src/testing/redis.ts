import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { createClient } from 'redis'

export interface RunningRedis {
  url: string
  stop(): Promise<void>
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })

/**
 * Debian's redis-server as a child process on a free loopback port, nothing written to disk;
 * stop() kills it. Used by the many-nodes test and benchmarks.
 */
export const startRedis = async (binary = '/usr/bin/redis-server'): Promise<RunningRedis> => {
  const port = await freePort()
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
