import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './repo.js'

const read = (file: string) => readFile(join(repoRoot, file), 'utf8')

// No Docker engine here: these check what the images and nginx are made of, not a running build.
describe('Dockerfiles', () => {
  it.each([
    ['docker/api.Dockerfile', '@palabre/api...', 'apps/api/dist/main.js'],
    ['docker/realtime.Dockerfile', '@palabre/realtime...', 'apps/realtime/dist/main.js'],
  ])('%s builds its server and runs it', async (file, filter, entry) => {
    const text = await read(file)
    // Every stage on Node 24 LTS (docs/operations.md, "The runtime").
    const images = [...text.matchAll(/^FROM (node:\S+)/gm)].map((match) => match[1])
    expect(images.length).toBeGreaterThan(0)
    for (const image of images) expect(image).toBe('node:24-bookworm-slim')
    expect(text).toContain('npm i -g pnpm@10.34.9')
    expect(text).toContain('pnpm install --frozen-lockfile')
    expect(text).toContain(`pnpm turbo run build --filter=${filter}`)
    expect(text).toContain(`CMD ["node", "${entry}"]`)
  })

  it('web builds the SPA and serves it with nginx', async () => {
    const text = await read('docker/web.Dockerfile')
    expect(text).toContain('pnpm turbo run build --filter=@palabre/web...')
    expect(text).toMatch(/FROM nginx:\S+/)
    expect(text).toContain('COPY docker/nginx.conf /etc/nginx/conf.d/default.conf')
    // Sockets past 500 a worker: each holds two connections.
    expect(text).toContain('worker_connections 8192;')
  })
})

describe('nginx.conf', () => {
  it('sends the SPA a CSP that lets it connect to its own origin only', async () => {
    const text = await read('docker/nginx.conf')
    const csp = /add_header Content-Security-Policy "([^"]+)" always;/.exec(text)?.[1] ?? ''
    expect(csp).toContain("connect-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/connect-src[^;]*(ws:|wss:|\*)/)
    // An add_header inside a location would drop the server block's headers there.
    const locations = text.match(/^\s*location [^{]+\{[^}]*\}/gm) ?? []
    expect(locations.length).toBeGreaterThan(0)
    for (const location of locations) expect(location).not.toContain('add_header')
  })

  // The web client's sockets are websocket-only, so nothing needs stickiness: sockets and calls
  // go round-robin to every replica, and past a node that refuses them (docs/operations.md,
  // "A cluster on one machine"; tooling/cluster runs this file against killed nodes).
  it('spreads sockets and calls over every replica, round-robin, and upgrades websockets', async () => {
    const text = await read('docker/nginx.conf')
    expect(text).toMatch(/upstream realtime \{\s*server realtime:3001;\s*\}/)
    expect(text).toMatch(/upstream api \{\s*server api:3000;\s*\}/)
    expect(text).not.toMatch(/^\s*(ip_hash|hash|sticky)\b/m)
    for (const path of ['/api/', '/socket.io/', '~ ^/api/(admin/)?export$']) {
      const start = text.indexOf(`location ${path} {`)
      const location = text.slice(start, text.indexOf('}', start))
      expect(location, path).toMatch(/^\s*proxy_next_upstream error timeout;/m)
    }
    expect(text).toMatch(
      /location \/socket\.io\/ \{[^}]*proxy_pass http:\/\/realtime;[^}]*Upgrade \$http_upgrade/,
    )
    expect(text).toMatch(/location \/api\/ \{[^}]*proxy_pass http:\/\/api;/)
    expect(text).toMatch(/location \/ \{[^}]*try_files \$uri \$uri\/ \/index\.html;/)
  })

  it('streams the exports through unbuffered, and does not cut a long one', async () => {
    // docs/export.md, "Streaming": a regex location wins over the /api/ prefix.
    const text = await read('docker/nginx.conf')
    const match = /location ~ (\S+) \{[^}]*\}/.exec(text)
    const pattern = new RegExp(match?.[1] ?? '^$')
    for (const path of ['/api/export', '/api/admin/export'])
      expect(pattern.test(path), path).toBe(true)
    for (const path of ['/api/exports', '/api/export/x', '/api/files/export'])
      expect(pattern.test(path), path).toBe(false)
    const location = match?.[0] ?? ''
    expect(location).toContain('proxy_pass http://api;')
    expect(location).toContain('proxy_set_header Host $http_host;')
    expect(location).toMatch(/^\s*proxy_buffering off;/m)
    expect(location).toMatch(/^\s*gzip off;/m)
    const seconds = (value: string | undefined) =>
      value === undefined ? 0 : Number.parseInt(value, 10) * (value.endsWith('h') ? 3600 : 1)
    for (const timeout of ['proxy_read_timeout', 'proxy_send_timeout', 'send_timeout'])
      expect(
        seconds(new RegExp(`${timeout} (\\w+);`).exec(location)?.[1]),
        timeout,
      ).toBeGreaterThanOrEqual(3600)
  })

  it('passes the Host the browser sent, port included, to the api and socket.io', async () => {
    // The servers compare a page's Origin with it (docs/security.md, "Cross-site requests");
    // $host would drop the port.
    const text = await read('docker/nginx.conf')
    for (const path of ['api', 'socket\\.io']) {
      const location = new RegExp(`location \\/${path}\\/ \\{[^}]*\\}`).exec(text)?.[0] ?? ''
      expect(location).toContain('proxy_set_header Host $http_host;')
      expect(location).toContain('proxy_set_header X-Forwarded-Proto $scheme;')
    }
    expect(text).not.toMatch(/proxy_set_header Host \$host;/)
  })

  it("sends the build's gzip twins, and compresses on the fly only what has none", async () => {
    // docs/operations.md, "The web app's files": the official image has no brotli module.
    const text = await read('docker/nginx.conf')
    const server = /^server \{[\s\S]*^\}/m.exec(text)?.[0] ?? ''
    expect(server).toMatch(/^\s*gzip_static on;/m)
    expect(server).toMatch(/^\s*gzip on;/m)
    expect(server).toMatch(/^\s*gzip_vary on;/m)
    const types = /^\s*gzip_types ([^;]+);/m.exec(server)?.[1]?.split(/\s+/) ?? []
    expect(types).toEqual(
      expect.arrayContaining(['application/javascript', 'text/css', 'application/json']),
    )
    expect(text).not.toMatch(/^\s*brotli/m)
    // The image keeps the .gz twins it sends and leaves out the .br ones it cannot.
    const image = await read('docker/web.Dockerfile')
    expect(image).toContain("find apps/web/dist -name '*.br' -delete")
    expect(image).not.toContain("'*.gz'")
  })

  it('caches hashed assets for a year and revalidates the HTML and the rest', async () => {
    const text = await read('docker/nginx.conf')
    const map = /map \$uri \$cache_control \{([^}]*)\}/.exec(text)?.[1] ?? ''
    const rules = Object.fromEntries(
      [...map.matchAll(/^\s*(\S+)\s+"([^"]*)";/gm)].map((m) => [m[1], m[2]]),
    )
    expect(rules).toEqual({
      '~^/assets/': 'public, max-age=31536000, immutable',
      '~^/(api|socket\\.io)/': '',
      default: 'no-cache',
    })
    expect(text).toMatch(/^\s*add_header Cache-Control \$cache_control;/m)
    // The SPA's routes fall back to index.html: $uri is then /index.html, so it gets no-cache;
    // a missing asset is a 404, never the SPA.
    expect(text).toMatch(/location \/assets\/ \{\s*try_files \$uri =404;\s*\}/)
  })
})
