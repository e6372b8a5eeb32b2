import { Writable } from 'node:stream'
import { pino } from 'pino'
import type { Logger } from 'pino'

/** A real pino logger whose output lines a test can read. */
export const captureLogger = (): { logger: Logger; lines: string[] } => {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      callback()
    },
  })
  return { logger: pino({ level: 'info' }, stream), lines }
}
