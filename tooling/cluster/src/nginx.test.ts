import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { composeSiteFile, nginxBinary, siteConfig, writeNginxFiles } from './nginx.js'

const site = { port: 18080, webRoot: '/srv/web "dist"', api: [4001, 4002], realtime: [5001, 5002] }

const block = (text: string, head: string): string =>
  new RegExp(`${head} \\{[^}]*\\}`).exec(text)?.[0] ?? ''

describe("the cluster's nginx site, made from docker/nginx.conf", () => {
  it('lists every node of each kind, round-robin, and no ip_hash', async () => {
    const text = siteConfig(await readFile(composeSiteFile, 'utf8'), site)
    const realtime = block(text, 'upstream realtime')
    expect(realtime.match(/server \S+;/g)).toEqual([
      'server 127.0.0.1:5001;',
      'server 127.0.0.1:5002;',
    ])
    expect(realtime).not.toMatch(/ip_hash|hash |least_conn|sticky/)
    expect(block(text, 'upstream api').match(/server \S+;/g)).toEqual([
      'server 127.0.0.1:4001;',
      'server 127.0.0.1:4002;',
    ])
    expect(text).not.toMatch(/\b(api:3000|realtime:3001)\b/)
  })

  it('listens on loopback only and serves the web app from its folder', async () => {
    const text = siteConfig(await readFile(composeSiteFile, 'utf8'), site)
    expect(text.match(/^\s*listen .*;$/gm)).toEqual(['  listen 127.0.0.1:18080;'])
    expect(text).toContain('root "/srv/web \\"dist\\"";')
  })

  it('changes nothing else of the compose site', async () => {
    const template = await readFile(composeSiteFile, 'utf8')
    const text = siteConfig(template, site)
    const changed = (lines: string[], others: string[]) => lines.filter((l) => !others.includes(l))
    // Each upstream's one server line became two; listen and root were rewritten.
    expect(changed(template.split('\n'), text.split('\n'))).toHaveLength(4)
    expect(changed(text.split('\n'), template.split('\n'))).toHaveLength(6)
  })

  it('refuses a template that lacks one of the lines it replaces', async () => {
    const template = await readFile(composeSiteFile, 'utf8')
    expect(() => siteConfig(template.replace('listen 80;', 'listen 8080;'), site)).toThrow(
      /listen 80/,
    )
    expect(() =>
      siteConfig(template.replace('server api:3000;', 'server api:3000;\n  server b:3000;'), site),
    ).not.toThrow()
    expect(() =>
      siteConfig(template.replace('server api:3000;', 'server api:3000;\nserver api:3000;'), site),
    ).toThrow(/2 lines naming api:3000/)
  })

  describe('as Debian’s nginx reads it', () => {
    let logDir = ''
    afterAll(() => rm(logDir, { recursive: true, force: true }))

    it('passes nginx -t, with every file it writes under its prefix', async () => {
      logDir = await mkdtemp(path.join(tmpdir(), 'palabre-nginx-test-'))
      const files = await writeNginxFiles({ ...site, webRoot: logDir }, logDir)
      try {
        const { stderr } = await promisify(execFile)(nginxBinary, ['-t', ...files.args])
        expect(stderr).toContain('syntax is ok')
        expect(stderr).toContain('test is successful')
        const main = await readFile(files.config, 'utf8')
        for (const line of main.split('\n').filter((l) => /(_path|^pid|lock_file) /.test(l.trim())))
          expect(line).toContain(files.prefix)
      } finally {
        await files.remove()
      }
    })
  })
})
