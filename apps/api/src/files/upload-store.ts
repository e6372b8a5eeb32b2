import { randomBytes, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import type { WriteStream } from 'node:fs'
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { UploadKind } from '@palabre/contracts'
import {
  extensionOf,
  isAllowedFor,
  storedFileName,
  thumbPrefix,
  uploadField,
} from '@palabre/contracts'
import type { Request, Response } from 'express'
import { fileTypeFromFile } from 'file-type'
import multer from 'multer'
import type { StorageEngine } from 'multer'
import sharp from 'sharp'
import { HttpError } from '../http/http-error.js'
import { INCOMING } from './disk-store.js'
import type { FileStore } from './file-store.js'
import { sniffedAs, storedMime, wrongExtensionMessage } from './file-types.js'
import { mediaSeconds } from './media-duration.js'
import { writeWebmDuration } from './webm-duration.js'

/** An upload checked and in the file store. */
export interface SavedUpload {
  name: string
  mime: string
  size: number
  /** Seconds of play read from the file (docs/files.md, "Durations"), or null. */
  durationSeconds: number | null
}

export interface UploadStore {
  /**
   * The local folder where uploads arrive and are checked before they are stored
   * (docs/files.md, "Where files are kept").
   */
  readonly incoming: string
  /**
   * Receives the one file of a multipart request, checks it and puts it (and an image's
   * thumbnail) in the file store under a generated name. `beforeStore` runs once the whole
   * body is in and checked, before anything is stored: what it throws refuses the upload, and
   * the arrived file is deleted.
   */
  receive(
    kind: UploadKind,
    req: Request,
    res: Response,
    beforeStore: () => Promise<void>,
  ): Promise<SavedUpload>
  /** Deletes this process's own folder of arrivals (s3), once no upload runs. */
  close(): Promise<void>
}

/** The longest base kept from a client's file name (the stored name adds `___<id>.<ext>`). */
const MAX_BASE = 100

/**
 * The base of a stored name, from whatever name the client sent (docs/files.md, "Stored
 * names"): its last path segment without the extension, letters, digits and a few marks kept,
 * the rest replaced, no leading thumbnail prefix (that names thumbnails only).
 */
export const safeBase = (original: string): string => {
  const last = basename(original.replaceAll('\\', '/'))
  const ext = extensionOf(last)
  const stem = ext === '' ? last : last.slice(0, -(ext.length + 1))
  let base = stem
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/^[.\s]+/, '')
    .trim()
  while (base.startsWith(thumbPrefix)) base = base.slice(thumbPrefix.length)
  base = base.slice(0, MAX_BASE).trim()
  return base === '' ? 'file' : base
}

/** Twelve letters and digits: unique enough per base, and no underscore to confuse `___`. */
const newId = (): string =>
  randomBytes(12).toString('base64url').replace(/[-_]/g, '').slice(0, 12).padEnd(12, '0')

/** Resolves once a file stream has closed its descriptor (at once if it already has), failed or not. */
const closed = (stream: WriteStream): Promise<void> =>
  new Promise((resolve) => {
    if (stream.closed) resolve()
    else stream.once('close', () => resolve())
  })

/**
 * A multer storage that streams the part to a temporary file and deletes it when the stream
 * fails (an interrupted upload, the size limit): nothing is held in memory and no partial file
 * stays behind (docs/files.md, "Uploads"). Multer answers a broken form without waiting for its
 * storage, so each file's end (handed over, or removed) is reported to `settling`, and the
 * upload's answer waits for it.
 */
const tempStorage = (incoming: string, settling: (end: Promise<void>) => void): StorageEngine => ({
  _handleFile(_req, file, callback) {
    const path = join(incoming, randomUUID())
    const out = createWriteStream(path, { flags: 'wx' })
    const written = pipeline(file.stream, out)
    settling(
      written
        .then(
          () => callback(null, { path, size: out.bytesWritten }),
          async (error: unknown) => {
            // The file may still be opening when the upload fails (a busy machine): removed once
            // the stream has closed, or the open would create it again after the removal. A
            // removal that fails leaves the file to the sweep of the next start.
            await closed(out)
            await rm(path, { force: true }).catch(() => undefined)
            callback(error as Error)
          },
        )
        .catch(() => undefined),
    )
  },
  _removeFile(_req, file, callback) {
    rm(file.path, { force: true }).then(
      () => callback(null),
      (error: unknown) => callback(error as Error),
    )
  },
})

/** A failure of the server itself (a disk full, a folder gone), as opposed to a bad request. */
const isSystemError = (error: unknown): boolean =>
  error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string'

const multerError = (error: unknown, maxBytes: number): unknown => {
  if (error instanceof HttpError || isSystemError(error)) return error
  // Busboy's refusals of a body that is not readable multipart ("Boundary not found",
  // "Malformed part header", "Unexpected end of form") are the client's mistake.
  if (!(error instanceof multer.MulterError))
    return new HttpError(
      'bad_request',
      `The upload could not be read: send multipart/form-data with the file in the field ${uploadField}.`,
    )
  if (error.code === 'LIMIT_FILE_SIZE')
    return new HttpError(
      'payload_too_large',
      `The file is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB.`,
    )
  if (error.code === 'LIMIT_UNEXPECTED_FILE')
    return new HttpError('bad_request', `Send one file, in the field ${uploadField}.`)
  return new HttpError('bad_request', 'The upload could not be read.')
}

