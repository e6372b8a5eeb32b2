import { displayFileName } from '@palabre/contracts'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fileKindOf, fileUrl } from '../../lib/file-links'
import { useViewReporting } from '../../lib/use-view-reporting'
import { FileCard, GoneCard } from './file-card'
import { useFilePresence } from './file-presence'
import { PdfDocument } from './pdf-document'
import './file-view.css'

export interface FileViewProps {
  name: string
  viewer: string
  /** The server said the file is not there (404): the reader offers no download of it. */
  gone: boolean
  onGone: () => void
}

/**
 * The file itself, by its type (docs/reader.md, "What it shows"): an image whole, a video or a
 * recording in a player, a PDF or an office document drawn by pdf.js, anything else as its
 * icon, its name and its download. A file the server no longer has for the viewer says so, with
 * no download (docs/reader.md, "A file that is gone"). Keyed by the file: a new file starts
 * afresh.
 */
export const FileView = ({ name, viewer, gone, onGone }: FileViewProps) => {
  const { t } = useTranslation()
  // An image or a player that could not load its file.
  const [broken, setBroken] = useState(false)
  const shown = displayFileName(name)
  const kind = fileKindOf(name)
  // Asked when nothing shown reads the file (a card), or what read it failed: gone, or unreadable?
  const card = kind === 'other' || kind === 'poll'
  const presence = useFilePresence(viewer, name, card || broken)
  // A video reports what is played of it, as in the discussion (docs/files.md, "On the web").
  const video = useRef<HTMLVideoElement>(null)
  useViewReporting(video, name)
  useEffect(() => {
    if (presence === 'gone') onGone()
  }, [presence, onGone])

  if (gone || presence === 'gone') return <GoneCard name={name} />
  if (broken)
    return presence === 'unknown' ? (
      <p className="reader-view__status" role="status">
        {t('reader.loading')}
      </p>
    ) : (
      <FileCard name={name} note={t('reader.noPreview')} />
    )
  const failed = () => setBroken(true)
  switch (kind) {
    case 'image':
      // The image, not its thumbnail (docs/files.md, "Thumbnails").
      return (
        <img
          className="reader-view__image"
          src={fileUrl(name)}
          alt={shown}
          decoding="async"
          onError={failed}
        />
      )
    case 'video':
      return (
        <video
          ref={video}
          className="reader-view__video"
          src={fileUrl(name)}
          controls
          preload="metadata"
          aria-label={t('reader.video', { name: shown })}
          onError={failed}
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
          onError={failed}
        />
      )
    case 'pdf':
      return <PdfDocument name={name} viewer={viewer} source="file" onGone={onGone} />
    case 'office':
      return <PdfDocument name={name} viewer={viewer} source="preview" onGone={onGone} />
    default:
      return <FileCard name={name} />
  }
}
