import { displayFileName } from '@palabre/contracts'
import { useTranslation } from 'react-i18next'
import { fileUrl } from '../../lib/file-links'
import { FileIcon } from '../../components/file-icon'

/**
 * The download of the file on screen (docs/reader.md, "Download"). The server names the saved
 * file too (Content-Disposition, docs/files.md); `download` says the same for a browser that
 * would rather open it.
 */
export const DownloadLink = ({ name, className }: { name: string; className: string }) => {
  const { t } = useTranslation()
  return (
    <a className={className} href={fileUrl(name)} download={displayFileName(name)}>
      <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M8 2v8M4.5 6.5 8 10l3.5-3.5M3 13h10" />
      </svg>
      <span>{t('reader.download')}</span>
    </a>
  )
}

/**
 * A file the reader cannot draw (docs/reader.md, "What it shows"): its icon, its name and its
 * download. `note` says why when a preview was expected.
 */
export const FileCard = ({ name, note }: { name: string; note?: string }) => (
  <div className="reader-card" data-testid="reader-file-card">
    <FileIcon name={name} size={120} />
    <p className="reader-card__name">{displayFileName(name)}</p>
    {note !== undefined && <p className="reader-card__note">{note}</p>}
    <DownloadLink name={name} className="reader-card__download" />
  </div>
)

/**
 * A file the server no longer has for the viewer (docs/reader.md, "A file that is gone"): its
 * icon, its name and why, with no download, which would only fail.
 */
export const GoneCard = ({ name }: { name: string }) => {
  const { t } = useTranslation()
  return (
    <div className="reader-card" data-testid="reader-gone">
      <FileIcon name={name} size={120} />
      <p className="reader-card__name">{displayFileName(name)}</p>
      <p className="reader-card__note">{t('reader.gone')}</p>
    </div>
  )
}
