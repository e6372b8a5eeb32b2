import { restRoutes } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../test/api-harness.js'
import type { ApiHarness } from '../test/api-harness.js'

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

  it('publishes an OpenAPI document listing every route of the contracts', async () => {
    const res = await h.browser().get('/api/openapi.json').expect(200)
    const paths = res.body.paths as Record<string, Record<string, unknown>>
    const routes = Object.values(restRoutes)
    expect(routes.length).toBeGreaterThan(10)
    for (const route of routes) {
      const path = openApiPath(route.path)
      expect(paths[path], `${route.method} ${path}`).toBeDefined()
      expect(paths[path]?.[route.method], `${route.method} ${path}`).toBeDefined()
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
