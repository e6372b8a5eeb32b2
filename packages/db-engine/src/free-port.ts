import { createServer } from 'node:net'

/** Asks the OS for a free loopback port. Another process may take it before us; callers retry. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}

const PORT_ATTEMPTS = 3

/**
 * Starts a server on a free port found by `start`, again on another port when the one probed
 * was taken between our probe and the server's bind ("already in use"), up to three times.
 */
export async function onAFreePort<T>(start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start()
    } catch (error) {
      if (attempt === PORT_ATTEMPTS || !/already in use/.test(String(error))) throw error
    }
  }
}
