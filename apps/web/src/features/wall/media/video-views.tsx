import { recipientDisplayName, type Viewer } from '@palabre/contracts'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../../i18n/use-lang'
import { formatDiscussionDate } from '../../../lib/dates'
import { fileViewsCsvUrl, fileViewsXlsxUrl } from '../../../lib/file-views'
import { useFileViews } from '../queries/use-file-views'
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

/**
 * Each reader's progress, for the sender and administrators (docs/wall.md, "Proof of viewing"):
 * how many watched it, and behind 'Who watched' a table of name, progress and when they
 * finished, with the CSV download.
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
  const { t } = useTranslation()
  const lang = useLang()
  const [open, setOpen] = useState(false)
  const panel = useId()
  const done = rows.filter((row) => row.completedAt !== null).length
  return (
    <div className="video-views">
      <div className="video-views__head">
        <button
          type="button"
          className="video-views__toggle"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen((was) => !was)}
        >
          {t('wall.media.views.whoWatched')}
        </button>
        <span className="video-views__summary">
          {t('wall.media.views.summary', { done, total: rows.length })}
        </span>
      </div>
      {open && (
        <div id={panel} className="video-views__panel">
          {rows.length === 0 ? (
            <p className="video-views__nobody">{t('wall.media.views.nobody')}</p>
          ) : (
            <table className="video-views__table">
              <caption className="visually-hidden">
                {t('wall.media.views.caption', { name: shown })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('wall.media.views.name')}</th>
                  <th scope="col">{t('wall.media.views.progress')}</th>
                  <th scope="col">{t('wall.media.views.completedAt')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.phone} data-phone={row.phone}>
                    <th scope="row">{recipientDisplayName(row)}</th>
                    <td>
                      <span data-testid="viewer-percent">
                        {percentText(row.watchedFraction, lang)}
                      </span>
                    </td>
                    <td>
                      {row.completedAt !== null && (
                        <>
                          <span className="video-views__done">{t('wall.media.views.watched')}</span>
                          <time dateTime={row.completedAt}>
                            {formatDiscussionDate(row.completedAt, lang)}
                          </time>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
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
        </div>
      )}
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
