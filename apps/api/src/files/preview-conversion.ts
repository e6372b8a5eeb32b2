import { spawn } from 'node:child_process'
import { constants } from 'node:fs'
import { access, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { extensionOf } from '@palabre/contracts'
import type { Logger } from '../logger.js'
import { previewKeys } from './file-store.js'
import type { FileStore } from './file-store.js'

// One office preview's conversion, wherever it runs (docs/files.md, "Previews"): the original
// read from the file store, LibreOffice run on a copy in a temporary folder, the PDF or the
// failure written back to the store. Nothing else of a preview lives on this machine.

/**
 * Why there is no preview: no converter on this server, this document failed to convert, or
 * its conversion did not end in time.
 */
export class PreviewUnavailable extends Error {}

export const noConverter = () =>
  new PreviewUnavailable('Previews need LibreOffice, which this server does not have.')

/** The first `soffice` on the PATH, or undefined. */
export const findSoffice = async (path: string): Promise<string | undefined> => {
  for (const folder of path.split(delimiter).filter(Boolean)) {
    const candidate = join(folder, 'soffice')
    try {
      await access(candidate, constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return undefined
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

/**
 * Runs one LibreOffice conversion in its own process group, killed whole when the time is up
 * (soffice starts a second process that would outlive its launcher).
 */
const runSoffice = (
  soffice: string,
  profile: string,
  input: string,
  outDir: string,
  timeoutMs: number,
): Promise<void> =>
  new Promise((done, fail) => {
    const child = spawn(
      soffice,
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--invisible',
        '--norestore',
        '--nologo',
        '--nodefault',
        '--nolockcheck',
        '--convert-to',
        'pdf',
        '--outdir',
        outDir,
        input,
      ],
      { detached: true, stdio: 'ignore' },
    )
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
      } catch {
        // already gone
      }
      fail(new PreviewUnavailable(`The conversion took longer than ${timeoutMs} ms.`))
    }, timeoutMs)
    child.on('error', (error) => {
      clearTimeout(timer)
      fail(new PreviewUnavailable(`LibreOffice could not start: ${error.message}`))
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      if (code === 0) done()
      else fail(new PreviewUnavailable(`LibreOffice exited with ${code}.`))
    })
  })

/** The longest failure message kept and read back: a reason, not a log. */
const MAX_REASON_BYTES = 1_000

/**
 * What the store holds of a document's preview: the PDF's key, undefined when there is neither
 * PDF nor failure, or a rejection with the remembered failure's reason.
 */
export const storedPreview = async (
  store: FileStore,
  name: string,
): Promise<string | undefined> => {
  const keys = previewKeys(name)
  if ((await store.size(keys.pdf)) !== null) return keys.pdf
  if ((await store.size(keys.failed)) === null) return undefined
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of await store.read(keys.failed)) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string)
    chunks.push(bytes)
    length += bytes.length
    if (length >= MAX_REASON_BYTES) break
  }
  const reason = Buffer.concat(chunks).subarray(0, MAX_REASON_BYTES).toString('utf8').trim()
  throw new PreviewUnavailable(reason || 'This document could not be converted.')
}

/** Neither PDF nor failure in the store after waiting: why, in the waiter's words. */
export const notMade = (cause: unknown): PreviewUnavailable =>
  cause instanceof PreviewUnavailable
    ? cause
    : new PreviewUnavailable(
        `No preview was made${cause instanceof Error ? `: ${cause.message}` : '.'}`,
      )

export interface ConverterOptions {
  store: FileStore
  /** The LibreOffice program. */
  soffice: string
  /** The longest one conversion may run before it is killed. */
  timeoutMs: number
  logger: Logger
  /** Told how long each LibreOffice run took, and whether it made a PDF (the metrics). */
  onConversion?: (seconds: number, outcome: 'ok' | 'failed') => void
}

export interface Converter {
  /**
   * Makes the preview of the stored document `name` unless the store has its PDF or its
   * failure already: the PDF, or the failure's reason, is in the store when this resolves.
   * Rejects only when neither could be stored (the original missing, the store failing).
   */
  convert(name: string): Promise<void>
  /** Deletes this process's LibreOffice profile; call once no conversion runs. */
  close(): Promise<void>
}

/** Conversions by this process, one LibreOffice profile for all of them. */
export const createConverter = (options: ConverterOptions): Converter => {
  const { store, soffice, timeoutMs, logger, onConversion } = options
  // One LibreOffice profile per process: two processes must not share one.
  let profile: Promise<string> | undefined
  return {
    async convert(name) {
      const keys = previewKeys(name)
      if ((await store.size(keys.pdf)) !== null || (await store.size(keys.failed)) !== null) return
      profile ??= mkdtemp(join(tmpdir(), 'palabre-office-'))
      const work = await mkdtemp(join(tmpdir(), 'palabre-preview-'))
      try {
        // A plain input name: LibreOffice names its output after it.
        const input = join(work, `document.${extensionOf(name)}`)
        await store.download(name, input)
        const started = Date.now()
        try {
          await runSoffice(soffice, await profile, input, work, timeoutMs)
          if (!(await exists(join(work, 'document.pdf'))))
            throw new PreviewUnavailable('LibreOffice wrote no PDF.')
        } catch (error) {
          onConversion?.((Date.now() - started) / 1_000, 'failed')
          logger.warn({ err: error, file: name }, 'office preview failed')
          const reason =
            error instanceof PreviewUnavailable
              ? error.message
              : 'This document could not be converted.'
          await writeFile(join(work, 'failed.txt'), reason)
          await store.put(keys.failed, join(work, 'failed.txt'), 'text/plain; charset=utf-8')
          return
        }
        onConversion?.((Date.now() - started) / 1_000, 'ok')
        // The store's put is atomic for readers: none sees half a PDF.
        await store.put(keys.pdf, join(work, 'document.pdf'), 'application/pdf')
        logger.info({ file: name, ms: Date.now() - started }, 'office preview made')
      } finally {
        await rm(work, { recursive: true, force: true })
      }
    },
    async close() {
      const made = profile
      profile = undefined
      if (made) await rm(await made, { recursive: true, force: true })
    },
  }
}

/** Resolves as `work` does, or rejects once `ms` have passed; `work` itself goes on. */
export const within = <T>(work: Promise<T>, ms: number, what: string): Promise<T> =>
  new Promise<T>((done, fail) => {
    const timer = setTimeout(
      () => fail(new PreviewUnavailable(`${what} did not end within ${ms} ms.`)),
      ms,
    )
    work.then(
      (value) => {
        clearTimeout(timer)
        done(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        fail(error)
      },
    )
  })
