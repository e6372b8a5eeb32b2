import { createHash } from 'node:crypto'
import { Queue, QueueEvents, Worker } from 'bullmq'
import { createClient } from 'redis'
import { PreviewsBusy } from './fair-turns.js'
import {
  converterOf,
  notMade,
  retryAfterSeconds,
  askOrder,
  storedPreview,
  within,
} from './preview-conversion.js'
import type { PreviewJobSettings, PreviewMaker, PreviewOptions } from './previews.js'

// Office previews as BullMQ jobs on Redis (docs/files.md, "Previews"): one queue, a worker in
// every api node that has a sandbox, one job per document whichever node asks, and the askers
// taking turns across every node (docs/files.md, "Fair turns").

/** The longest a scrape waits for the queue's depth (Redis unreachable: no sample). */
const PENDING_READ_MS = 5_000

/** The queue every api node shares. */
export const PREVIEW_QUEUE = 'previews'

/**
 * The job of a stored document: the same from every node, so asks through any of them share it.
 * BullMQ ids cannot hold ':' and stored names hold many characters: a digest of the name.
 */
export const previewJobId = (name: string): string =>
  `preview-${createHash('sha256').update(name).digest('hex')}`

/**
 * One person's asks under way, on every node: a sorted set of job ids, each scored by the time
 * its ask stops waiting, so an ask whose node died is forgotten once its wait would have ended.
 */
export const asksKey = (asker: string): string => `previews:asks:${asker}`

interface PreviewJob {
  name: string
}

export interface PreviewJobOptions extends PreviewOptions {
  redisUrl: string
  jobs: PreviewJobSettings
  waitMs: number
}

export const createPreviewJobs = (options: PreviewJobOptions): PreviewMaker => {
  const { store, logger, redisUrl, jobs, waitMs, perPerson, timeoutMs } = options
  // One client each: the events' reads block theirs; BullMQ adds the worker's blocking one.
  const clients: ReturnType<typeof createClient>[] = []
  const client = () => {
    const made = createClient({ url: redisUrl })
    made.on('error', (err: unknown) => logger.warn({ err }, 'previews: Redis connection'))
    clients.push(made)
    return made
  }
  const onError = (err: unknown) => logger.warn({ err }, 'previews: jobs')
  const queue = new Queue<PreviewJob>(PREVIEW_QUEUE, { connection: client() })
  queue.on('error', onError)
  const events = new QueueEvents(PREVIEW_QUEUE, { connection: client() })
  events.on('error', onError)
  // Each person's asks, read and written by this client, connected at the first ask.
  const asks = client()
  let asksReady: Promise<unknown> | undefined
  const inOrder = askOrder()
  const conversion = converterOf(options)
  const converter = 'off' in conversion ? undefined : conversion.converter
  // A node without a sandbox takes no job; the others' PDFs still serve it.
  const worker =
    converter &&
    new Worker<PreviewJob>(PREVIEW_QUEUE, (job) => converter.convert(job.data.name), {
      connection: client(),
      // LibreOffice is heavy: one conversion at a time per node.
      concurrency: 1,
      lockDuration: jobs.lockDurationMs,
      stalledInterval: jobs.stalledIntervalMs,
    })
  worker?.on('error', onError)
  worker?.on('failed', (job, err) =>
    logger.warn({ err, file: job?.data.name }, 'previews: a job failed'),
  )

  /**
   * Counts this ask among the asker's, and answers how many they now have under way (this one
   * included), or refuses it when that is more than their share.
   */
  const holdTurn = async (asker: string, jobId: string): Promise<number> => {
    asksReady ??= asks.connect()
    await asksReady
    const key = asksKey(asker)
    const now = Date.now()
    const replies = await asks
      .multi()
      .zRemRangeByScore(key, '-inf', now)
      .zAdd(key, { score: now + waitMs, value: jobId })
      .zCard(key)
      .pExpire(key, waitMs)
      .exec()
    const count = Number(replies[2])
    if (count > perPerson) {
      await asks.zRem(key, jobId)
      throw new PreviewsBusy(retryAfterSeconds(timeoutMs))
    }
    return count
  }

  return {
    async pdfOf(name, asker) {
      const { value: ready, done } = await inOrder(storedPreview(store, name))
      if (ready !== undefined || 'off' in conversion) done()
      if (ready !== undefined) return ready
      if ('off' in conversion) throw conversion.off
      const jobId = previewJobId(name)
      // An id already queued or running gives back that job: one conversion for every ask. A
      // finished job is gone (its outcome is the store), so a later ask adds one that finds
      // the store's PDF or failure and converts nothing. The asker's n-th ask under way waits
      // behind everyone's earlier ones: BullMQ takes the lowest priority number first.
      const job = async () => {
        const priority = await holdTurn(asker, jobId)
        const added = await queue.add(
          'preview',
          { name },
          { jobId, priority, removeOnComplete: true, removeOnFail: true },
        )
        await added.waitUntilFinished(events, waitMs)
      }
      // The asker's turn is counted as the job starts (its Redis commands go out in order), so
      // the next ask may take its own from here.
      const started = job()
      done()
      let cause: unknown
      try {
        // Bounded as a whole: while Redis cannot be reached, commands wait for it.
        await within(started, waitMs, 'The preview job')
      } catch (error) {
        if (error instanceof PreviewsBusy) throw error
        // Failed, gone before this ask looked, not finished in time: the store says.
        cause = error
      } finally {
        if (asksReady) await asks.zRem(asksKey(asker), jobId).catch(() => undefined)
      }
      const made = await storedPreview(store, name)
      if (made !== undefined) return made
      throw notMade(cause)
    },
    async close() {
      // The worker first: it finishes its running conversion, and takes no other.
      await worker?.close()
      await events.close()
      await queue.close()
      await Promise.all(clients.map((made) => (made.isOpen ? made.close() : undefined)))
    },
    pending: () =>
      within(
        queue.getJobCountByTypes('waiting', 'active', 'prioritized'),
        PENDING_READ_MS,
        'Reading the queue',
      ),
  }
}
