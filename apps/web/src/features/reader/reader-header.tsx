import { displayFileName, type CommentFile } from '@palabre/contracts'
import type { Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { formatCommentDate } from '../../lib/dates'
import { useLang } from '../../i18n/use-lang'
import { DownloadLink } from './file-card'
import { senderOf } from './reader-files'

export interface ReaderHeaderProps {
  /** The stored file on screen. */
  name: string
  viewerPhone: string
  /** Its item among the post's files, once found. */
  item: CommentFile | undefined
  searching: boolean
  /** The file is not there: nothing to download. */
  gone: boolean
  onClose: () => void
  /** Close takes the focus when the reader opens. */
  closeRef?: Ref<HTMLButtonElement>
}

/**
 * The reader's bar (docs/reader.md, "What it shows"): Close, the file's name as the page's
 * heading, who sent it and when, and its download unless the file is gone.
 */
export const ReaderHeader = ({
  name,
  viewerPhone,
  item,
  searching,
  gone,
  onClose,
  closeRef,
}: ReaderHeaderProps) => {
  const { t } = useTranslation()
  const lang = useLang()
  return (
    <header className="reader__bar">
      <button
        ref={closeRef}
        type="button"
        className="reader__close"
        onClick={onClose}
        title={t('reader.close')}
      >
        <svg viewBox="0 0 16 16" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" />
        </svg>
        <span className="visually-hidden">{t('reader.close')}</span>
      </button>
      <div className="reader__title">
        <h1 className="reader__name" id="reader-name">
          {displayFileName(name)}
        </h1>
        {item !== undefined ? (
          <p className="reader__meta" data-testid="reader-meta">
            <span className="reader__sender">{senderOf(item, viewerPhone, t('reader.me'))}</span>
            <time className="reader__date" dateTime={item.dateCreation}>
              {formatCommentDate(item.dateCreation, lang)}
            </time>
          </p>
        ) : (
          searching && (
            <p className="reader__meta" role="status">
              {t('reader.loadingFiles')}
            </p>
          )
        )}
      </div>
      {!gone && <DownloadLink name={name} className="reader__download" />}
    </header>
  )
}
