import { recipientDisplayName, type AnnouncementReport as Report } from '@palabre/contracts'
import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPostDate } from '../../../lib/dates'
import { useFailureMessage } from '../../../lib/failure-message'
import { useLang } from '../../../i18n/use-lang'
import {
  confirmationsCsvHref,
  confirmationsXlsxHref,
  useAnnouncementReport,
  useRemindAnnouncement,
} from '../queries/announcements'
import './announcements.css'

/** The most rows each list shows; the CSV file holds them all. */
export const shownRows = 500

/** One of the two lists, and how many it leaves to the CSV file. */
const Rows = ({ count, children }: { count: number; children: ReactNode }) => {
  const { t } = useTranslation()
  return (
    <>
      <ul className="announcement-report__list">{children}</ul>
      {count > shownRows && (
        <p className="announcement-report__empty">
          {t('wall.announcement.report.more', { count: count - shownRows })}
        </p>
      )}
    </>
  )
}

const Table = ({ id, report }: { id: string; report: Report }) => {
  const { t } = useTranslation()
  const lang = useLang()
  const failureMessage = useFailureMessage()
  const remind = useRemindAnnouncement()
  const { confirmed, pending, total } = report
  return (
    <>
      <p className="announcement-report__counts" data-testid="announcement-report-counts">
        {t('wall.announcement.confirmed', { confirmed: confirmed.length, total })}
      </p>
      <div className="announcement-report__actions">
        {/* Same origin: the session cookie goes with it. */}
        <a className="btn btn-secondary" href={confirmationsCsvHref(id)} download>
          {t('wall.announcement.report.download')}
        </a>
        <a className="btn btn-secondary" href={confirmationsXlsxHref(id)} download>
          {t('wall.announcement.report.downloadXlsx')}
        </a>
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
      <details open>
        <summary>
          {t('wall.announcement.report.confirmedList')} ({confirmed.length})
        </summary>
        {confirmed.length === 0 ? (
          <p className="announcement-report__empty">
            {t('wall.announcement.report.nobodyConfirmed')}
          </p>
        ) : (
          <Rows count={confirmed.length}>
            {confirmed.slice(0, shownRows).map((person) => (
              <li
                key={person.phone}
                className="announcement-report__row"
                data-testid="confirmed-row"
                data-phone={person.phone}
              >
                <span className="announcement-report__who">
                  <span>{recipientDisplayName(person)}</span>
                  <span className="announcement-report__phone">+{person.phone}</span>
                </span>
                <time className="announcement-report__at" dateTime={person.at}>
                  {formatPostDate(person.at, lang)}
                </time>
              </li>
            ))}
          </Rows>
        )}
      </details>
      <details open>
        <summary>
          {t('wall.announcement.report.pendingList')} ({pending.length})
        </summary>
        {pending.length === 0 ? (
          <p className="announcement-report__empty">
            {t('wall.announcement.report.nobodyPending')}
          </p>
        ) : (
          <Rows count={pending.length}>
            {pending.slice(0, shownRows).map((person) => (
              <li
                key={person.phone}
                className="announcement-report__row"
                data-testid="pending-row"
                data-phone={person.phone}
              >
                <span className="announcement-report__who">
                  <span>{recipientDisplayName(person)}</span>
                  <span className="announcement-report__phone">+{person.phone}</span>
                </span>
              </li>
            ))}
          </Rows>
        )}
      </details>
    </>
  )
}

/**
 * The author's table of an announcement, in its discussion (docs/wall.md, "Announcements"): how
 * many confirmed of how many, who did and when, who has not yet, kept live by each confirmation;
 * the CSV file, and a reminder to those who have not confirmed.
 */
export const AnnouncementReport = ({ id, viewerPhone }: { id: string; viewerPhone: string }) => {
  const { t } = useTranslation()
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
      {report.data && <Table id={id} report={report.data} />}
    </section>
  )
}
