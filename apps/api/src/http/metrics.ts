import { answerMetrics, processMetrics } from '@palabre/server-kit'
import type { CommandTime } from '@palabre/server-kit'
import type { Request, RequestHandler } from 'express'
import { Gauge, Histogram } from 'prom-client'
import type { Registry } from 'prom-client'

// The metrics of an api process and their endpoint (docs/operations.md, "Metrics").

/** Seconds, from a quick read to the 10 s past which a call has failed its user anyway. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** Seconds: a LibreOffice conversion takes seconds, and at most PREVIEW_TIMEOUT_MS. */
const JOB_BUCKETS = [0.5, 1, 2.5, 5, 10, 20, 30, 60, 120]

export type JobOutcome = 'ok' | 'failed'

/** What one api process measures, kept in its own registry. */
export interface ApiMetrics {
  /** Everything GET /metrics shows; with `pnpm start` the realtime server adds its own. */
  registry: Registry
  /** Times one database command (the connection's command monitoring). */
  onCommand(timing: CommandTime): void
  /** Times every request of the routes it is mounted before. */
  requests: RequestHandler
  /** One office preview's conversion ended (docs/files.md, "Previews"). */
  previewConverted(seconds: number, outcome: JobOutcome): void
  /**
   * Where the previews' queue depth is read at each scrape: this process's count, or the
   * shared queue's, read from Redis (docs/files.md, "Previews").
   */
  watchPreviewQueue(depth: () => number | Promise<number>): void
}

/**
 * The route's template (`/api/files/:name`), never the path, which names people and files:
 * `unmatched` for a path no route serves. Read when the answer is sent, after the route ran.
 */
const routeOf = (req: Request): string => {
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path
  // Every route is mounted with its whole path (routes/index.ts), so the template is complete;
  // req.baseUrl is not read: an error answered under `/api` leaves it set to that prefix.
  return typeof path === 'string' ? path : 'unmatched'
}

/**
 * The process's own metrics (memory, CPU, event-loop lag, garbage collection), the database
 * commands', the api's requests' and the office previews'.
 */
export const createApiMetrics = (): ApiMetrics => {
  const { registry, onCommand } = processMetrics()
  const requestDuration = new Histogram({
    name: 'palabre_http_request_duration_seconds',
    help: 'Time from receiving an api request to sending its whole answer.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  })
  const jobs = new Histogram({
    name: 'palabre_job_duration_seconds',
    help: 'Time one background job ran (an office preview: one LibreOffice conversion).',
    labelNames: ['job', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  })
  let previewQueue: () => number | Promise<number> = () => 0
  new Gauge({
    name: 'palabre_jobs_queue_depth',
    help: 'Jobs asked for and not finished: the ones running and those waiting their turn.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      try {
        this.set({ queue: 'previews' }, await previewQueue())
      } catch {
        // Redis unreachable: no sample rather than a stale one, and the scrape still answers.
        this.reset()
      }
    },
  })
  return {
    registry,
    onCommand,
    requests: (req, res, next) => {
      const end = requestDuration.startTimer()
      res.once('finish', () =>
        end({ method: req.method, route: routeOf(req), status: String(res.statusCode) }),
      )
      next()
    },
    previewConverted: (seconds, outcome) => jobs.observe({ job: 'preview', outcome }, seconds),
    watchPreviewQueue(depth) {
      previewQueue = depth
    },
  }
}

/**
 * GET /metrics in Prometheus's text format, outside /api (docs/operations.md, "Metrics"): 404
 * as if it did not exist while METRICS_TOKEN is unset, 401 without that token as a bearer.
 */
export const metricsEndpoint =
  (token: string | undefined, metrics: ApiMetrics | undefined): RequestHandler =>
  async (req, res) => {
    if (token === undefined || metrics === undefined) {
      res.status(404).type('text/plain').send('Not found.')
      return
    }
    await answerMetrics(req, res, token, metrics.registry)
  }
