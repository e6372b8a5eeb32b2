// `pnpm start` serves GET /metrics once, for the api and the realtime server of its one process
// (docs/operations.md, "Metrics").
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveForTests } from './serve-for-tests.js'
import type { ProductUnderTest } from './serve-for-tests.js'

const TOKEN = 'scraper-token-0123456789'
let product: ProductUnderTest
beforeAll(async () => {
  product = await serveForTests('metrics', { METRICS_TOKEN: TOKEN })
})
afterAll(() => product.stop())

describe('the one-process server with METRICS_TOKEN', () => {
  it('answers 401 without the token', async () => {
    expect((await fetch(`${product.base}/metrics`)).status).toBe(401)
  })

  it("shows both servers' metrics in one registry, the process's once", async () => {
    await fetch(`${product.base}/api/health`)
    const res = await fetch(`${product.base}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    })
    expect(res.status).toBe(200)
    const text = await res.text()
    for (const name of [
      'palabre_http_request_duration_seconds',
      'palabre_db_command_duration_seconds',
      'palabre_jobs_queue_depth',
      'palabre_sockets_connected',
      'palabre_socket_events_total',
      'palabre_deliveries_total',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(text.match(new RegExp(`^# TYPE ${name} `, 'gm'))).toHaveLength(1)
    expect(text).toMatch(
      /^palabre_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1$/m,
    )
  })
})
