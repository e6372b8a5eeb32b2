import type { Logger } from '../logger.js'
import { createFairTurns, PreviewsBusy } from './fair-turns.js'
import type { FileStore } from './file-store.js'
import {
  converterOf,
  notMade,
  retryAfterSeconds,
  askOrder,
  storedPreview,
  within,
} from './preview-conversion.js'
import { createPreviewJobs } from './preview-jobs.js'
import type { Sandbox } from './sandbox.js'

export { PreviewsBusy } from './fair-turns.js'
export { PreviewUnavailable } from './preview-conversion.js'

/**
 * Office documents previewed as PDF (docs/files.md, "Previews"): converted by headless
 * LibreOffice in a sandbox, nothing sent elsewhere; once per file (concurrent asks share one
 * conversion, the PDF and a failure are kept in the file store), one conversion at a time per
 * node (LibreOffice is heavy), each within a time limit, and the people who ask taking turns.
 */
export interface PreviewMaker {
  /**
   * The store key of the PDF preview of the stored office document `name`, once the store has
   * it, converting it first if needed, in `asker`'s turn. Rejects with `PreviewUnavailable`
   * when there is no converter, the document failed to convert (then or before), or the wait
   * ran out; with `PreviewsBusy` when `asker` already has their share of conversions under way.
   */
  pdfOf(name: string, asker: string): Promise<string>
  /** Stops taking conversions, waits for this node's own, and lets go of what it holds. */
  close(): Promise<void>
  /**
   * Conversions asked for and not finished, the running ones and those waiting their turn:
   * this process's asks, or with jobs the whole queue's (the metrics' gauge).
   */
  pending(): number | Promise<number>
}

/** How jobs are held and recovered, in milliseconds (docs/files.md, "Previews"). */
export interface PreviewJobSettings {
  /**
   * How long a worker's hold on a running job lasts; the worker renews it while it works, so a
   * job is another node's only once its node stopped renewing (killed, frozen).
   */
  lockDurationMs: number
  /** How often each worker looks for jobs whose hold expired, and queues them again. */
  stalledIntervalMs: number
}

/** BullMQ's own defaults: a node killed mid-job has its job taken again within a minute. */
export const PRODUCTION_JOB_SETTINGS: PreviewJobSettings = {
  lockDurationMs: 30_000,
  stalledIntervalMs: 30_000,
}

export interface PreviewOptions {
  /** Where the originals are read, and the PDFs and failures written. */
  store: FileStore
  /**
   * Where LibreOffice runs, or why this node converts nothing: previews never run outside a
   * sandbox (docs/files.md, "The sandbox").
   */
  sandbox: Sandbox | { off: string }
  /** The longest one conversion may run before it is killed (PREVIEW_TIMEOUT_MS). */
  timeoutMs: number
  /** Conversions one person may have waiting or running at once (PREVIEWS_PER_PERSON). */
  perPerson: number
  /** The folder conversions make their own folders in; the system's by default. */
  workRoot?: string | undefined
  logger: Logger
  /** With it, conversions are BullMQ jobs on this Redis; without, this process's own queue. */
  redisUrl?: string | undefined
  /** Jobs only: how long holds last and how often expired ones are looked for. */
  jobs?: PreviewJobSettings
  /**
   * The longest one ask waits for its conversion; the conversion itself goes on, and a later
   * ask finds its outcome in the store. By default room for one conversion ahead of it, its
   * own, and (jobs) one recovery from a killed node.
   */
  waitMs?: number
  /** Told how long each LibreOffice run of this node took, and whether it made a PDF. */
  onConversion?: (seconds: number, outcome: 'ok' | 'failed') => void
}

/** Office previews as BullMQ jobs when `redisUrl` is given, else in this process. */
export const createPreviews = (options: PreviewOptions): PreviewMaker => {
  const jobs = options.jobs ?? PRODUCTION_JOB_SETTINGS
  const recovery = options.redisUrl ? jobs.lockDurationMs + jobs.stalledIntervalMs : 0
  const waitMs = options.waitMs ?? 2 * options.timeoutMs + recovery
  return options.redisUrl
    ? createPreviewJobs({ ...options, redisUrl: options.redisUrl, jobs, waitMs })
    : createLocalPreviews({ ...options, waitMs })
}

/**
 * Without Redis (one api node): this process's queue. Concurrent asks for one document share
 * one conversion, and conversions run one at a time, the askers taking turns.
 */
const createLocalPreviews = (options: PreviewOptions & { waitMs: number }): PreviewMaker => {
  const { store, waitMs, perPerson, timeoutMs } = options
  const conversion = converterOf(options)
  const asked = new Map<string, Promise<string>>()
  const turns = createFairTurns({
    concurrency: 1,
    perPerson,
    retryAfterSeconds: retryAfterSeconds(timeoutMs),
  })

  const inOrder = askOrder()
  const takeTurn = async (
    name: string,
    asker: string,
  ): Promise<{ ready: string } | { turn: Promise<void> }> => {
    const { value: ready, done } = await inOrder(storedPreview(store, name))
    try {
      if (ready !== undefined) return { ready }
      if ('off' in conversion) throw conversion.off
      const { converter } = conversion
      return { turn: turns.run(asker, () => converter.convert(name)) }
    } finally {
      done()
    }
  }

  const ask = async (name: string, asker: string): Promise<string> => {
    const taken = await takeTurn(name, asker)
    if ('ready' in taken) return taken.ready
    const { turn } = taken
    let cause: unknown
    try {
      await within(turn, waitMs, 'The conversion')
    } catch (error) {
      // Refused at once: the asker has their share under way.
      if (error instanceof PreviewsBusy) throw error
      cause = error
    }
    const made = await storedPreview(store, name)
    if (made !== undefined) return made
    throw notMade(cause)
  }

  return {
    pdfOf(name, asker) {
      // Whoever asks for a document being made waits for it, whatever their share.
      const running = asked.get(name)
      if (running) return running
      const next = ask(name, asker)
      asked.set(name, next)
      void next.finally(() => asked.delete(name)).catch(() => undefined)
      return next
    },
    close: () => turns.idle(),
    pending: () => asked.size,
  }
}
