import type { Server } from 'node:http'
import { createServer } from 'node:net'
import type { AddressInfo, Server as NetServer } from 'node:net'

/** Addresses of this machine that tests may reach: loopback only, never the network. */
export const LOOPBACK_ADDRESSES = ['127.0.0.1', '127.0.0.2', '::1'] as const
export type LoopbackAddress = (typeof LOOPBACK_ADDRESSES)[number]

export interface LoopbackListeners {
  /** `http://address:port`, brackets around IPv6: what a browser at that address would show. */
  origin(address: LoopbackAddress): string
  /** The Host header a browser sends to that address: `address:port`. */
  host(address: LoopbackAddress): string
  port(address: LoopbackAddress): number
  close(): Promise<void>
}

const listen = (server: NetServer, address: string): Promise<void> =>
  new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, address, () => {
      server.off('error', reject)
      resolve()
    })
  })

/**
 * One HTTP server answering on each loopback address (127.0.0.1, 127.0.0.2, [::1]), each on a
 * port of its own: a listener per address hands its connections to the server, as tests of
 * "this machine at any of its addresses" need (docs/security.md, "Cross-site requests"). An
 * address that cannot be bound fails the caller with the reason, never a silent skip.
 */
export const listenOnLoopback = async (server: Server): Promise<LoopbackListeners> => {
  const listeners = new Map<LoopbackAddress, NetServer>()
  const closeAll = () =>
    Promise.all(
      [...listeners.values()].map(
        (listener) => new Promise<void>((resolve) => listener.close(() => resolve())),
      ),
    )
  for (const address of LOOPBACK_ADDRESSES) {
    const listener = createServer((socket) => server.emit('connection', socket))
    try {
      await listen(listener, address)
    } catch (error) {
      await closeAll()
      const reason = error instanceof Error ? error.message : String(error)
      throw new Error(
        `This machine cannot listen on its loopback address ${address} (${reason}); the tests ` +
          `of requests from this machine's addresses need 127.0.0.1, 127.0.0.2 and ::1.`,
      )
    }
    listeners.set(address, listener)
  }
  const port = (address: LoopbackAddress) => (listeners.get(address)?.address() as AddressInfo).port
  const host = (address: LoopbackAddress) =>
    `${address.includes(':') ? `[${address}]` : address}:${port(address)}`
  return {
    port,
    host,
    origin: (address) => `http://${host(address)}`,
    close: async () => {
      await closeAll()
    },
  }
}
