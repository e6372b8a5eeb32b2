import type { AnnouncementReport, announcementRoutes } from '@palabre/contracts'
import { confirmChannel } from '@palabre/domain'
import type { ApiContext } from '../../context.js'
import type { AreaHandlers } from '../../http/route-table.js'
import { csvDocument, csvPhone, sendCsv } from '../../http/csv.js'
import type { CsvValue } from '../../http/csv.js'
import { sendXlsx, xlsxDocument } from '../../http/xlsx.js'

/** The report as a table: one line per recipient, the confirmed first. */
export const confirmationsTable = (report: AnnouncementReport): CsvValue[][] => [
  ['name', 'phone', 'status', 'confirmed_at'],
  ...report.confirmed.map((c) => [c.name, csvPhone(c.phone), 'confirmed', c.at]),
  ...report.pending.map((p) => [p.name, csvPhone(p.phone), 'pending', '']),
]

/** The report as a CSV file. */
export const confirmationsCsv = (report: AnnouncementReport): string =>
  csvDocument(confirmationsTable(report))

/**
 * Announcements people confirm (docs/announcements.md): an administrator announces, recipients
 * get it live and pinned, each confirmation reaches the author live. The administrators' calls
 * are refused to members by mountRoute, from their contracts (`admin`).
 */
export const announcementsHandlers = (
  ctx: ApiContext,
): AreaHandlers<keyof typeof announcementRoutes> => {
  const { announcements, users } = ctx.domain

  return {
    postAdminAnnouncement: async ({ caller, body }) => {
      const author = await users.findByPhone(caller.phone)
      const announced = await announcements.announce(
        { phone: caller.phone, name: author?.nomPrenom ?? '' },
        body,
      )
      // Stored (post, every entry, files): now everyone online gets it, in one emission.
      ctx.notices.tell(announced.recipients, 'announcement', announced.view)
      return {
        status: 201,
        body: { idPostEmet: announced.post.idPostEmet, recipients: announced.recipients.length },
      }
    },
    getAdminAnnouncement: async ({ params }) => ({
      status: 200,
      body: await announcements.report(params.idPostEmet),
    }),
    getAdminAnnouncementCsv: async ({ params, res }) => {
      const csv = confirmationsCsv(await announcements.report(params.idPostEmet))
      sendCsv(res, `confirmations-${params.idPostEmet}.csv`, csv)
    },
    getAdminAnnouncementXlsx: async ({ params, res }) => {
      const table = confirmationsTable(await announcements.report(params.idPostEmet))
      sendXlsx(res, `confirmations-${params.idPostEmet}.xlsx`, await xlsxDocument(table))
    },
    postAdminAnnouncementRemind: async ({ caller, params }) => {
      const pending = await announcements.remind(caller.phone, params.idPostEmet)
      if (pending.length > 0)
        ctx.notices.tell(pending, 'announcementReminder', { idPostEmet: params.idPostEmet })
      return { status: 200, body: { reminded: pending.length } }
    },
    // Confirming is reading (docs/announcements.md, "Confirming"): once stored, the author is
    // told of the seen mark as of any seen on the web, then of the confirmation, and the
    // person's every tab and device that it is read and confirmed.
    postAnnouncementConfirm: async ({ caller, params }) => {
      const { idPostEmet } = params
      const confirmation = await announcements.confirm(caller.phone, idPostEmet)
      const at = confirmation.confirmedAt.toISOString()
      if (confirmation.seen)
        ctx.notices.tell(confirmation.author, 'postVuFromWeb', {
          idPostEmet,
          phone: caller.phone,
          delivredtoWeb: 4,
        })
      if (confirmation.first) {
        ctx.notices.tell(confirmation.author, 'announcementConfirmed', {
          idPostEmet,
          phone: caller.phone,
          name: confirmation.name,
          at,
          confirmed: confirmation.confirmed,
          total: confirmation.total,
        })
        ctx.notices.tell(caller.phone, 'postSeenElsewhere', {
          idPostEmet,
          channel: confirmChannel,
          confirmedAt: at,
        })
      }
      return { status: 200, body: { confirmedAt: at } }
    },
    getPinnedAnnouncements: async ({ caller }) => ({
      status: 200,
      body: await announcements.pinned(caller.phone),
    }),
  }
}
