/**
 * Bundle budgets (docs/bundle-budgets.md): per route, the gzip size of all the JavaScript a
 * browser loads to show it on a first visit. The build prints the table and writes
 * `bundle-report.json` next to the build; `src/build/bundle-budget.node.test.ts` checks it.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Logger, Plugin } from 'vite'

export const KiB = 1024
/** The compression the figures use: gzip at its best level, each file on its own. */
export const gzipLevel = 9
export const reportFileName = 'bundle-report.json'

export interface RouteSpec {
  /** The paths, as the table prints them. */
  route: string
  /**
   * The modules `src/routes.tsx` loads lazily for these paths, relative to apps/web: the
   * keys of their chunks in the build manifest. Keep in step with `src/routes.tsx`.
   */
  modules: readonly string[]
  /** The most gzip KiB of JavaScript the route may load, if it has a budget. */
  budgetKiB?: number
}

/** The layout of the pages that call the api: the query client (and react-query, which it imports). */
const api = 'src/lib/query-client.ts'
const guard = 'src/session/require-session.tsx'

export const routeSpecs: readonly RouteSpec[] = [
  {
    route: '/landing-page',
    modules: ['src/features/landing-page/landing-page.tsx'],
    budgetKiB: 120,
  },
  { route: '/auth', modules: [api, 'src/features/account/auth-page.tsx'] },
  { route: '/inscription', modules: [api, 'src/features/account/inscription-page.tsx'] },
  { route: '/privacy-fr, /privacy-eng', modules: ['src/features/privacy/privacy-page.tsx'] },
  { route: '/not-found', modules: ['src/features/not-found/not-found-page.tsx'] },
  {
    route: '/wall, /wall/discussion/:id',
    modules: [api, guard, 'src/features/wall/wall-page.tsx'],
    budgetKiB: 250,
  },
  {
    route: '/wall/discussion/lecteur/:filedoc',
    // The reader shows over the wall: a first visit loads both.
    modules: [api, guard, 'src/features/wall/wall-page.tsx', 'src/features/reader/reader-page.tsx'],
    budgetKiB: 250,
  },
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
  bytes: number
  gzipBytes: number
}

export interface RouteReport {
  route: string
  modules: readonly string[]
  /** Listed modules that have no chunk of their own: loaded with the entry, not lazily. */
  notSplit: string[]
  budgetKiB: number | null
  /** Every JavaScript file loaded: the entry, the route's lazy chunks, their static imports. */
  files: FileSize[]
  bytes: number
  gzipBytes: number
  /** The npm packages whose code is in those files (when the build told us). */
  packages: string[]
  withinBudget: boolean
}

export interface BundleReport {
  measure: string
  entry: string
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
  /** The bytes of a built file, by its path relative to the build directory. */
  readFile: (file: string) => Buffer
  /** The source modules bundled into a built file, when known. */
  modulesOf?: (file: string) => readonly string[]
  routes?: readonly RouteSpec[]
}): BundleReport => {
  const { manifest, readFile, modulesOf } = options
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry === true)
  if (entries.length !== 1) throw new Error(`Expected one entry chunk, found ${entries.length}`)
  const [entryKey, entryChunk] = entries[0] as [string, ManifestChunk]

  const sizes = new Map<string, FileSize>()
  const sizeOf = (file: string): FileSize => {
    let size = sizes.get(file)
    if (size === undefined) {
      const bytes = readFile(file)
      size = { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: gzipLevel }).length }
      sizes.set(file, size)
    }
    return size
  }

  const routes = (options.routes ?? routeSpecs).map((spec): RouteReport => {
    const keys = new Set<string>()
    staticClosure(manifest, entryKey, keys)
    const notSplit: string[] = []
    for (const module of spec.modules) {
      if (manifest[module] === undefined) notSplit.push(module)
      else staticClosure(manifest, module, keys)
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
    const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0)
    const budgetKiB = spec.budgetKiB ?? null
    return {
      route: spec.route,
      modules: spec.modules,
      notSplit,
      budgetKiB,
      files,
      bytes: files.reduce((sum, f) => sum + f.bytes, 0),
      gzipBytes,
      packages: [...packages].sort(),
      withinBudget: budgetKiB === null || gzipBytes <= budgetKiB * KiB,
    }
  })
  return {
    measure: `JavaScript per route: node:zlib gzip level ${gzipLevel}, each file on its own; KiB = ${KiB} bytes`,
    entry: entryChunk.file,
    routes,
  }
}

const kib = (bytes: number): string => (bytes / KiB).toFixed(1)

export const formatReport = (report: BundleReport): string => {
  const rows = report.routes.map((r) => [
    r.route,
    kib(r.bytes),
    kib(r.gzipBytes),
    r.budgetKiB === null ? '-' : `${r.budgetKiB}`,
    r.notSplit.length > 0 ? 'NOT SPLIT' : r.withinBudget ? 'ok' : 'OVER BUDGET',
  ])
  const header = ['route', 'KiB', 'gzip KiB', 'budget', '']
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
 * `build.manifest: true`. Reports, never fails the build: the budget test does that.
 */
export const bundleBudget = (): Plugin => {
  let manifestFile: string | undefined
  let logger: Logger | undefined
  return {
    name: 'palabre:bundle-budget',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      const { manifest } = config.build
      if (manifest === false) throw new Error('bundle-budget needs build.manifest: true')
      manifestFile = typeof manifest === 'string' ? manifest : '.vite/manifest.json'
      logger = config.logger
    },
    writeBundle(output, bundle) {
      const dir = output.dir
      if (dir === undefined || manifestFile === undefined) return
      const manifest = JSON.parse(readFileSync(join(dir, manifestFile), 'utf8')) as Manifest
      const report = measureRoutes({
        manifest,
        readFile: (file) => readFileSync(join(dir, file)),
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
