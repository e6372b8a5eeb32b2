import { createHash } from 'node:crypto'
import { Queue, QueueEvents, Worker } from 'bullmq'
import { createClient } from 'redis'
import {
  createConverter,
  noConverter,
  notMade,
  storedPreview,
  within,
} from './preview-conversion.js'
import type { PreviewJobSettings, PreviewMaker, PreviewOptions } from './previews.js'

// Office previews as BullMQ jobs on Redis (docs/files.md, "Previews"): one queue, a worker in
// every api node that has LibreOffice, one job per document whichever node asks.

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

interface PreviewJob {
  name: string
}

export interface PreviewJobOptions extends PreviewOptions {
  redisUrl: string
  jobs: PreviewJobSettings
  waitMs: number
}

export const createPreviewJobs = (options: PreviewJobOptions): PreviewMaker => {
  const { store, soffice, logger, redisUrl, jobs, waitMs } = options
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
  const converter = soffice === undefined ? undefined : createConverter({ ...options, soffice })
  // A node without LibreOffice takes no job; the others' PDFs still serve it.
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

  return {
    async pdfOf(name) {
      const ready = await storedPreview(store, name)
      if (ready !== undefined) return ready
      if (converter === undefined) throw noConverter()
      // An id already queued or running gives back that job: one conversion for every ask. A
      // finished job is gone (its outcome is the store), so a later ask adds one that finds
      // the store's PDF or failure and converts nothing.
      const job = async () => {
        const added = await queue.add(
          'preview',
          { name },
          { jobId: previewJobId(name), removeOnComplete: true, removeOnFail: true },
        )
        await added.waitUntilFinished(events, waitMs)
      }
      let cause: unknown
      try {
        // Bounded as a whole: while Redis cannot be reached, commands wait for it.
        await within(job(), waitMs, 'The preview job')
      } catch (error) {
        // Failed, gone before this ask looked, not finished in time: the store says.
        cause = error
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
      await converter?.close()
    },
    pending: () =>
      within(
        queue.getJobCountByTypes('waiting', 'active', 'prioritized'),
        PENDING_READ_MS,
        'Reading the queue',
      ),
  }
}
