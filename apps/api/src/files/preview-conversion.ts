import { lstat, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { extensionOf } from '@palabre/contracts'
import type { Logger } from '../logger.js'
import { previewKeys } from './file-store.js'
import type { FileStore } from './file-store.js'
import { PreviewUnavailable } from './sandbox.js'
import type { Sandbox } from './sandbox.js'

// One office preview's conversion, wherever it runs (docs/files.md, "Previews"): the original
// read from the file store into a folder of its own, LibreOffice run on it in the sandbox
// (docs/files.md, "The sandbox"), the PDF or the failure written back to the store. Nothing
// else of a preview lives on this machine.

export { PreviewUnavailable }

/** Why this server has no converter: said at start, and to whoever asks for a preview. */
export const previewsOff = (reason: string) =>
  new PreviewUnavailable(`Office previews are off on this server: ${reason}.`)

/**
 * Whether the sandbox left a plain file at `path`: what it wrote is untrusted, and a link
 * would make the api read (or write) outside the conversion's folder.
 */
const isPlainFile = (path: string) =>
  lstat(path).then(
    (found) => found.isFile(),
    () => false,
  )

/**
 * Keeps asks in the order they were made (docs/files.md, "Fair turns"): each ask reads the store
 * at once, but is answered only once every earlier ask has called its `done`, after taking its
 * turn, so a person's share counts their asks in the order they made them, whichever read of
 * the store ends first.
 */
export const askOrder = () => {
  let previousDone: Promise<void> = Promise.resolve()
  return async <T>(reading: Promise<T>): Promise<{ value: T; done: () => void }> => {
    const before = previousDone
    let done = () => {}
    previousDone = new Promise<void>((resolve) => (done = resolve))
    try {
      const value = await reading
      await before
      return { value, done }
    } catch (error) {
      void before.then(done)
      throw error
    }
  }
}

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
  /** Where LibreOffice runs. */
  sandbox: Sandbox
  /** The longest one conversion may run before it is killed. */
  timeoutMs: number
  logger: Logger
  /** The folder the conversions' own folders are made in; the system's by default. */
  workRoot?: string | undefined
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
}

/**
 * Conversions by this process. Each gets a folder of its own holding only its document (the
 * sandbox shows LibreOffice that folder and nothing of the api's), deleted after.
 */
export const createConverter = (options: ConverterOptions): Converter => {
  const { store, sandbox, timeoutMs, logger, onConversion } = options
  return {
    async convert(name) {
      const keys = previewKeys(name)
      if ((await store.size(keys.pdf)) !== null || (await store.size(keys.failed)) !== null) return
      const work = await mkdtemp(join(options.workRoot ?? tmpdir(), 'palabre-preview-'))
      // The sandbox's folder; the failure's reason is written beside it, never in it.
      const job = join(work, 'job')
      const pdf = join(job, 'document.pdf')
      const failed = join(work, 'failed.txt')
      try {
        await mkdir(job)
        // A plain input name: LibreOffice names its output after it.
        const input = `document.${extensionOf(name)}`
        await store.download(name, join(job, input))
        const started = Date.now()
        try {
          await sandbox.convert({ dir: job, input, timeoutMs })
          if (!(await isPlainFile(pdf))) throw new PreviewUnavailable('LibreOffice wrote no PDF.')
        } catch (error) {
          onConversion?.((Date.now() - started) / 1_000, 'failed')
          logger.warn({ err: error, file: name }, 'office preview failed')
          const reason =
            error instanceof PreviewUnavailable
              ? error.message
              : 'This document could not be converted.'
          await writeFile(failed, reason)
          await store.put(keys.failed, failed, 'text/plain; charset=utf-8')
          return
        }
        onConversion?.((Date.now() - started) / 1_000, 'ok')
        // The store's put is atomic for readers: none sees half a PDF.
        await store.put(keys.pdf, pdf, 'application/pdf')
        logger.info({ file: name, ms: Date.now() - started }, 'office preview made')
      } finally {
        await rm(work, { recursive: true, force: true })
      }
    },
  }
}

/** What a refused asker is told to wait: about one conversion. */
export const retryAfterSeconds = (timeoutMs: number): number => Math.ceil(timeoutMs / 1_000)

/** The converter of a node that has a sandbox, or the reason it has none. */
export const converterOf = (
  options: Omit<ConverterOptions, 'sandbox'> & { sandbox: Sandbox | { off: string } },
): { converter: Converter } | { off: PreviewUnavailable } =>
  'off' in options.sandbox
    ? { off: previewsOff(options.sandbox.off) }
    : { converter: createConverter({ ...options, sandbox: options.sandbox }) }

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
