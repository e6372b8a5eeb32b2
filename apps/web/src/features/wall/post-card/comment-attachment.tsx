import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { displayFileName } from '../format/file-name'
import { fileKindOf, fileUrl, isRecording, thumbnailUrl } from '../../../lib/file-links'
import { openedFromWall, readerPath } from '../../../lib/paths'
import { PollCard } from '../../quizzes'
import { FileIcon } from '../../../components/file-icon'
import { VideoAttachment } from '../media/video-attachment'
import { LazyVoiceMessage } from '../media/lazy-media'
import './comment-attachment.css'

export interface CommentAttachmentProps {
  /** The stored name the comment carries (its `image` or its `fileDocName`). */
  name: string
  postId: string
  viewerPhone: string
  viewerName: string
}

const DownloadIcon = () => (
  <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
    <path
      d="M8 2v8m-3.5-3.5L8 10l3.5-3.5M3 13.5h10"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
)

/** The file as the server answers it, named as it was chosen (docs/files.md, "Downloads"). */
const Download = ({ name, shown }: { name: string; shown: string }) => {
  const { t } = useTranslation()
  const label = t('wall.card.files.download', { name: shown })
  return (
    <a
      className="comment-attachment__download"
      href={fileUrl(name)}
      download={shown}
      aria-label={label}
      title={label}
    >
      <DownloadIcon />
    </a>
  )
}

/**
 * What a comment carries (docs/wall.md, "Attachments"): an image's thumbnail, a video or an audio
 * player, a quiz's card, or a document's card; images and documents open the reader at its own
 * address, and each file can be downloaded.
 */
export const CommentAttachment = ({
  name,
  postId,
  viewerPhone,
  viewerName,
}: CommentAttachmentProps) => {
  const { t } = useTranslation()
  const shown = displayFileName(name)
  const kind = fileKindOf(name)
  if (kind === 'poll')
    return <PollCard fileName={name} viewerPhone={viewerPhone} viewerName={viewerName} />
  // A video reports what is played of it (docs/wall.md, "Proof of viewing"); a recording is a
  // voice message (docs/wall.md, "Voice messages").
  if (kind === 'video')
    return (
      <VideoAttachment
        name={name}
        shown={shown}
        viewerPhone={viewerPhone}
        download={<Download name={name} shown={shown} />}
      />
    )
  if (isRecording(name))
    return (
      <LazyVoiceMessage
        name={name}
        viewerPhone={viewerPhone}
        download={<Download name={name} shown={shown} />}
      />
    )
  if (kind === 'audio') {
    return (
      <figure className="comment-attachment comment-attachment--audio">
        {/* Only the first bytes until played: the server answers ranges (docs/files.md). */}
        <audio
          className="comment-attachment__player"
          src={fileUrl(name)}
          controls
          preload="metadata"
          aria-label={t('wall.card.files.audio', { name: shown })}
        />
        <figcaption className="comment-attachment__caption">
          <span className="comment-attachment__name">{shown}</span>
          <Download name={name} shown={shown} />
        </figcaption>
      </figure>
    )
  }
  const open = t('wall.card.files.open', { name: shown })
  return (
    <div className={`comment-attachment comment-attachment--${kind}`} data-testid="comment-file">
      <Link
        className="comment-attachment__open"
        to={readerPath(name, postId)}
        state={openedFromWall}
        aria-label={open}
      >
        {kind === 'image' ? (
          <img
            className="comment-attachment__thumb"
            src={thumbnailUrl(name)}
            alt=""
            loading="lazy"
            decoding="async"
          />
        ) : (
          <>
            <FileIcon name={name} />
            <span className="comment-attachment__name">{shown}</span>
          </>
        )}
      </Link>
      <Download name={name} shown={shown} />
    </div>
  )
}
