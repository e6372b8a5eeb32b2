import type { UploadKind } from '@palabre/contracts'
import {
  displayFileName,
  extensionOf,
  fallbackContentType,
  messages,
  previewExtensions,
  servedContentTypes,
  viewMessages,
} from '@palabre/contracts'
import type { filesRoutes } from '@palabre/contracts'
import type { StoredFile, ViewerRow } from '@palabre/domain'
import type { Request, Response } from 'express'
import type { ApiContext } from '../../context.js'
import { FileNotStored, keyIsSafe } from '../../files/file-store.js'
import { inlineExtensions } from '../../files/file-types.js'
import { PreviewsBusy, PreviewUnavailable } from '../../files/previews.js'
import { sendStored } from '../../files/send-stored.js'
import { viewsCsv, viewsTable } from '../../files/views-csv.js'
import { sendCsv } from '../../http/csv.js'
import { sendXlsx, xlsxDocument } from '../../http/xlsx.js'
import { HttpError, forbidden, notFound } from '../../http/http-error.js'
import { assertSessionStillLive } from '../../http/live-session.js'
import { retryLater } from '../../http/retry-later.js'
import type { Caller } from '../../http/route.js'
import type { AreaHandlers } from '../../http/route-table.js'

const noSuchFile = () => notFound(messages.noSuchFile)

/**
 * Headers of every file answer (docs/files.md, "Downloads"): the type from the checked
 * extension and never sniffed by the browser, shown inline only for media the bubbles play,
 * and no script may run in it even when opened on its own.
 */
const fileHeaders = (res: Response, shownName: string, ext: string): Record<string, string> => {
  const type = servedContentTypes[ext] ?? fallbackContentType
  res.attachment(shownName)
  const disposition = String(res.getHeader('Content-Disposition'))
  return {
    'Content-Type': type,
    'Content-Disposition': inlineExtensions.has(ext)
      ? disposition.replace(/^attachment/, 'inline')
      : disposition,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  }
}

/** A stored name or a thumbnail's: a key of the file store outside its `.previews/`. */
const isStoredName = (name: string): boolean => !name.startsWith('.') && keyIsSafe(name)

/**
 * Uploads and downloads (docs/files.md): four uploads that check the file's extension and
 * content and store it under a generated name; downloads and previews for whoever may read
 * the file.
 */
