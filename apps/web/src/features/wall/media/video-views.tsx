import { recipientDisplayName, type Viewer } from '@palabre/contracts'
import { useDeferredValue, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../../i18n/use-lang'
import { formatDiscussionDate } from '../../../lib/dates'
import { fileViewsCsvUrl, fileViewsXlsxUrl } from '../../../lib/file-views'
import { useFileViews } from '../queries/use-file-views'
import { matchesPerson, pendingFirst } from '../report-panel/people-search'
import { PanelRows, ReportPanel, usePanelTexts } from '../report-panel/report-panel'
import { percentText, viewsShown } from './media-format'
import { useMediaTexts } from './use-media-texts'
import './video-views.css'

/** A thin bar of a share watched; its words are beside it. */
const Bar = ({ fraction }: { fraction: number }) => (
  <span className="video-views__bar" aria-hidden="true">
    <span style={{ width: `${Math.floor(Math.min(1, fraction) * 100)}%` }} />
  </span>
)

/** The viewer's own progress on the video (docs/wall.md, "Proof of viewing"). */
export const OwnProgress = ({ row }: { row: Viewer }) => {
  const { t } = useTranslation()
  const lang = useLang()
  const text =
    row.completedAt !== null
      ? t('wall.media.views.watched')
      : row.watchedFraction > 0
        ? t('wall.media.views.watchedPercent', { percent: percentText(row.watchedFraction, lang) })
        : t('wall.media.views.notWatched')
  return (
    <p
      className="video-views__own"
      data-testid="own-progress"
      data-watched={String(row.completedAt !== null)}
    >
      <Bar fraction={row.watchedFraction} />
      <span>{text}</span>
    </p>
  )
}

/** Who has not watched it yet, first: whom to chase (docs/wall.md, "Proof of viewing"). */
export const viewersShown = (rows: readonly Viewer[], word: string): Viewer[] =>
  pendingFirst(
    rows.filter((row) => matchesPerson(row, word)),
    (row) => row.completedAt !== null,
  )

/**
 * The table of who watched, in a panel of its own (docs/wall.md, "Proof of viewing"): each
 * reader's name and phone, progress and when they finished, those who have not first,
 * searchable, only the rows in view drawn; with the CSV and Excel downloads.
 */
const ViewsPanel = ({
  name,
  shown,
  rows,
  open,
  onClose,
}: {
  name: string
  shown: string
  rows: Viewer[]
  open: boolean
  onClose: () => void
}) => {
  const { t } = useTranslation()
  const lang = useLang()
  const [search, setSearch] = useState('')
  const word = useDeferredValue(search)
  const listed = useMemo(() => viewersShown(rows, word), [rows, word])
  const caption = t('wall.media.views.caption', { name: shown })
  const done = rows.filter((row) => row.completedAt !== null).length
  return (
    <ReportPanel
      open={open}
      onClose={() => {
        setSearch('')
        onClose()
      }}
      title={caption}
      search={search}
      onSearch={setSearch}
      shown={listed.length}
      top={
        <p className="video-views__top">
          <span className="video-views__summary">
            {t('wall.media.views.summary', { done, total: rows.length })}
          </span>
          <a
            className="video-views__csv"
            href={fileViewsCsvUrl(name)}
            download
            aria-label={t('wall.media.views.downloadCsvOf', { name: shown })}
          >
            {t('wall.media.views.downloadCsv')}
          </a>
          <a
            className="video-views__csv"
            href={fileViewsXlsxUrl(name)}
            download
            aria-label={t('wall.media.views.downloadXlsxOf', { name: shown })}
          >
            {t('wall.media.views.downloadXlsx')}
          </a>
        </p>
      }
    >
      {rows.length === 0 ? (
        <p className="video-views__nobody">{t('wall.media.views.nobody')}</p>
      ) : (
        <PanelRows
          count={listed.length}
          rowKey={(index) => listed[index]?.phone ?? String(index)}
          // The table inside the scrolled area, its header row kept on top (a table's rows
          // must be its own, nothing focusable between).
          body={(height, drawn) => (
            <div role="table" aria-label={caption} aria-rowcount={listed.length + 1}>
              <div role="rowgroup" className="video-views__head-group">
                <div role="row" aria-rowindex={1} className="video-views__grid video-views__header">
                  <span role="columnheader">{t('wall.media.views.name')}</span>
                  <span role="columnheader">{t('wall.media.views.progress')}</span>
                  <span role="columnheader">{t('wall.media.views.completedAt')}</span>
                </div>
              </div>
              <div role="rowgroup" className="report-panel__body" style={{ height }}>
                {drawn}
              </div>
            </div>
          )}
          renderRow={(index, place) => {
            const row = listed[index]
            if (row === undefined) return null
            return (
              <div
                key={row.phone}
                role="row"
                aria-rowindex={index + 2}
                className="video-views__grid report-panel__row"
                style={place}
                data-phone={row.phone}
              >
                <span role="rowheader" className="report-panel__who">
                  <span className="report-panel__name">{recipientDisplayName(row)}</span>
                  <span className="report-panel__phone">+{row.phone}</span>
                </span>
                <span role="cell">
                  <span data-testid="viewer-percent">{percentText(row.watchedFraction, lang)}</span>
                </span>
                <span role="cell">
                  {row.completedAt !== null && (
                    <>
                      <span className="video-views__done">{t('wall.media.views.watched')}</span>
                      <time dateTime={row.completedAt}>
                        {formatDiscussionDate(row.completedAt, lang)}
                      </time>
                    </>
                  )}
                </span>
              </div>
            )
          }}
        />
      )}
    </ReportPanel>
  )
}

/**
 * Each reader's progress, for the sender and administrators (docs/wall.md, "Proof of viewing"):
 * how many watched it, and behind 'Who watched' the panel of everyone's, with the CSV download.
 */
export const ViewsTable = ({
  name,
  shown,
  rows,
}: {
  name: string
  shown: string
  rows: Viewer[]
}) => {
  const { t } = usePanelTexts()
  const [open, setOpen] = useState(false)
  const done = rows.filter((row) => row.completedAt !== null).length
  return (
    <div className="video-views">
      <div className="video-views__head">
        <button
          type="button"
          className="video-views__toggle"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          {t('wall.media.views.whoWatched')}
        </button>
        <span className="video-views__summary">
          {t('wall.media.views.summary', { done, total: rows.length })}
        </span>
      </div>
      <ViewsPanel
        name={name}
        shown={shown}
        rows={rows}
        open={open}
        onClose={() => setOpen(false)}
      />
    </div>
  )
}

export interface VideoViewsProps {
  /** The stored name of the video. */
  name: string
  /** Its display name. */
  shown: string
  viewerPhone: string
}

/**
 * Under a video of a conversation: the viewer's own progress, or, for its sender and
 * administrators, everyone's (docs/wall.md, "Proof of viewing"). Nothing for a file whose views
 * are not counted, or before they are known.
 */
export const VideoViews = ({ name, shown, viewerPhone }: VideoViewsProps) => {
  useMediaTexts()
  const views = useFileViews(viewerPhone, name)
  if (views === undefined) return null
  const seen = viewsShown(views, viewerPhone)
  return seen.kind === 'own' ? (
    <OwnProgress row={seen.row} />
  ) : (
    <ViewsTable name={name} shown={shown} rows={seen.rows} />
  )
}
