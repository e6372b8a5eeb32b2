import { recipientDisplayName, type AnnouncementReport as Report } from '@palabre/contracts'
import { useDeferredValue, useMemo, useState } from 'react'
import { registerReportTexts } from '../../../i18n/catalogue/wall/announcement-report'
import { formatPostDate } from '../../../lib/dates'
import { useLang } from '../../../i18n/use-lang'
import { matchesPerson } from '../report-panel/people-search'
import { PanelRows, ReportPanel, usePanelTexts } from '../report-panel/report-panel'
import { confirmationsCsvHref, confirmationsXlsxHref } from '../queries/announcements'

/**
 * The confirmations as a CSV file and as a workbook (docs/security.md, "Downloads people open"):
 * links of the same origin, so the session cookie goes with them. The header's line and the
 * panel both offer them.
 */
export const ConfirmationsDownloads = ({ id }: { id: string }) => {
  const { t } = useReportTexts()
  return (
    <>
      <a className="btn btn-secondary" href={confirmationsCsvHref(id)} download>
        {t('wall.announcement.report.download')}
      </a>
      <a className="btn btn-secondary" href={confirmationsXlsxHref(id)} download>
        {t('wall.announcement.report.downloadXlsx')}
      </a>
    </>
  )
}

type Pending = Report['pending'][number]
type Confirmed = Report['confirmed'][number]

/** One line of the panel: a group's heading, what an empty group says, or a person. */
type Line =
  | { kind: 'group'; list: 'pending' | 'confirmed'; count: number }
  | { kind: 'empty'; list: 'pending' | 'confirmed' }
  | { kind: 'pending'; person: Pending }
  | { kind: 'confirmed'; person: Confirmed }

/**
 * The panel's lines (docs/announcements.md, "On the web"): those who have not confirmed first,
 * by name, then those who have, in the order they did; each group under its heading, and only
 * the people the search keeps. A group the search empties is left out.
 */
export const confirmationLines = (report: Report, word: string): Line[] => {
  const searching = word.trim() !== ''
  const pending = report.pending.filter((person) => matchesPerson(person, word))
  const confirmed = report.confirmed.filter((person) => matchesPerson(person, word))
  const lines: Line[] = []
  if (!searching || pending.length > 0) {
    lines.push({ kind: 'group', list: 'pending', count: pending.length })
    if (pending.length === 0) lines.push({ kind: 'empty', list: 'pending' })
    for (const person of pending) lines.push({ kind: 'pending', person })
  }
  if (!searching || confirmed.length > 0) {
    lines.push({ kind: 'group', list: 'confirmed', count: confirmed.length })
    if (confirmed.length === 0) lines.push({ kind: 'empty', list: 'confirmed' })
    for (const person of confirmed) lines.push({ kind: 'confirmed', person })
  }
  return lines
}

/**
 * The texts of the confirmations and of the panels, added before the first render of what
 * shows them: they travel with their code (docs/languages.md, "The catalogue").
 */
export const useReportTexts = () => {
  const translation = usePanelTexts()
  useState(() => registerReportTexts(translation.i18n))
  return translation
}

const keyOf = (line: Line): string =>
  line.kind === 'group' || line.kind === 'empty'
    ? `${line.kind}-${line.list}`
    : `${line.kind}-${line.person.phone}`

/**
 * Who confirmed an announcement and who has not, in a panel of its own (docs/announcements.md,
 * "On the web"): searchable, the pending first, only the rows in view drawn.
 */
export const ConfirmationsPanel = ({
  id,
  report,
  open,
  onClose,
}: {
  id: string
  report: Report
  open: boolean
  onClose: () => void
}) => {
  const { t } = useReportTexts()
  const lang = useLang()
  const [search, setSearch] = useState('')
  const word = useDeferredValue(search)
  const lines = useMemo(() => confirmationLines(report, word), [report, word])
  const shown = lines.filter((line) => line.kind === 'pending' || line.kind === 'confirmed').length
  const close = () => {
    setSearch('')
    onClose()
  }
  const who = (person: Pending) => (
    <span className="report-panel__who">
      <span className="report-panel__name">{recipientDisplayName(person)}</span>
      <span className="report-panel__phone">+{person.phone}</span>
    </span>
  )
  return (
    <ReportPanel
      open={open}
      onClose={close}
      title={t('wall.announcement.report.heading')}
      search={search}
      onSearch={setSearch}
      shown={shown}
      top={
        <div className="announcement-report__actions">
          <span className="announcement-report__counts">
            {t('wall.announcement.confirmed', {
              confirmed: report.confirmed.length,
              total: report.total,
            })}
          </span>
          <ConfirmationsDownloads id={id} />
        </div>
      }
    >
      <PanelRows
        count={lines.length}
        rowKey={(index) => {
          const line = lines[index]
          return line === undefined ? String(index) : keyOf(line)
        }}
        label={t('wall.announcement.report.heading')}
        body={(height, rows) => (
          <div role="list" className="report-panel__body" style={{ height }}>
            {rows}
          </div>
        )}
        renderRow={(index, place) => {
          const line = lines[index]
          if (line === undefined) return null
          const key = keyOf(line)
          if (line.kind === 'group')
            return (
              <div key={key} role="listitem" className="report-panel__group" style={place}>
                {t(
                  line.list === 'pending'
                    ? 'wall.announcement.report.pendingList'
                    : 'wall.announcement.report.confirmedList',
                )}{' '}
                ({line.count})
              </div>
            )
          if (line.kind === 'empty')
            return (
              <div key={key} role="listitem" className="report-panel__row" style={place}>
                <span className="announcement-report__empty">
                  {t(
                    line.list === 'pending'
                      ? 'wall.announcement.report.nobodyPending'
                      : 'wall.announcement.report.nobodyConfirmed',
                  )}
                </span>
              </div>
            )
          return (
            <div
              key={key}
              role="listitem"
              className="report-panel__row"
              style={place}
              data-testid={`${line.kind}-row`}
              data-phone={line.person.phone}
            >
              {who(line.person)}
              {line.kind === 'confirmed' && (
                <time className="report-panel__at" dateTime={line.person.at}>
                  {formatPostDate(line.person.at, lang)}
                </time>
              )}
            </div>
          )
        }}
      />
    </ReportPanel>
  )
}
