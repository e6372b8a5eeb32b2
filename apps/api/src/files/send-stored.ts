import { createHash } from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import type { Request, Response } from 'express'
import { combineRanges, parse } from 'range-parser'
import { HttpError } from '../http/http-error.js'
import { FileNotStored } from './file-store.js'
import type { FileStore } from './file-store.js'

/**
 * A stored file's validator (docs/files.md, "Downloads"): what is under a key never changes (a
 * stored name is generated once for its content, its thumbnail and preview made once from it),
 * so the key and the size name the bytes, and the validator is strong. The key is hashed: it
 * holds characters a header cannot. Every api node computes the same one, whichever store.
 */
export const storedEtag = (key: string, size: number): string =>
  `"${createHash('sha256').update(key).digest('base64url').slice(0, 22)}-${size.toString(36)}"`

/** The entity tags of an If-None-Match list, weak ones compared as their strong form. */
const listedTags = (header: string): string[] =>
  header.split(',').map((tag) => tag.trim().replace(/^W\//, ''))

/** Whether the client's copy is the stored one (If-None-Match names its validator, or `*`). */
const isCurrent = (req: Request, etag: string): boolean => {
  const header = req.headers['if-none-match']
  if (header === undefined) return false
  const tags = listedTags(header)
  return tags.includes('*') || tags.includes(etag)
}

/** The part of the file a request asks for: one range, or the whole file. */
const wanted = (
  req: Request,
  size: number,
  etag: string,
): { start: number; end: number } | 'whole' => {
  const header = req.headers.range
  // A conditional range is served only for the very bytes asked of (a strong match of the
  // validator); a date or another validator gets the whole file.
  const ifRange = req.headers['if-range']
  if (header === undefined || (ifRange !== undefined && ifRange !== etag)) return 'whole'
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
 *
 * A browser keeps the answer but asks again on every use (`no-cache`, an ETag): a copy still
 * current gets 304 and no body. The caller checks who may read the file before this is called,
 * so a reader who lost access gets that refusal, never a 304 (docs/files.md, "Downloads").
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
  const etag = storedEtag(key, size)
  res.setHeader('Accept-Ranges', 'bytes')
  res.setHeader('ETag', etag)
  // A photo, whose bytes never change under its name, says otherwise (docs/security.md).
  res.setHeader('Cache-Control', headers['Cache-Control'] ?? 'private, no-cache')
  if (isCurrent(req, etag)) {
    res.status(304).end()
    return
  }
  let part: ReturnType<typeof wanted>
  try {
    part = wanted(req, size, etag)
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
