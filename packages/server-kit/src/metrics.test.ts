import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerMetrics, bearerMatches, processMetrics } from './metrics.js'

const TOKEN = 'scrape-token-0123456789'
const metrics = processMetrics()
let server: Server
let base = ''
beforeAll(async () => {
  server = createServer((req, res) => void answerMetrics(req, res, TOKEN, metrics.registry))
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((done) => server.close(done)))

describe('metrics', () => {
  it('compare the bearer token whole, whatever its case of "Bearer"', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true)
    expect(bearerMatches(`bearer  ${TOKEN} `, TOKEN)).toBe(true)
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false)
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false)
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false)
    expect(bearerMatches(undefined, TOKEN)).toBe(false)
  })

  it("show the process's and its database commands' to the scraper with the token only", async () => {
    metrics.onCommand({ command: 'find', seconds: 0.002 })
    const refused = await fetch(base)
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toBe('Bearer')
    const shown = await fetch(base, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(shown.status).toBe(200)
    expect(shown.headers.get('cache-control')).toBe('no-store')
    const text = await shown.text()
    expect(text).toMatch(/^process_cpu_seconds_total /m)
    expect(text).toMatch(/^palabre_db_command_duration_seconds_count\{command="find"\} 1$/m)
    const head = await fetch(base, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })
})
