/**
 * Bundle budgets (docs/bundle-budgets.md): per route, the compressed size of all the JavaScript a
 * browser loads to show it on a first visit, as the server sends it: the precompressed twins the
 * build writes beside each file (scripts/precompress.ts), gzip as nginx sends it and brotli as
 * `pnpm start` sends it to a browser. The build prints the table and writes
 * `bundle-report.json` next to the build; `src/build/bundle-budget.node.test.ts` checks it.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { Logger, Plugin } from 'vite'
import { sentSize } from './precompress.js'

export const KiB = 1024
export const reportFileName = 'bundle-report.json'

export interface RouteSpec {
  /** The paths, as the table prints them. */
  route: string
  /**
   * The modules `src/routes.tsx` loads lazily for these paths, relative to apps/web: the
   * keys of their chunks in the build manifest. Keep in step with `src/routes.tsx`.
   */
  modules: readonly string[]
  /** The most gzip KiB of JavaScript the route may load (as nginx sends it), if it has a budget. */
  budgetKiB?: number
}

/** The app (React, the router, i18n), which the entry loads lazily beside the page's modules. */
const app = 'src/app.tsx'
/** The layout of the pages that call the api: the query client (and react-query, which it imports). */
const api = 'src/lib/query-client.ts'
const guard = 'src/session/require-session.tsx'

export const routeSpecs: readonly RouteSpec[] = [
  {
    route: '/landing-page',
    modules: [app, 'src/features/landing-page/landing-page.tsx'],
    budgetKiB: 120,
  },
  // Sign-in and sign-up paint without the schemas and the phone metadata
  // (docs/bundle-budgets.md, "First paint").
  { route: '/auth', modules: [app, api, 'src/features/account/auth-page.tsx'], budgetKiB: 160 },
  {
    route: '/inscription',
    modules: [app, api, 'src/features/account/inscription-page.tsx'],
    budgetKiB: 160,
  },
  { route: '/privacy-fr, /privacy-eng', modules: [app, 'src/features/privacy/privacy-page.tsx'] },
  { route: '/not-found', modules: [app, 'src/features/not-found/not-found-page.tsx'] },
  {
    route: '/wall, /wall/discussion/:id',
    modules: [app, api, guard, 'src/features/wall/wall-page.tsx'],
    budgetKiB: 255,
  },
  {
    route: '/wall/discussion/lecteur/:filedoc',
    // The reader shows over the wall: a first visit loads both.
    modules: [
      app,
      api,
      guard,
      'src/features/wall/wall-page.tsx',
      'src/features/reader/reader-page.tsx',
    ],
    // The wall's 255 and the reader's own page (docs/bundle-budgets.md).
    budgetKiB: 260,
  },
  // The administrators' console: printed without a budget, since only administrators open it.
  { route: '/admin', modules: [app, api, guard, 'src/features/admin/admin-page.tsx'] },
]

/** The fields of Vite's `.vite/manifest.json` this reads. */
export interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
}
export type Manifest = Record<string, ManifestChunk>

export interface FileSize {
  file: string
  /** On disk, as a client that accepts no compression gets it. */
  bytes: number
  /** As sent with `Content-Encoding: gzip`: its `.gz` twin, or itself when it has none. */
  gzipBytes: number
  /** As sent with `Content-Encoding: br`: its `.br` twin, or itself when it has none. */
  brotliBytes: number
}

export interface RouteReport {
  route: string
  modules: readonly string[]
  /** Listed modules that have no lazy chunk: loaded with the entry, not lazily. */
  notSplit: string[]
  budgetKiB: number | null
  /** Every JavaScript file loaded: the entry, the route's lazy chunks, their static imports. */
  files: FileSize[]
  /** How many JavaScript files: each a request, which a slow network makes costly. */
  requests: number
  bytes: number
  gzipBytes: number
  brotliBytes: number
  /** The npm packages whose code is in those files (when the build told us). */
  packages: string[]
  withinBudget: boolean
}

export interface BundleReport {
  measure: string
  entry: string
  /** The chunks the entry imports statically: none, so it runs as soon as it arrives. */
  entryImports: string[]
  routes: RouteReport[]
}

/** The manifest key of a chunk and every chunk it statically imports, transitively. */
const staticClosure = (manifest: Manifest, key: string, into: Set<string>): void => {
  if (into.has(key)) return
  const chunk = manifest[key]
  if (chunk === undefined) throw new Error(`No chunk "${key}" in the build manifest`)
  into.add(key)
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into)
}

/** `…/node_modules/.pnpm/x@1/node_modules/@scope/name/dist/a.js` -> `@scope/name`. */
export const packageOf = (moduleId: string): string | null => {
  const path = moduleId.replace(/\\/g, '/')
  const at = path.lastIndexOf('/node_modules/')
  if (at < 0) return null
  const [first, second] = path.slice(at + '/node_modules/'.length).split('/')
  if (first === undefined) return null
  return first.startsWith('@') && second !== undefined ? `${first}/${second}` : first
}

