import { exportContentType, exportFileName, organisationExportFileName } from '@palabre/contracts'
import type { exportRoutes } from '@palabre/contracts'
import type { Request, Response } from 'express'
import type { ApiContext } from '../../context.js'
import { AccessEnded, accessCheck } from '../../export/access-check.js'
import { writeOrganisationExport } from '../../export/organisation-export.js'
import { writePersonExport } from '../../export/person-export.js'
import { ExportAborted, ZipWriter } from '../../export/zip-writer.js'
import { unauthenticated } from '../../http/http-error.js'
import { sessionStillLive } from '../../http/live-session.js'
import type { Caller } from '../../http/route.js'
import type { AreaHandlers } from '../../http/route-table.js'

/**
 * The headers of an export (docs/export.md, "Streaming"): a zip download, never cached, never
 * buffered by a proxy (nginx reads `X-Accel-Buffering`), its length unknown (chunked).
 */
const startDownload = (res: Response, fileName: string): void => {
  res.status(200)
  res.setHeader('Content-Type', exportContentType)
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`)
  res.setHeader('X-Accel-Buffering', 'no')
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('X-Content-Type-Options', 'nosniff')
  // Nothing cuts a long download: Node's request timeouts end once the request is read, and the
  // socket has no idle timeout (docs/export.md, "Nothing times out").
  res.socket?.setTimeout(0)
  res.flushHeaders()
}

/**
 * Exports (docs/export.md): the caller's own, and the organisation's for administrators. Both
 * stream a zip while it is made. Once the first byte is sent a failure can no longer answer an
 * error: the connection is then cut, so the download fails instead of ending as a complete but
 * partial archive. A client that goes away ends the work at once (ExportAborted); an exporter
 * who loses access meanwhile ends it at the next entry (AccessEnded).
 */
export const exportHandlers = (ctx: ApiContext): AreaHandlers<keyof typeof exportRoutes> => {
  const { domain, store, logger } = ctx

  /** Why the caller may not go on with their own export, or null while they may. */
  const personEnded = async (caller: Caller) =>
    (await sessionStillLive(ctx, caller)) ? null : 'the session ended'

  /** The same for the organisation's, which also needs them to be an administrator still. */
  const adminEnded = async (caller: Caller) =>
    (await personEnded(caller)) ??
    ((await domain.organisation.members.roleOf(caller.phone)) === 'admin'
      ? null
      : 'no longer an administrator')

  const stream = async (
    req: Request,
    res: Response,
    caller: Caller,
    fileName: string,
    ended: (caller: Caller) => Promise<string | null>,
    write: (writer: ZipWriter) => Promise<void>,
  ): Promise<void> => {
    startDownload(res, fileName)
    // A HEAD gets the headers; the archive is not made for nobody.
    if (req.method === 'HEAD') {
      res.end()
      return
    }
    // Access was checked as the request came; an export can stream for an hour, so it is
    // checked again between entries (docs/export.md, "Access that ends").
    const between = accessCheck(() => ended(caller), ctx.clock)
    const writer = new ZipWriter(res, { between })
    try {
      await write(writer)
      await writer.finish()
    } catch (error) {
      if (error instanceof AccessEnded) {
        // Cut short, so the download fails rather than ending as an archive that looks whole.
        logger.warn({ phone: caller.phone, reason: error.reason }, 'an export was cut short')
        res.destroy()
        return
      }
      if (error instanceof ExportAborted || writer.isAborted) return
      logger.error({ err: error }, 'an export failed half-way')
      res.destroy()
    }
  }

  return {
    getExport: async ({ caller, query, req, res }) => {
      const person = await domain.exports.person.person(caller.phone)
      if (!person) throw unauthenticated()
      const at = ctx.clock()
      await stream(req, res, caller, exportFileName(person.phone, at), personEnded, (writer) =>
        writePersonExport(writer, domain, store, person, at, query.lang),
      )
    },

    getAdminExport: async ({ caller, query, req, res }) => {
      const at = ctx.clock()
      // Recorded before the first byte: an export that was started is in the trail, finished or
      // not (a HEAD starts none).
      if (req.method !== 'HEAD')
        await domain.organisation.audit.append([{ action: 'export', actor: caller.phone }])
      await stream(req, res, caller, organisationExportFileName(at), adminEnded, (writer) =>
        writeOrganisationExport(writer, domain, store, at, query.lang),
      )
    },
  }
}
