// @vitest-environment node
// A `.node.test.ts`: runs in Node and is typechecked by tsconfig.node.json. It builds the web
// with the real config into a temporary directory, so it checks the sources as they are, on a
// clean checkout too, then reads the report the build wrote (docs/bundle-budgets.md).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  KiB,
  reportFileName,
  routeSpecs,
  type BundleReport,
  type RouteReport,
} from '../../scripts/bundle-budget'

const webDir = fileURLToPath(new URL('../..', import.meta.url))
let outDir = ''
let report: BundleReport

const route = (name: string): RouteReport => {
  const found = report.routes.find((r) => r.route === name)
  if (found === undefined) throw new Error(`No route "${name}" in the bundle report`)
  return found
}

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'palabre-web-build-'))
  // As `NODE_ENV=development pnpm start` would: the build must be a production one all the same.
  vi.stubEnv('NODE_ENV', 'development')
  try {
    await build({
      root: webDir,
      configFile: join(webDir, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    })
  } finally {
    vi.unstubAllEnvs()
  }
  report = JSON.parse(readFileSync(join(outDir, reportFileName), 'utf8')) as BundleReport
}, 180_000)

afterAll(() => {
  if (outDir !== '') rmSync(outDir, { recursive: true, force: true })
})

describe('bundle budgets', () => {
  it('measures every route with gzip level 9 and KiB of 1024 bytes', () => {
    expect(report.measure).toContain('gzip level 9')
    expect(report.routes.map((r) => r.route)).toEqual(routeSpecs.map((r) => r.route))
  })

  it('gives every page a chunk of its own, loaded only on its route', () => {
    for (const r of report.routes) expect(r.notSplit, r.route).toEqual([])
  })

  it('keeps every route within its budget', () => {
    const budgeted = report.routes.filter((r) => r.budgetKiB !== null)
    expect(budgeted.map((r) => r.route)).toEqual([
      '/landing-page',
      '/wall, /wall/discussion/:id',
      '/wall/discussion/lecteur/:filedoc',
    ])
    expect(route('/landing-page').budgetKiB).toBe(120)
    expect(route('/wall, /wall/discussion/:id').budgetKiB).toBe(250)
    expect(route('/wall/discussion/lecteur/:filedoc').budgetKiB).toBe(250)
    for (const r of budgeted) {
      // `pnpm build` prints the whole table.
      const over = `${r.route}: ${(r.gzipBytes / KiB).toFixed(1)} KiB gzip, over its budget of ${r.budgetKiB} KiB`
      expect(r.gzipBytes, over).toBeLessThanOrEqual((r.budgetKiB ?? 0) * KiB)
    }
  })

  it('loads no schema, phone metadata, form or query library on the landing page', () => {
    const landing = route('/landing-page').packages
    expect(landing).toContain('react-dom')
    for (const name of [
      'zod',
      'libphonenumber-js',
      'react-hook-form',
      '@tanstack/react-query',
      '@tanstack/query-core',
    ]) {
      expect(landing).not.toContain(name)
    }
    // The pages that validate still get them.
    expect(route('/auth').packages).toEqual(expect.arrayContaining(['zod', 'libphonenumber-js']))
  })

  it("keeps the phone metadata out of the wall's first load: the contact modal brings it", () => {
    // docs/bundle-budgets.md: only canonical-phone.ts and countries.ts import libphonenumber-js.
    for (const name of ['/wall, /wall/discussion/:id', '/wall/discussion/lecteur/:filedoc'])
      expect(route(name).packages, name).not.toContain('libphonenumber-js')
  })

  it('loads pdf.js with the first PDF the reader shows, never on a first load', () => {
    // docs/reader.md, "PDF and previews": the reader's viewer imports it lazily.
    for (const r of report.routes) expect(r.packages, r.route).not.toContain('pdfjs-dist')
  })

  it('builds React for production although NODE_ENV said development', () => {
    const assets = join(outDir, 'assets')
    const js = readdirSync(assets).filter((file) => file.endsWith('.js'))
    expect(js.length).toBeGreaterThan(0)
    for (const file of js) {
      const code = readFileSync(join(assets, file), 'utf8')
      // The development JSX runtime and a warning only React's development bundle has.
      expect(code, file).not.toContain('jsxDEV')
      expect(code, file).not.toContain('The above error occurred')
    }
  })
})