export const filesHandlers = (ctx: ApiContext): AreaHandlers<keyof typeof filesRoutes> => {
  const { uploads, store, previews, notices } = ctx
  const { files, fileViews, organisation, users } = ctx.domain

  /**
   * Stores the upload, then its record: the answer names a file that is there to read. The
   * session was checked when the request began, but a body can take minutes to arrive: it is
   * checked again once the body is in, before anything is stored, and once more before the
   * record names the file under its uploader, so a session ended meanwhile (a deactivation, a
   * logout) stores and records nothing (docs/security.md, "Access that ends").
   */
  const receive = async (kind: UploadKind, caller: Caller, req: Request, res: Response) => {
    const stillSignedIn = () => assertSessionStillLive(ctx, caller)
    const saved = await uploads.receive(kind, req, res, stillSignedIn)
    try {
      await stillSignedIn()
      await files.record({
        name: saved.name,
        uploader: caller.phone,
        kind,
        mime: saved.mime,
        size: saved.size,
        durationSeconds: saved.durationSeconds,
      })
    } catch (error) {
      await store.remove(saved.name)
      await store.remove(`thumb_${saved.name}`)
      throw error
    }
    return saved.name
  }

  /** Checks the caller may read a stored file, or 404 (a file not theirs does not exist for them). */
  const readable = async (caller: Caller, name: string): Promise<void> => {
    if (!isStoredName(name) || !(await files.mayRead(caller.phone, name))) throw noSuchFile()
  }

  /** Answers a key of the store (docs/files.md, "Downloads"); 404 when nothing is stored. */
  const send = async (
    req: Request,
    res: Response,
    key: string,
    headers: Record<string, string>,
  ) => {
    try {
      await sendStored(req, res, store, key, headers)
    } catch (error) {
      // A refusal is a JSON error, not the file's type (`fileHeaders` named it for the file).
      if (!res.headersSent) {
        res.removeHeader('Content-Type')
        res.removeHeader('Content-Disposition')
      }
      if (error instanceof FileNotStored) throw noSuchFile()
      throw error
    }
  }

  /** The record of a stored file the caller may read, or 404 as a download would answer. */
  const readableRecord = async (caller: Caller, name: string): Promise<StoredFile> => {
    await readable(caller, name)
    const file = await files.find(name)
    if (!file) throw noSuchFile()
    return file
  }

  /** Proof of viewing counts seconds of a known duration (docs/files.md, "Proof of viewing"). */
  const durationOf = (file: StoredFile): number => {
    if (file.durationSeconds === null) throw new HttpError('conflict', viewMessages.noDuration)
    return file.durationSeconds
  }

  /**
   * Who sees a file's whole views table: its uploader and administrators (docs/files.md,
   * "Proof of viewing"); anyone else who reads the file sees their own row; the rest get 404.
   */
  const viewsAccess = async (
    caller: Caller,
    name: string,
  ): Promise<{ file: StoredFile; whole: boolean }> => {
    const file = await files.find(name)
    if (file && isStoredName(name)) {
      if (file.uploader === caller.phone) return { file, whole: true }
      if ((await organisation.members.roleOf(caller.phone)) === 'admin')
        return { file, whole: true }
      if (await files.mayRead(caller.phone, name)) return { file, whole: false }
    }
    throw noSuchFile()
  }

  /** Every reader's row (the uploader's own views are not listed). */
  const wholeTable = async (file: StoredFile, duration: number): Promise<ViewerRow[]> =>
    fileViews.table(file.name, duration, await files.conversationReaders(file.name), file.uploader)

  /** A reader's own row, 0 and null when they never played the file. */
  const ownRow = async (caller: Caller, file: StoredFile): Promise<ViewerRow> => ({
    phone: caller.phone,
    name: (await users.findByPhone(caller.phone))?.nomPrenom ?? '',
    ...(await fileViews.progressOf(file.name, caller.phone, durationOf(file))),
  })

  const iso = (date: Date | null) => (date ? date.toISOString() : null)

  return {
    uploadImage: async ({ caller, req, res }) => ({
      status: 201,
      body: { fileName: await receive('image', caller, req, res) },
    }),
    uploadMedia: async ({ caller, req, res }) => ({
      status: 201,
      body: { fileName: await receive('media', caller, req, res) },
    }),
    uploadFile: async ({ caller, req, res }) => ({
      status: 201,
      body: { fileName: await receive('file', caller, req, res) },
    }),
    // The original clients read this answer as `code#name` text.
    uploadAudio: async ({ caller, req, res }) => ({
      status: 200,
      body: `200#${await receive('audio', caller, req, res)}`,
    }),

    getFile: async ({ params, caller, req, res }) => {
      await readable(caller, params.name)
      const ext = extensionOf(params.name)
      await send(req, res, params.name, fileHeaders(res, displayFileName(params.name), ext))
    },

    getFilePreview: async ({ params, caller, req, res }) => {
      await readable(caller, params.name)
      if (!(previewExtensions as readonly string[]).includes(extensionOf(params.name)))
        throw new HttpError('unsupported_media_type', 'Only office documents have a preview.')
      let pdf: string
      try {
        // The key of the PDF in the file store, converted first if need be.
        pdf = await previews.pdfOf(params.name, caller.phone)
      } catch (error) {
        if (error instanceof PreviewsBusy)
          throw retryLater(res, error.message, error.retryAfterSeconds)
        if (error instanceof PreviewUnavailable)
          throw new HttpError('unavailable', 'This document has no preview.')
        throw error
      }
      const shown = displayFileName(params.name).replace(/\.[^.]*$/, '.pdf')
      await send(req, res, pdf, fileHeaders(res, shown, 'pdf'))
    },

    getFileInfo: async ({ params, caller }) => {
      const file = await readableRecord(caller, params.name)
      return {
        status: 200,
        body: { mime: file.mime, size: file.size, durationSeconds: file.durationSeconds },
      }
    },

    postFileViews: async ({ params, caller, body }) => {
      const file = await readableRecord(caller, params.name)
      const durationSeconds = durationOf(file)
      const progress = await fileViews.report({
        file: file.name,
        viewer: caller.phone,
        durationSeconds,
        ranges: body.ranges,
      })
      const answer = {
        watchedFraction: progress.watchedFraction,
        completedAt: iso(progress.completedAt),
      }
      // The uploader follows their readers live; their own views are not listed.
      if (progress.changed && file.uploader !== caller.phone)
        notices.tell(file.uploader, 'videoViewed', {
          name: file.name,
          phone: caller.phone,
          ...answer,
        })
      return { status: 200, body: answer }
    },

    getFileViews: async ({ params, caller }) => {
      const { file, whole } = await viewsAccess(caller, params.name)
      const durationSeconds = durationOf(file)
      const rows = whole ? await wholeTable(file, durationSeconds) : [await ownRow(caller, file)]
      return {
        status: 200,
        body: {
          durationSeconds,
          viewers: rows.map((row) => ({ ...row, completedAt: iso(row.completedAt) })),
        },
      }
    },

    getFileViewsCsv: async ({ params, caller, res }) => {
      const { file, whole } = await viewsAccess(caller, params.name)
      if (!whole) throw forbidden(viewMessages.exportForbidden)
      const csv = viewsCsv(await wholeTable(file, durationOf(file)))
      const base = displayFileName(file.name).replace(/\.[^.]*$/, '')
      sendCsv(res, `${base} - views.csv`, csv)
    },

    getFileViewsXlsx: async ({ params, caller, res }) => {
      const { file, whole } = await viewsAccess(caller, params.name)
      if (!whole) throw forbidden(viewMessages.exportForbidden)
      const xlsx = await xlsxDocument(viewsTable(await wholeTable(file, durationOf(file))))
      const base = displayFileName(file.name).replace(/\.[^.]*$/, '')
      sendXlsx(res, `${base} - views.xlsx`, xlsx)
    },
  }
}
