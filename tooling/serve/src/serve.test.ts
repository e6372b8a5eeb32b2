import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadServeEnv } from './env.js'
import { serve } from './serve.js'
import type { Running } from './serve.js'

describe('the one-process server', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'palabre-serve-'))
  // An ordinary folder, as DATA_DIR is (mkdtemp's is closed to the account the database runs as).
  chmodSync(dir, 0o755)
  const webDist = path.join(dir, 'web')
  let running: Running

  beforeAll(async () => {
    mkdirSync(webDist, { recursive: true })
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>spa</title>')
    const env = loadServeEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data') })
    running = await serve(env, { NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { webDist })
  })

  afterAll(async () => {
    await running.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers the health check with its database up', async () => {
    const res = await fetch(`${running.url}/api/health`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok', db: 'up' })
  })

  it("lets the SPA's pages connect to their own origin only", async () => {
    const page = await fetch(`${running.url}/wall`)
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("connect-src 'self'")
    expect(csp).not.toMatch(/connect-src[^;]*(ws:|wss:|\*)/)
    // Scripts from this origin only; WebAssembly may compile (the PDF reader's image
    // decoders), JavaScript may not be eval'ed.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'")
    expect(csp).not.toContain("'unsafe-eval'")
  })

  it('serves the SPA for app routes and JSON 404 for unknown api calls', async () => {
    const page = await fetch(`${running.url}/wall/discussion/42`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>spa</title>')
    const api = await fetch(`${running.url}/api/nothing-here`)
    expect(api.status).toBe(404)
    expect(await api.json()).toEqual({
      error: { code: 'not_found', message: 'No API call GET /api/nothing-here.' },
    })
  })

  it('answers socket.io on the same origin', async () => {
    const res = await fetch(`${running.url}/socket.io/?EIO=4&transport=polling`)
    // engine.io opens the transport; the session is checked when the client joins a namespace.
    expect(res.status).toBe(200)
    expect(await res.text()).toMatch(/^0\{"sid"/)
  })
})
