/**
 * Precompression (docs/bundle-budgets.md, "Compression"): once the build is written, every file
 * a browser may fetch that compresses gets a gzip twin (`.gz`) and a brotli twin (`.br`) beside
 * it. `pnpm start` (tooling/serve) sends the twin the browser accepts, nginx the `.gz`
 * (`gzip_static`); neither compresses at request time. The budget report reads these files'
 * sizes: what the server actually sends.
 */
import { existsSync, statSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

/** gzip at its best level, as nginx's `gzip_static` will send it. */
export const gzipLevel = 9
/** brotli at its best quality: done once per build, so its slowness costs nothing at request. */
export const brotliQuality = 11

/** What compresses: text, and WebAssembly. Images and fonts are compressed already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|wasm|txt|xml|webmanifest|ico)$/
/** Source maps are fetched by developer tools only: not worth a twin. */
const skipped = /\.map$/

export interface Twins {
  gzip: number | null
  brotli: number | null
}

/**
 * Writes `file.gz` and `file.br` beside `file`, each only when it is smaller than the file (a
 * server sends the file itself otherwise). Returns their sizes, null for a twin not written.
 */
export const compressFile = async (file: string): Promise<Twins> => {
  const bytes = await readFile(file)
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(bytes, { level: gzipLevel }),
    brotliAsync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: file.endsWith('.wasm')
          ? constants.BROTLI_MODE_GENERIC
          : constants.BROTLI_MODE_TEXT,
      },
    }),
  ])
  const twins: Twins = { gzip: null, brotli: null }
  if (gzipped.length < bytes.length) {
    await writeFile(`${file}.gz`, gzipped)
    twins.gzip = gzipped.length
  }
  if (brotli.length < bytes.length) {
    await writeFile(`${file}.br`, brotli)
    twins.brotli = brotli.length
  }
  return twins
}

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name)
      return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path])
    }),
  )
  return nested.flat()
}

/** Every compressible file of a built directory, the public files copied into it included. */
export const precompressDir = async (dir: string): Promise<number> => {
  const files = (await filesUnder(dir)).filter(
    (file) => compressible.test(file) && !skipped.test(file),
  )
  // A few at a time: zlib's work runs on libuv's four threads anyway.
  for (let at = 0; at < files.length; at += 4) {
    await Promise.all(files.slice(at, at + 4).map(compressFile))
  }
  return files.length
}

/** The size of `file` as sent with `encoding`: its twin's when it has one, else its own. */
export const sentSize = (file: string, encoding: 'identity' | 'gzip' | 'br'): number => {
  const twin = encoding === 'identity' ? file : `${file}.${encoding === 'gzip' ? 'gz' : 'br'}`
  return statSync(existsSync(twin) ? twin : file).size
}

/**
 * The Vite plugin. Rolldown runs the plugins' `writeBundle` hooks one after the other, in the
 * config's order: the plugins after this one (the budget report) find the twins written.
 */
export const precompress = (): Plugin => ({
  name: 'palabre:precompress',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  async writeBundle(output) {
    if (output.dir !== undefined) await precompressDir(output.dir)
  },
})
