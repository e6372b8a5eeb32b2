import type { AnnouncementReport as Report } from '@palabre/contracts'
import { useId, useState } from 'react'
import { useFailureMessage } from '../../../lib/failure-message'
import { useAnnouncementReport, useRemindAnnouncement } from '../queries/announcements'
import { ConfirmationsDownloads, ConfirmationsPanel, useReportTexts } from './confirmations-panel'
import './announcements.css'

/**
 * The header's line: how many confirmed of how many, the button that opens the panel of who
 * did, the CSV file and the workbook, and the reminder (docs/announcements.md, "On the web").
 */
const Summary = ({ id, report }: { id: string; report: Report }) => {
  const { t } = useReportTexts()
  const failureMessage = useFailureMessage()
  const remind = useRemindAnnouncement()
  const [open, setOpen] = useState(false)
  const { confirmed, pending, total } = report
  return (
    <>
      <div className="announcement-report__actions">
        <p className="announcement-report__counts" data-testid="announcement-report-counts">
          {t('wall.announcement.confirmed', { confirmed: confirmed.length, total })}
        </p>
        <button
          type="button"
          className="btn btn-primary"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          {t('wall.panel.openConfirmations')}
        </button>
        <ConfirmationsDownloads id={id} />
        <button
          type="button"
          className="btn btn-secondary"
          disabled={pending.length === 0 || remind.isPending}
          onClick={() => remind.mutate(id)}
        >
          {t('wall.announcement.report.remind')}
        </button>
      </div>
      <p className="announcement-report__status" role="status">
        {remind.isSuccess ? t('wall.announcement.report.reminded', { count: remind.data }) : ''}
      </p>
      {remind.isError && (
        <p className="announcement-report__error" role="alert">
          {failureMessage(remind.error, t('wall.announcement.report.remindFailed'))}
        </p>
      )}
      <ConfirmationsPanel id={id} report={report} open={open} onClose={() => setOpen(false)} />
    </>
  )
}

/**
 * The author's confirmations of an announcement, in its discussion's header (docs/wall.md,
 * "Announcements"): how many confirmed of how many, kept live by each confirmation; the panel
 * of who did and when and who has not yet; the CSV file, and a reminder to those who have not
 * confirmed. The header stays one line or two: the thread keeps its room.
 */
export const AnnouncementReport = ({ id, viewerPhone }: { id: string; viewerPhone: string }) => {
  const { t } = useReportTexts()
  const failureMessage = useFailureMessage()
  const headingId = useId()
  const report = useAnnouncementReport(viewerPhone, id, true)
  return (
    <section
      className="announcement-report"
      aria-labelledby={headingId}
      data-testid="announcement-report"
    >
      <h3 id={headingId} className="announcement-report__heading">
        {t('wall.announcement.report.heading')}
      </h3>
      {report.isPending && <p role="status">{t('wall.announcement.report.loading')}</p>}
      {report.isError && (
        <div className="announcement-report__actions">
          <p className="announcement-report__error" role="alert">
            {failureMessage(report.error, t('wall.announcement.report.failed'))}
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => void report.refetch()}>
            {t('wall.announcement.report.retry')}
          </button>
        </div>
      )}
      {report.data && <Summary id={id} report={report.data} />}
    </section>
  )
}
