import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { hostname, tmpdir } from 'node:os'
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

  const port = () => (running.server.address() as AddressInfo).port

  /** A request to 127.0.0.1 with the Host and Origin of a page at `host`; its status. */
  const sendFrom = (
    host: string,
    origin: string,
    { method, path: target, body }: { method: string; path: string; body?: unknown },
  ): Promise<number> =>
    new Promise((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port: port(),
        method,
        path: target,
        headers: { host: `${host}:${port()}`, origin, 'content-type': 'application/json' },
      })
      req.once('error', reject)
      req.once('response', (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.end(body === undefined ? undefined : JSON.stringify(body))
    })
  /** A write: a sign-up's e-mail code, logged by the development sender. */
  const askCode = (host: string, mail: string, origin = `http://${host}:${port()}`) =>
    sendFrom(host, origin, {
      method: 'POST',
      path: '/api/otpEmail/send',
      body: { nameValuePairs: { mail } },
    })

  it('says where it can be opened: the one address it listens on', () => {
    expect(running.urls).toEqual([`http://127.0.0.1:${port()}`])
    expect(running.url).toBe(`http://127.0.0.1:${port()}`)
  })

  // No PUBLIC_URL: a page served by this machine, at any of its addresses, may write
  // (docs/security.md, "Cross-site requests").
  it('serves a write from a page at 127.0.0.1', async () => {
    expect(await askCode('127.0.0.1', 'loopback@example.test')).toBe(200)
  })

  it("serves a write from a page at the machine's host name", async () => {
    expect(await askCode(hostname().toLowerCase(), 'host-name@example.test')).toBe(200)
  })

  it('refuses a write from another site, or from a DNS name rebound to this machine', async () => {
    expect(await askCode('127.0.0.1', 'elsewhere@example.test', 'http://evil.example')).toBe(403)
    expect(await askCode('evil.example', 'elsewhere@example.test')).toBe(403)
  })

  it('opens a socket for a page at 127.0.0.1, not for another site', async () => {
    const open = { method: 'GET', path: '/socket.io/?EIO=4&transport=polling' }
    expect(await sendFrom('127.0.0.1', `http://127.0.0.1:${port()}`, open)).toBe(200)
    expect(await sendFrom('127.0.0.1', 'http://evil.example', open)).toBe(403)
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
