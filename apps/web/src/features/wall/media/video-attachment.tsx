import { useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { fileUrl } from '../../../lib/file-links'
import { useViewReporting } from '../../../lib/use-view-reporting'
import { LazyVideoViews } from './lazy-media'

export interface VideoAttachmentProps {
  /** The stored name of the mp4. */
  name: string
  /** Its display name. */
  shown: string
  viewerPhone: string
  /** The download of the file, beside its name. */
  download: ReactNode
}

/**
 * A video of a conversation, played inline (docs/wall.md, "Attachments"): it reports what was
 * really played, and under it the viewer's progress, or everyone's for its sender
 * (docs/wall.md, "Proof of viewing").
 */
export const VideoAttachment = ({ name, shown, viewerPhone, download }: VideoAttachmentProps) => {
  const { t } = useTranslation()
  const player = useRef<HTMLVideoElement>(null)
  useViewReporting(player, name)
  return (
    <figure className="comment-attachment comment-attachment--video">
      {/* Only the first bytes until played: the server answers ranges (docs/files.md). */}
      <video
        ref={player}
        className="comment-attachment__player"
        src={fileUrl(name)}
        controls
        preload="metadata"
        aria-label={t('wall.card.files.video', { name: shown })}
      />
      <figcaption className="comment-attachment__caption">
        <span className="comment-attachment__name">{shown}</span>
        {download}
      </figcaption>
      <LazyVideoViews name={name} shown={shown} viewerPhone={viewerPhone} />
    </figure>
  )
}
