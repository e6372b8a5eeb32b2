import { createHash } from 'node:crypto'
import { Readable, Transform } from 'node:stream'
import type { TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream'
import type { Response } from 'express'
import { ZipFile } from 'yazl'
import { FileNotStored, keyIsSafe } from '../files/file-store.js'
import type { FileStore } from '../files/file-store.js'

/** What the manifest says of one file: its size and sha256, or why it is not in the archive. */
export type ManifestFile =
  { name: string; path: string; size: number; sha256: string } | { name: string; error: string }

/** The client went away: the export stops, and nothing more is read. */
export class ExportAborted extends Error {
  constructor() {
    super('The client closed the download.')
  }
}

/** Text entries are written to the archive in pieces of about this many characters. */
const PIECE = 64 * 1024

/**
 * Joins a writer's small strings into pieces, so the archive is written in few large writes;
 * `between` runs before each piece after the first (what it throws ends the entry).
 */
async function* inPieces(
  source: AsyncIterable<string> | Iterable<string>,
  between: () => Promise<void>,
): AsyncGenerator<string> {
  let piece = ''
  let first = true
  for await (const text of source) {
    piece += text
    if (piece.length >= PIECE) {
      if (!first) await between()
      first = false
      yield piece
      piece = ''
    }
  }
  if (piece !== '') {
    if (!first) await between()
    yield piece
  }
}

/** Passes bytes through, counting them and hashing them (sha256) on the way. */
class Hasher extends Transform {
  readonly hash = createHash('sha256')
  bytes = 0
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.hash.update(chunk)
    this.bytes += chunk.length
    done(null, chunk)
  }
}

/**
 * An archive written to an HTTP answer while it is made (docs/export.md, "Streaming"): entries
 * go in one at a time, each read from its source only as fast as the client takes the bytes
 * (yazl pipes every entry, the answer's backpressure included), so at most one source is open
 * and one piece of it in memory. Sizes and CRCs go in data descriptors after each entry, ZIP64
 * where an entry or the archive needs it. When the client goes away, the source in progress is
 * destroyed (its stored file's stream, its database walk ended) and every later step throws
 * `ExportAborted`.
 */
export interface ZipWriterOptions {
  /**
   * Runs before each entry and between the pieces of a text entry (a database walk): what it
   * throws ends the export there, before the next file is opened. The export's access check
   * (docs/export.md, "Access that ends").
   */
  between?: () => Promise<void>
}

export class ZipWriter {
  private readonly zip = new ZipFile()
  private aborted = false
  private current: Readable | null = null
  private readonly done: Promise<void>
  private readonly between: () => Promise<void>

  constructor(
    private readonly res: Response,
    { between = () => Promise.resolve() }: ZipWriterOptions = {},
  ) {
    this.between = between
    this.done = new Promise((resolve, reject) => {
      pipeline(this.zip.outputStream as Readable, res, (error) => {
        if (error) {
          this.abort()
          reject(new ExportAborted())
        } else resolve()
      })
    })
    // Settled by `finish` or by the abort: never an unhandled rejection in between.
    this.done.catch(() => undefined)
    res.once('close', () => {
      if (!res.writableFinished) this.abort()
    })
    // yazl reports what it cannot write (a bad entry name): the download is cut, never left hanging.
    this.zip.on('error', (error: unknown) => {
      this.abort()
      res.destroy(error instanceof Error ? error : new Error(String(error)))
    })
  }

  get isAborted(): boolean {
    return this.aborted
  }

  private abort() {
    if (this.aborted) return
    this.aborted = true
    this.current?.destroy()
    this.current = null
  }

  private check() {
    if (this.aborted) throw new ExportAborted()
  }

  /**
   * Adds one entry from `source` and resolves once the archive has taken all of it (or rejects:
   * the client left, or the source failed, whose error is then the rejection's).
   */
  private entry(name: string, source: Readable, compress: boolean, mtime: Date): Promise<void> {
    this.check()
    this.current = source
    const ended = new Promise<void>((resolve, reject) => {
      source.once('end', resolve)
      source.once('error', reject)
      source.once('close', () => {
        if (this.aborted) reject(new ExportAborted())
      })
    })
    this.zip.addReadStreamLazy(name, { compress, mtime }, (give) => give(null, source))
    return ended.finally(() => {
      if (this.current === source) this.current = null
    })
  }

  /** A text entry (JSON, HTML) written as its writer makes it, deflated. */
  async text(
    name: string,
    writer: AsyncIterable<string> | Iterable<string>,
    mtime = new Date(),
  ): Promise<void> {
    this.check()
    await this.between()
    const pieces = inPieces(writer, this.between)
    await this.entry(name, Readable.from(pieces, { objectMode: false }), true, mtime)
    this.check()
  }

  /**
   * A stored file, streamed from the file store as it is (not deflated: media and documents are
   * compressed already), hashed on the way. A file that cannot be read is not written: the
   * answer says why, for the manifest. A read that fails or ends short half-way leaves the bytes
   * read so far in the archive, and the answer says so.
   */
  async file(name: string, entryPath: string, store: FileStore, mtime: Date) {
    this.check()
    await this.between()
    if (name.startsWith('.') || !keyIsSafe(name))
      return { name, error: 'not a stored file name' } as ManifestFile
    let size: number | null
    let source: Readable
    try {
      size = await store.size(name)
      if (size === null) throw new FileNotStored(name)
      source = await store.read(name)
    } catch (error) {
      return { name, error: readError(error, store) } as ManifestFile
    }
    if (this.aborted) {
      source.destroy()
      this.check()
    }
    const hasher = new Hasher()
    let failure: unknown = null
    source.once('error', (error) => {
      failure = error
      hasher.end()
    })
    // Closing the archive's source ends the store's stream too (a file closed, a request ended).
    hasher.once('close', () => source.destroy())
    source.pipe(hasher)
    await this.entry(entryPath, hasher, false, mtime)
    this.check()
    if (failure === null && hasher.bytes !== size) failure = new ShortRead()
    if (failure !== null)
      return {
        name,
        error: `${readError(failure, store)}: the archive holds its first ${hasher.bytes} bytes only`,
      } as ManifestFile
    return {
      name,
      path: entryPath,
      size: hasher.bytes,
      sha256: hasher.hash.digest('hex'),
    } as ManifestFile
  }

  /** Writes the central directory and resolves once the client has been sent the last byte. */
  async finish(): Promise<void> {
    this.check()
    this.zip.end()
    await this.done
  }
}

/** A stored file that ended before the length the store gave for it. */
class ShortRead extends Error {}

/**
 * A read failure in words, without the server's paths or addresses: `missing on disk (ENOENT)`
 * (`missing from the bucket (NoSuchKey)` with the s3 store), `not readable (EACCES)`, `read
 * failed (<code>)` (docs/export.md).
 */
const readError = (error: unknown, store: FileStore): string => {
  if (error instanceof FileNotStored)
    return store.kind === 'disk'
      ? 'missing on disk (ENOENT)'
      : 'missing from the bucket (NoSuchKey)'
  if (error instanceof ShortRead) return 'read failed (ended early)'
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown }
  if (code === 'EACCES' || code === 'EPERM') return `not readable (${code})`
  if (typeof code === 'string') return `read failed (${code})`
  // An S3 answer names itself (AccessDenied, SlowDown…).
  if ((error as { $metadata?: unknown })?.$metadata !== undefined && typeof name === 'string')
    return `read failed (${name})`
  return 'read failed (unknown error)'
}