export const measureRoutes = (options: {
  manifest: Manifest
  /** The sizes of a built file as sent, by its path relative to the build directory. */
  sizeOf: (file: string) => Omit<FileSize, 'file'>
  /** The source modules bundled into a built file, when known. */
  modulesOf?: (file: string) => readonly string[]
  /**
   * The manifest key of the chunk holding a module (relative to apps/web), when the build put it
   * in a chunk group of vite.config.ts rather than a chunk named after it. By default, the
   * module's own key.
   */
  chunkOf?: (module: string) => string | undefined
  routes?: readonly RouteSpec[]
}): BundleReport => {
  const { manifest, modulesOf } = options
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry === true)
  if (entries.length !== 1) throw new Error(`Expected one entry chunk, found ${entries.length}`)
  const [entryKey, entryChunk] = entries[0] as [string, ManifestChunk]

  const sizes = new Map<string, FileSize>()
  const sizeOf = (file: string): FileSize => {
    let size = sizes.get(file)
    if (size === undefined) {
      size = { file, ...options.sizeOf(file) }
      sizes.set(file, size)
    }
    return size
  }

  const entryKeys = new Set<string>()
  staticClosure(manifest, entryKey, entryKeys)
  const chunkOf = (module: string): string | undefined =>
    manifest[module] !== undefined ? module : options.chunkOf?.(module)

  const routes = (options.routes ?? routeSpecs).map((spec): RouteReport => {
    const keys = new Set<string>(entryKeys)
    const notSplit: string[] = []
    for (const module of spec.modules) {
      const key = chunkOf(module)
      if (key === undefined || entryKeys.has(key)) notSplit.push(module)
      else staticClosure(manifest, key, keys)
    }
    const files = [...keys]
      .map((key) => (manifest[key] as ManifestChunk).file)
      .filter((file) => file.endsWith('.js'))
      .map(sizeOf)
    const packages = new Set<string>()
    for (const { file } of files) {
      for (const id of modulesOf?.(file) ?? []) {
        const name = packageOf(id)
        if (name !== null) packages.add(name)
      }
    }
    const total = (size: (f: FileSize) => number) => files.reduce((sum, f) => sum + size(f), 0)
    const gzipBytes = total((f) => f.gzipBytes)
    const budgetKiB = spec.budgetKiB ?? null
    return {
      route: spec.route,
      modules: spec.modules,
      notSplit,
      budgetKiB,
      files,
      requests: files.length,
      bytes: total((f) => f.bytes),
      gzipBytes,
      brotliBytes: total((f) => f.brotliBytes),
      packages: [...packages].sort(),
      withinBudget: budgetKiB === null || gzipBytes <= budgetKiB * KiB,
    }
  })
  return {
    measure: `JavaScript per route, as sent: the build's precompressed .gz and .br files; KiB = ${KiB} bytes`,
    entry: entryChunk.file,
    entryImports: (entryChunk.imports ?? []).map((key) => manifest[key]?.file ?? key),
    routes,
  }
}

const kib = (bytes: number): string => (bytes / KiB).toFixed(1)

export const formatReport = (report: BundleReport): string => {
  const rows = report.routes.map((r) => [
    r.route,
    `${r.requests}`,
    kib(r.bytes),
    kib(r.gzipBytes),
    kib(r.brotliBytes),
    r.budgetKiB === null ? '-' : `${r.budgetKiB}`,
    r.notSplit.length > 0 ? 'NOT SPLIT' : r.withinBudget ? 'ok' : 'OVER BUDGET',
  ])
  const header = ['route', 'files', 'KiB', 'gzip KiB', 'brotli KiB', 'gzip budget', '']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd()
  return [
    `Bundle budgets (docs/bundle-budgets.md). ${report.measure}.`,
    line(header),
    ...rows.map(line),
  ].join('\n')
}

/**
 * Prints the table once the client build is written and saves the report beside it. Needs
 * `build.manifest: true`, and the precompress plugin before it in the config (it reads the
 * twins that plugin writes). Reports, never fails the build: the budget test does that.
 */
export const bundleBudget = (): Plugin => {
  let manifestFile: string | undefined
  let logger: Logger | undefined
  let root = ''
  return {
    name: 'palabre:bundle-budget',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      const { manifest } = config.build
      if (manifest === false) throw new Error('bundle-budget needs build.manifest: true')
      manifestFile = typeof manifest === 'string' ? manifest : '.vite/manifest.json'
      logger = config.logger
      root = config.root
    },
    writeBundle(output, bundle) {
      const dir = output.dir
      if (dir === undefined || manifestFile === undefined) return
      const manifest = JSON.parse(readFileSync(join(dir, manifestFile), 'utf8')) as Manifest
      // Which chunk holds each source module, for the modules the chunk groups gathered.
      const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]))
      const chunkOfModule = new Map<string, string>()
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        const key = keyOfFile.get(chunk.fileName)
        if (key === undefined) continue
        for (const id of chunk.moduleIds)
          chunkOfModule.set(relative(root, id).split(sep).join('/'), key)
      }
      const report = measureRoutes({
        manifest,
        chunkOf: (module) => chunkOfModule.get(module),
        sizeOf: (file) => {
          const path = join(dir, file)
          return {
            bytes: sentSize(path, 'identity'),
            gzipBytes: sentSize(path, 'gzip'),
            brotliBytes: sentSize(path, 'br'),
          }
        },
        modulesOf: (file) => {
          const chunk = bundle[file]
          return chunk?.type === 'chunk' ? chunk.moduleIds : []
        },
      })
      writeFileSync(join(dir, reportFileName), `${JSON.stringify(report, null, 2)}\n`)
      logger?.info(`\n${formatReport(report)}\n`)
    },
  }
}
