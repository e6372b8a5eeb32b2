import { buildPath, restRoutes } from '@palabre/contracts'
import type { RouteContract } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../test/api-harness.js'
import type { ApiHarness } from '../test/api-harness.js'
import type { RouteName } from './http/route-table.js'
import { routeTable } from './routes/index.js'

/** Express `:param` -> OpenAPI `{param}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]\w*)/g, '{$1}')

const boot = useApiHarness()
let h: ApiHarness
beforeAll(async () => {
  h = await boot()
})
afterAll(() => h.close())

describe('the api', () => {
  it('is healthy when its database answers', async () => {
    const res = await h.browser().get('/api/health').expect(200)
    expect(res.body).toEqual({ status: 'ok', db: 'up' })
  })

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await h.browser().get('/api/no/such/call').expect(404)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.body.error.code).toBe('not_found')
    expect(res.body.error.message).toMatch(/^No API call GET /)
  })

  it('answers malformed JSON with a 400', async () => {
    const res = await h
      .browser()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"phone": "33612345678", ')
      .expect(400)
    expect(res.body).toEqual({
      error: { code: 'bad_request', message: 'The body is not valid JSON.' },
    })
  })

  it('answers a body over the limit with a 413', async () => {
    const res = await h
      .browser()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ phone: '33612345678', password: 'x'.repeat(1_100_000) }))
      .expect(413)
    expect(res.body.error.code).toBe('payload_too_large')
  })

  it('publishes an OpenAPI document of exactly the routes it serves, and serves each', async () => {
    const res = await h.browser().get('/api/openapi.json').expect(200)
    const paths = res.body.paths as Record<string, Record<string, unknown>>
    const table = routeTable(h.api.ctx)
    const listed = (route: RouteContract) => paths[openApiPath(route.path)]?.[route.method]
    const served = Object.entries(restRoutes).filter(
      ([name]) => !('notBuilt' in table[name as RouteName]),
    )
    expect(served.length).toBeGreaterThan(30)
    for (const [name, route] of Object.entries(restRoutes)) {
      const isServed = served.some(([n]) => n === name)
      expect(listed(route) !== undefined, `${name} listed`).toBe(isServed)
      // Whatever the answer (401, 400, 404 of a missing thing), never "No API call".
      const params = Object.fromEntries(
        [...route.path.matchAll(/:([A-Za-z_]+)/g)].map(([, param]) => [param, '1']),
      )
      const answer = await h.browser()[route.method](buildPath(route.path, params))
      const noSuchCall = /^No API call /.test(String(answer.body?.error?.message ?? ''))
      expect(noSuchCall, `${name} ${route.method} ${route.path}`).toBe(!isServed)
    }
    expect(paths['/api/user/{phone}']?.get).toBeDefined()
  })

  it('serves the browsable documentation as HTML', async () => {
    const res = await h.browser().get('/api/docs').expect(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.text).toContain('swagger-ui')
    await h.browser().get('/api/docs/assets/swagger-ui-bundle.js').expect(200)
  })
})
