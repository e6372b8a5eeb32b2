import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client'

// What every server process measures and how GET /metrics answers (docs/operations.md,
// "Metrics"): the process's own metrics and its database commands' in a registry of its own,
// shown to a scraper that sends METRICS_TOKEN as a bearer.

/** Seconds: index-backed commands take a few milliseconds (docs/benchmarks.md). */
export const COMMAND_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

/** One database command's time, as the connection's command monitoring reports it. */
export interface CommandTime {
  command: string
  seconds: number
}

export interface ProcessMetrics {
  registry: Registry
  /** Times one database command. */
  onCommand(timing: CommandTime): void
}

/**
 * A registry with the process's own metrics (memory, CPU, event-loop lag, garbage collection)
 * and its database commands' durations.
 */
export const processMetrics = (): ProcessMetrics => {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const commands = new Histogram({
    name: 'palabre_db_command_duration_seconds',
    help: 'Time from sending a database command to its answer, by command name.',
    labelNames: ['command'] as const,
    buckets: COMMAND_BUCKETS,
    registers: [registry],
  })
  return { registry, onCommand: ({ command, seconds }) => commands.observe({ command }, seconds) }
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Whether an Authorization header is `Bearer <token>`, compared in constant time. */
export const bearerMatches = (authorization: string | undefined, token: string): boolean => {
  const given = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1]
  // Digests of equal length: the comparison's time says nothing of the token's length either.
  return given !== undefined && timingSafeEqual(digest(given), digest(token))
}

/**
 * Answers GET (or HEAD) /metrics in Prometheus's text format: 401 without `token` as a
 * bearer, else the registry's metrics. Express's request and answer are these too.
 */
export const answerMetrics = async (
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
  registry: Registry,
): Promise<void> => {
  if (!bearerMatches(req.headers.authorization, token)) {
    res
      .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
      .end('Unauthorized.')
    return
  }
  try {
    const text = await registry.metrics()
    res
      .writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
      .end(req.method === 'HEAD' ? undefined : text)
  } catch {
    res.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics failed.')
  }
}
