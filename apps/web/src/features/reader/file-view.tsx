import { displayFileName } from '@palabre/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fileKindOf, fileUrl } from '../../lib/file-links'
import { FileCard } from './file-card'
import { PdfDocument } from './pdf-document'
import './file-view.css'

/**
 * The file itself, by its type (docs/reader.md, "What it shows"): an image whole, a video or a
 * recording in a player, a PDF or an office document drawn by pdf.js, anything else as its
 * icon, its name and its download. Keyed by the file: a new file starts afresh.
 */
export const FileView = ({ name, viewer }: { name: string; viewer: string }) => {
  const { t } = useTranslation()
  const [broken, setBroken] = useState(false)
  const shown = displayFileName(name)
  const kind = fileKindOf(name)

  if (broken) return <FileCard name={name} note={t('reader.noPreview')} />
  switch (kind) {
    case 'image':
      // The image, not its thumbnail (docs/files.md, "Thumbnails").
      return (
        <img
          className="reader-view__image"
          src={fileUrl(name)}
          alt={shown}
          decoding="async"
          onError={() => setBroken(true)}
        />
      )
    case 'video':
      return (
        <video
          className="reader-view__video"
          src={fileUrl(name)}
          controls
          preload="metadata"
          aria-label={t('reader.video', { name: shown })}
        />
      )
    case 'audio':
      return (
        <audio
          className="reader-view__audio"
          src={fileUrl(name)}
          controls
          preload="metadata"
          aria-label={t('reader.audio', { name: shown })}
        />
      )
    case 'pdf':
      return <PdfDocument name={name} viewer={viewer} source="file" />
    case 'office':
      return <PdfDocument name={name} viewer={viewer} source="preview" />
    default:
      return <FileCard name={name} />
  }
}
