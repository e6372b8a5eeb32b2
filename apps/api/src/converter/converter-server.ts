import { createReadStream, createWriteStream } from 'node:fs'
import { lstat, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { previewExtensions } from '@palabre/contracts'
import { CONVERT_PATH, EXTENSION_HEADER, TIMEOUT_HEADER } from '../files/converter-service.js'
import { PreviewUnavailable } from '../files/sandbox.js'
import type { Sandbox } from '../files/sandbox.js'
import type { Logger } from '../logger.js'

// The converter service (docs/files.md, "The sandbox"): LibreOffice behind a Unix socket, for
// api nodes that cannot make a sandbox themselves. One conversion at a time, each in a folder
// of its own deleted after, so a document never sees another; the api nodes' own queues decide
// whose turn it is.

export interface ConverterServerOptions {
  sandbox: Sandbox
  /** The longest one conversion may run, whatever its asker allows. */
  timeoutMs: number
  /** The largest document taken (UPLOAD_MAX_BYTES: nothing larger was stored). */
  maxBytes: number
  logger: Logger
  /** Where the conversions' folders are made; the system's by default. */
  workRoot?: string | undefined
}

class TooLarge extends Error {}

/** Passes the body on, and fails once more than `max` bytes went through. */
const limit = (max: number) => {
  let seen = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, next) {
      seen += chunk.length
      next(seen > max ? new TooLarge() : null, chunk)
    },
  })
}

const refuse = (res: ServerResponse, status: number, reason: string) => {
  if (res.headersSent) {
    res.destroy()
    return
  }
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' })
  res.end(reason)
}

export const createConverterServer = (options: ConverterServerOptions): Server => {
  const { sandbox, maxBytes, logger } = options
  let turn: Promise<unknown> = Promise.resolve()

  const convert = async (req: IncomingMessage, res: ServerResponse) => {
    const ext = String(req.headers[EXTENSION_HEADER] ?? '').toLowerCase()
    if (!(previewExtensions as readonly string[]).includes(ext)) {
      refuse(res, 400, `Only office documents are converted (${previewExtensions.join(', ')}).`)
      return
    }
    const asked = Number(req.headers[TIMEOUT_HEADER])
    const timeoutMs =
      Number.isInteger(asked) && asked > 0 ? Math.min(asked, options.timeoutMs) : options.timeoutMs
    // The asker going away calls the conversion off.
    const gone = new AbortController()
    res.on('close', () => gone.abort())
    const work = await mkdtemp(join(options.workRoot ?? tmpdir(), 'palabre-convert-'))
    const job = join(work, 'job')
    const input = `document.${ext}`
    const pdf = join(job, 'document.pdf')
    try {
      await mkdir(job)
      await pipeline(req, limit(maxBytes), createWriteStream(join(job, input)))
      // One at a time: wait for the conversion before this one.
      const mine = turn.then(() =>
        sandbox.convert({ dir: job, input, timeoutMs, signal: gone.signal }),
      )
      turn = mine.catch(() => undefined)
      await mine
      const made = await lstat(pdf).catch(() => undefined)
      if (!made?.isFile()) throw new PreviewUnavailable('LibreOffice wrote no PDF.')
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': made.size })
      await pipeline(createReadStream(pdf), res)
    } catch (error) {
      if (error instanceof TooLarge)
        refuse(res, 413, `Documents are taken up to ${maxBytes} bytes.`)
      else if (error instanceof PreviewUnavailable) {
        logger.warn({ err: error }, 'a conversion failed')
        refuse(res, 422, error.message)
      } else {
        logger.error({ err: error }, 'a conversion could not be made')
        refuse(res, 500, 'The converter failed.')
      }
    } finally {
      await rm(work, { recursive: true, force: true })
    }
  }

  return createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/health') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
      return
    }
    if (req.method !== 'POST' || req.url !== CONVERT_PATH) {
      refuse(res, 404, 'Not found.')
      return
    }
    void convert(req, res)
  })
}