/**
 * Gives a recording the duration MediaRecorder leaves out of its header (docs/files.md,
 * "Recordings"); false when the file cannot be read as a webm.
 */
const withDuration = async (path: string): Promise<boolean> => {
  try {
    await writeWebmDuration(path)
    return true
  } catch {
    return false
  }
}

const unreadableRecording = () =>
  new HttpError('unsupported_media_type', 'This recording cannot be read.')

/**
 * Writes a thumbnail of an image (docs/files.md, "Thumbnails") to `thumbPath`, in the format its
 * extension names; false when it is not an image sharp reads.
 */
const writeThumbnail = async (path: string, thumbPath: string): Promise<boolean> => {
  try {
    await sharp(path, { animated: false })
      .rotate()
      .resize({ width: 320, height: 320, fit: 'inside', withoutEnlargement: true })
      .toFile(thumbPath)
    return true
  } catch {
    await rm(thumbPath, { force: true })
    return false
  }
}

/**
 * The folder uploads arrive in (docs/files.md, "Where files are kept"): with the disk store,
 * `<UPLOAD_DIR>/.incoming` beside the files, emptied by the store at start; with s3, a folder
 * of this process's own in the system's temporary folder, so api nodes sharing a machine never
 * touch each other's arrivals.
 */
const arrivals = async (store: FileStore, uploadDir: string) => {
  if (store.kind === 'disk') {
    const incoming = join(resolve(uploadDir), INCOMING)
    await mkdir(incoming, { recursive: true })
    return { incoming, owned: false }
  }
  return { incoming: await mkdtemp(join(tmpdir(), 'palabre-incoming-')), owned: true }
}

export interface UploadOptions {
  /** UPLOAD_DIR: where the disk store keeps its files. */
  uploadDir: string
  /** UPLOAD_MAX_BYTES. */
  maxBytes: number
}

export const createUploadStore = async (
  store: FileStore,
  { uploadDir, maxBytes }: UploadOptions,
): Promise<UploadStore> => {
  const { incoming, owned } = await arrivals(store, uploadDir)

  const parse = (kind: UploadKind, req: Request, res: Response) =>
    new Promise<Express.Multer.File>((done, fail) => {
      const ends: Promise<void>[] = []
      multer({
        storage: tempStorage(incoming, (end) => ends.push(end)),
        // Browsers write a part's file name as UTF-8 bytes; busboy reads such a plain
        // `filename` as latin1 unless told, which made "Procédure.pdf" "ProcÃ©dure.pdf"
        // (docs/files.md, "Stored names"). An RFC 5987 `filename*` names its charset itself.
        defParamCharset: 'utf8',
        limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 },
        fileFilter: (_req, file, accept) => {
          if (isAllowedFor(kind, file.originalname)) accept(null, true)
          else accept(new HttpError('unsupported_media_type', wrongExtensionMessage(kind)))
        },
      }).single(uploadField)(req, res, (error?: unknown) => {
        if (error) {
          // Refused only once no part of it is left on disk.
          void Promise.allSettled(ends).then(() => fail(multerError(error, maxBytes)))
          return
        }
        if (!req.file)
          return fail(new HttpError('bad_request', `No file: send it in the field ${uploadField}.`))
        done(req.file)
      })
    })

  /** Puts the checked file and its thumbnail in the store: both, or neither. */
  const putAll = async (puts: { key: string; path: string; mime: string }[]) => {
    try {
      for (const { key, path, mime } of puts) await store.put(key, path, mime)
    } catch (error) {
      await Promise.allSettled(puts.map(({ key }) => store.remove(key)))
      throw error
    }
  }

  return {
    incoming,
    async receive(kind, req, res, beforeStore) {
      const file = await parse(kind, req, res)
      // The thumbnail is made beside the upload, named with the image's extension (sharp writes
      // the format it names).
      const thumbPath = join(incoming, `${randomUUID()}.${extensionOf(file.originalname)}`)
      try {
        const ext = extensionOf(file.originalname)
        const sniffed = await fileTypeFromFile(file.path)
        if (!sniffed || !(sniffedAs[ext] ?? []).includes(sniffed.ext))
          throw new HttpError(
            'unsupported_media_type',
            `The content of this file does not match its extension .${ext}.`,
          )
        const name = storedFileName(safeBase(file.originalname), newId(), ext)
        if (kind === 'image' && !(await writeThumbnail(file.path, thumbPath)))
          throw new HttpError('unsupported_media_type', 'This image cannot be read.')
        if (ext === 'webm' && !(await withDuration(file.path))) throw unreadableRecording()
        // Read from the file, never from the client (docs/files.md, "Durations").
        const durationSeconds = await mediaSeconds(file.path, ext)
        // A recording is played as a voice message: one without a readable length is refused.
        if (ext === 'm4a' && durationSeconds === null) throw unreadableRecording()
        const mime = storedMime(ext, sniffed.mime)
        const size = (await stat(file.path)).size
        await beforeStore()
        await putAll([
          { key: name, path: file.path, mime },
          ...(kind === 'image' ? [{ key: `${thumbPrefix}${name}`, path: thumbPath, mime }] : []),
        ])
        return { name, mime, size, durationSeconds }
      } finally {
        await rm(file.path, { force: true })
        await rm(thumbPath, { force: true })
      }
    },
    async close() {
      if (owned) await rm(incoming, { recursive: true, force: true })
    },
  }
}
