import { createServer, get } from 'node:http'
import { describe, expect, it } from 'vitest'
import { LOOPBACK_ADDRESSES, listenOnLoopback } from './loopback.js'

/** The Host header a GET to `origin` arrived with, as the server saw it. */
const hostSeenAt = (origin: string): Promise<string> =>
  new Promise((resolve, reject) => {
    get(origin, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.once('end', () => resolve(body))
    }).once('error', reject)
  })

describe('listenOnLoopback', () => {
  it('lets one server answer on 127.0.0.1, 127.0.0.2 and [::1]', async () => {
    const server = createServer((req, res) => res.end(req.headers.host))
    const loopback = await listenOnLoopback(server)
    try {
      for (const address of LOOPBACK_ADDRESSES) {
        expect(await hostSeenAt(loopback.origin(address))).toBe(loopback.host(address))
      }
      expect(loopback.host('::1')).toBe(`[::1]:${loopback.port('::1')}`)
    } finally {
      server.closeAllConnections()
      await loopback.close()
    }
  })
})
