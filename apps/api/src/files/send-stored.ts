import { pipeline } from 'node:stream/promises'
import type { Request, Response } from 'express'
import { combineRanges, parse } from 'range-parser'
import { HttpError } from '../http/http-error.js'
import { FileNotStored } from './file-store.js'
import type { FileStore } from './file-store.js'

/** The part of the file a request asks for: one range, or the whole file. */
const wanted = (req: Request, size: number): { start: number; end: number } | 'whole' => {
  const header = req.headers.range
  // A conditional range (If-Range) can never match: no validator is sent, so it gets the whole.
  if (header === undefined || req.headers['if-range'] !== undefined) return 'whole'
  const asked = parse(size, header)
  // Another unit or an unreadable header is ignored, as HTTP wants.
  if (asked.type !== 'bytes' || (asked.code & 1) !== 0) return 'whole'
  if (asked.ranges.length === 0) {
    if (size === 0) return 'whole'
    throw new HttpError('bad_request', 'The range is outside the file.', undefined, 416)
  }
  const ranges = combineRanges(asked.ranges)
  // Several ranges (multipart/byteranges) are answered with the whole file, which they allow.
  return ranges.length === 1 ? { start: ranges[0]!.start, end: ranges[0]!.end } : 'whole'
}

/**
 * Answers a stored file from the file store (docs/files.md, "Where files are kept"), with
 * `headers`: `Accept-Ranges: bytes`; one satisfiable range is a 206 with its `Content-Range`,
 * a range wholly outside the file a 416 (its `Content-Range` naming the size), anything else the
 * whole file; HEAD gets the headers alone. Nothing stored under the key rejects with
 * `FileNotStored` before anything is sent. Resolves once the answer is written or the client
 * has gone; a client that goes away destroys the store's stream.
 */
export const sendStored = async (
  req: Request,
  res: Response,
  store: FileStore,
  key: string,
  headers: Record<string, string>,
): Promise<void> => {
  const size = await store.size(key)
  if (size === null) throw new FileNotStored(key)
  res.setHeader('Accept-Ranges', 'bytes')
  let part: ReturnType<typeof wanted>
  try {
    part = wanted(req, size)
  } catch (error) {
    res.setHeader('Content-Range', `bytes */${size}`)
    throw error
  }
  // Opened before anything is set: a key gone meanwhile is still a clean 404.
  const body =
    req.method === 'HEAD' || size === 0
      ? null
      : await store.read(key, part === 'whole' ? undefined : part)
  // As given (express's `set` would add a charset to some types).
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  if (part === 'whole') {
    res.status(200).setHeader('Content-Length', String(size))
  } else {
    res.status(206)
    res.setHeader('Content-Range', `bytes ${part.start}-${part.end}/${size}`)
    res.setHeader('Content-Length', String(part.end - part.start + 1))
  }
  if (body === null) {
    res.end()
    return
  }
  try {
    // pipeline destroys the store's stream when the answer closes early.
    await pipeline(body, res)
  } catch {
    // A client that went away, or a store that failed mid-file: the answer is cut either way
    // (its length told the client it is short).
    body.destroy()
    res.destroy()
  }
}
