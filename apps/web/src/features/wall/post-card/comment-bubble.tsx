import { Avatar } from '../../../components/avatar'
import { usePhotoOf } from '../lists/people-photos'
import { useTranslation } from 'react-i18next'
import type { CommentView } from '../model/types'
import { commentSenderLabel, isOwnComment } from '../format/comments'
import { formatCommentDate } from '../../../lib/dates'
import { commentAttachments } from '../format/file-name'
import { commentFoot, type CommentFoot } from '../format/ticks'
import { CommentAttachment } from './comment-attachment'
import { ClockIcon } from './icons'
import { LinkifiedText } from './linkified-text'
import { Ticks } from './ticks'
import { useLang } from '../../../i18n/use-lang'
import './comment-bubble.css'

export interface CommentBubbleProps {
  comment: CommentView
  viewerPhone: string
  /** The viewer's name, which a quiz answered from the bubble records. */
  viewerName: string
  onResend: () => void
}

/**
 * The marks of an own comment (docs/wall.md, "Ticks" and "Sending"): ticks, a clock, a clock and
 * a line while it waits for the connection, Resend or a notice.
 */
const Foot = ({ foot, onResend }: { foot: CommentFoot; onResend: () => void }) => {
  const { t } = useTranslation()
  if (foot === null) return null
  if (foot === 'failed') {
    return (
      <button type="button" className="comment-bubble__resend" onClick={onResend}>
        {t('wall.card.resend')}
      </button>
    )
  }
  if (foot === 'waiting') {
    return (
      <span className="comment-bubble__waiting" role="status">
        <ClockIcon />
        {t('wall.card.waiting')}
      </span>
    )
  }
  if (foot === 'throttled') {
    return (
      <span className="comment-bubble__notice" role="status">
        {t('wall.card.throttled')}
      </span>
    )
  }
  return <Ticks kind={foot} />
}

/**
 * One comment of a discussion (docs/wall.md, "Discussion"): the viewer's own on the self side
 * with their marks, others' on the other side under their author's name; its attachment above
 * its text (docs/wall.md, "Attachments").
 */
export const CommentBubble = ({
  comment,
  viewerPhone,
  viewerName,
  onResend,
}: CommentBubbleProps) => {
  const lang = useLang()
  const photoOf = usePhotoOf()
  const self = isOwnComment(comment, viewerPhone)
  const { cmt, dateCreation, idCmtEmet, idPostEmet } = comment.data
  return (
    <div
      className={`comment-bubble comment-bubble--${self ? 'self' : 'other'}`}
      data-testid="comment-bubble"
      data-comment-id={idCmtEmet}
      data-self={String(self)}
    >
      {!self && (
        <p className="comment-bubble__sender">
          <Avatar name={commentSenderLabel(comment)} photo={photoOf(comment.data.author.phone)} />
          {commentSenderLabel(comment)}
        </p>
      )}
      {commentAttachments(comment.data).map((name) => (
        <CommentAttachment
          key={name}
          name={name}
          postId={idPostEmet}
          viewerPhone={viewerPhone}
          viewerName={viewerName}
        />
      ))}
      {cmt.trim() !== '' && (
        <p className="comment-bubble__text">
          <LinkifiedText text={cmt} />
        </p>
      )}
      <p className="comment-bubble__meta">
        <time dateTime={dateCreation}>{formatCommentDate(dateCreation, lang)}</time>
        <Foot foot={commentFoot(comment, viewerPhone)} onResend={onResend} />
      </p>
    </div>
  )
}
