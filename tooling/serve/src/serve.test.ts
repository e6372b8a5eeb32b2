import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import type { IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
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

  /** A built file and its twins, as apps/web/scripts/precompress.ts writes them. */
  const builtFile = (name: string, text: string) => {
    const file = path.join(webDist, name)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, text)
    writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }))
    writeFileSync(`${file}.br`, brotliCompressSync(text))
  }
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(200))}\n`
  const page = `<!doctype html><title>spa</title>${'<!-- padding -->'.repeat(20)}`

  beforeAll(async () => {
    builtFile('index.html', page)
    builtFile('assets/app-B1x2y3Z4.js', script)
    // A public file copied as it is (no twins): served plain, revalidated.
    writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\n')
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

  it('has no /metrics without METRICS_TOKEN: a 404, not the SPA', async () => {
    const res = await fetch(`${running.url}/metrics`)
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('<title>spa</title>')
  })

  it('answers socket.io on the same origin', async () => {
    const res = await fetch(`${running.url}/socket.io/?EIO=4&transport=polling`)
    // engine.io opens the transport; the session is checked when the client joins a namespace.
    expect(res.status).toBe(200)
    expect(await res.text()).toMatch(/^0\{"sid"/)
  })

  describe("the web app's files", () => {
    interface Answer {
      status: number
      headers: IncomingHttpHeaders
      body: Buffer
    }
    /** A raw GET (fetch would negotiate and decompress by itself). */
    const get = (target: string, acceptEncoding?: string): Promise<Answer> =>
      new Promise((resolve, reject) => {
        const req = request({
          host: '127.0.0.1',
          port: port(),
          path: target,
          headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
        })
        req.once('error', reject)
        req.once('response', (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.once('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          )
        })
        req.end()
      })
    const asset = '/assets/app-B1x2y3Z4.js'
    const chrome = 'gzip, deflate, br, zstd'

    it('sends the brotli twin to a browser that accepts brotli', async () => {
      const answer = await get(asset, chrome)
      expect(answer.status).toBe(200)
      expect(answer.headers['content-encoding']).toBe('br')
      expect(answer.headers['content-type']).toMatch(/^text\/javascript/)
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i)
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
      expect(answer.body.length).toBeLessThan(script.length)
      expect(brotliDecompressSync(answer.body).toString()).toBe(script)
    })

    it('sends the gzip twin to a client that accepts gzip only, or refuses brotli', async () => {
      for (const accepted of ['gzip', 'br;q=0, gzip']) {
        const answer = await get(asset, accepted)
        expect(answer.headers['content-encoding'], accepted).toBe('gzip')
        expect(answer.headers['content-type']).toMatch(/^text\/javascript/)
        expect(answer.headers.vary).toMatch(/Accept-Encoding/i)
        expect(gunzipSync(answer.body).toString()).toBe(script)
      }
    })

    it('sends the file itself to a client that accepts no compression', async () => {
      for (const accepted of [undefined, 'identity', 'gzip;q=0, br;q=0']) {
        const answer = await get(asset, accepted)
        expect(answer.headers['content-encoding'], String(accepted)).toBeUndefined()
        expect(answer.headers.vary).toMatch(/Accept-Encoding/i)
        expect(answer.body.toString()).toBe(script)
      }
    })

    it('caches hashed assets for a year, whatever their encoding', async () => {
      for (const accepted of [chrome, 'gzip', 'identity']) {
        const answer = await get(asset, accepted)
        expect(answer.headers['cache-control'], accepted).toBe(
          'public, max-age=31536000, immutable',
        )
      }
    })

    it('sends the HTML compressed and revalidated on each use, at any route of the SPA', async () => {
      for (const target of ['/index.html', '/wall', '/landing-page', '/wall/discussion/42']) {
        const answer = await get(target, chrome)
        expect(answer.status, target).toBe(200)
        expect(answer.headers['content-encoding'], target).toBe('br')
        expect(answer.headers['content-type'], target).toMatch(/^text\/html/)
        expect(answer.headers.vary, target).toMatch(/Accept-Encoding/i)
        expect(answer.headers['cache-control'], target).toBe('no-cache')
        expect(brotliDecompressSync(answer.body).toString()).toBe(page)
      }
      const plain = await get('/wall')
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body.toString()).toBe(page)
    })

    it('revalidates the unhashed public files, sent as they are when they have no twin', async () => {
      const answer = await get('/robots.txt', chrome)
      expect(answer.status).toBe(200)
      expect(answer.headers['content-encoding']).toBeUndefined()
      expect(answer.headers['cache-control']).toBe('no-cache')
    })

    it('answers 404 for an asset that is not there, never the SPA', async () => {
      const answer = await get('/assets/gone-Zz9y8x7w.js', chrome)
      expect(answer.status).toBe(404)
      expect(answer.body.toString()).not.toContain('<title>spa</title>')
    })
  })
})
