// @vitest-environment node
// A `.node.test.ts`: runs in Node and is typechecked by tsconfig.node.json. It builds the web
// with the real config into a temporary directory, so it checks the sources as they are, on a
// clean checkout too, then reads the report the build wrote (docs/bundle-budgets.md).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  KiB,
  reportFileName,
  routeSpecs,
  type BundleReport,
  type Manifest,
  type RouteReport,
} from '../../scripts/bundle-budget'

const webDir = fileURLToPath(new URL('../..', import.meta.url))
let outDir = ''
let report: BundleReport
let manifest: Manifest

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
  manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
})

/** The files a chunk and its static imports are, transitively. */
const closure = (key: string, into = new Set<string>()): Set<string> => {
  const chunk = manifest[key]
  if (chunk === undefined) throw new Error(`No chunk "${key}" in the build manifest`)
  if (into.has(chunk.file)) return into
  into.add(chunk.file)
  for (const imported of chunk.imports ?? []) closure(imported, into)
  return into
}

const size = (file: string) => statSync(join(outDir, file)).size

afterAll(() => {
  if (outDir !== '') rmSync(outDir, { recursive: true, force: true })
})

describe('precompression (docs/bundle-budgets.md, "Compression")', () => {
  it('writes a gzip and a brotli twin beside every script, style and page, smaller and the same', () => {
    const built = [
      'index.html',
      ...readdirSync(join(outDir, 'assets'))
        .filter((file) => /\.(js|css)$/.test(file))
        .map((file) => `assets/${file}`),
    ]
    expect(built.length).toBeGreaterThan(10)
    for (const file of built) {
      const bytes = readFileSync(join(outDir, file))
      for (const [twin, unpack] of [
        [`${file}.gz`, gunzipSync],
        [`${file}.br`, brotliDecompressSync],
      ] as const) {
        // A file too small to gain from compression is sent as it is, with no twin.
        if (!existsSync(join(outDir, twin))) {
          expect(bytes.length, `${file} has no ${twin}`).toBeLessThan(200)
          continue
        }
        expect(size(twin), twin).toBeLessThan(bytes.length)
        expect(unpack(readFileSync(join(outDir, twin))).equals(bytes), twin).toBe(true)
      }
    }
  })

  it('measures each file as the server sends it: its twins, not a gzip of its own', () => {
    expect(report.measure).toContain('precompressed')
    for (const r of report.routes) {
      for (const f of r.files) {
        const twin = (ext: string) =>
          existsSync(join(outDir, `${f.file}.${ext}`)) ? size(`${f.file}.${ext}`) : size(f.file)
        expect(f.bytes, f.file).toBe(size(f.file))
        expect(f.gzipBytes, f.file).toBe(twin('gz'))
        expect(f.brotliBytes, f.file).toBe(twin('br'))
      }
      expect(r.gzipBytes).toBe(r.files.reduce((sum, f) => sum + f.gzipBytes, 0))
      expect(r.brotliBytes).toBe(r.files.reduce((sum, f) => sum + f.brotliBytes, 0))
    }
    expect(report.routes.map((r) => r.route)).toEqual(routeSpecs.map((r) => r.route))
  })
})

describe('bundle budgets', () => {
  it('gives every page a chunk of its own, loaded only on its route', () => {
    for (const r of report.routes) expect(r.notSplit, r.route).toEqual([])
  })

  it('keeps every route within its budget', () => {
    const budgeted = report.routes.filter((r) => r.budgetKiB !== null)
    expect(budgeted.map((r) => r.route)).toEqual([
      '/landing-page',
      '/auth',
      '/inscription',
      '/wall, /wall/discussion/:id',
      '/wall/discussion/lecteur/:filedoc',
    ])
    expect(route('/landing-page').budgetKiB).toBe(120)
    expect(route('/auth').budgetKiB).toBe(160)
    expect(route('/inscription').budgetKiB).toBe(160)
    expect(route('/wall, /wall/discussion/:id').budgetKiB).toBe(255)
    expect(route('/wall/discussion/lecteur/:filedoc').budgetKiB).toBe(260)
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
  })

  it('paints sign-in and sign-up without the schemas and the phone metadata, which follow', () => {
    // docs/bundle-budgets.md, "First paint": the account runtime brings them once the page is on
    // screen.
    for (const name of ['/auth', '/inscription']) {
      const { packages, files } = route(name)
      expect(packages, name).toContain('react-hook-form')
      for (const heavy of ['zod', 'libphonenumber-js', '@hookform/resolvers'])
        expect(packages, name).not.toContain(heavy)
      const runtime = manifest['src/features/account/account-runtime.ts']
      expect(runtime?.isDynamicEntry, 'the account runtime is a chunk of its own').toBe(true)
      expect(
        files.map((f) => f.file),
        name,
      ).not.toContain(runtime?.file)
    }
    const runtimeFiles = [...closure('src/features/account/account-runtime.ts')]
    expect(runtimeFiles.length).toBeGreaterThan(1)
    // The chunk groups of vite.config.ts: zod in `schema`, libphonenumber-js in `phone`.
    expect(runtimeFiles.some((file) => /\/schema-[\w-]+\.js$/.test(file))).toBe(true)
    expect(
      runtimeFiles.some((file) => /\/phone-[\w-]+\.js$/.test(file) && size(file) > 50_000),
    ).toBe(true)
  })

  it("runs the entry as soon as it arrives: it imports no chunk, the page's come beside the app's", () => {
    expect(report.entryImports).toEqual([])
    for (const r of report.routes) expect(r.modules[0], r.route).toBe('src/app.tsx')
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
