import { useTranslation } from 'react-i18next'
import type { CommentView } from '../model/types'
import { commentSenderLabel, isOwnComment } from '../format/comments'
import { formatCommentDate } from '../format/dates'
import { commentAttachmentNames } from '../format/file-name'
import { commentFoot, type CommentFoot } from '../format/ticks'
import { PaperclipIcon } from './icons'
import { LinkifiedText } from './linkified-text'
import { Ticks } from './ticks'
import { useLang } from './use-lang'
import './comment-bubble.css'

export interface CommentBubbleProps {
  comment: CommentView
  viewerPhone: string
  onResend: () => void
}

/** The marks of an own comment (docs/wall.md, "Ticks"): ticks, a clock, Resend or a notice. */
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
 * with their marks, others' on the other side under their author's name. Attachments show
 * their display name only until their cards land.
 */
export const CommentBubble = ({ comment, viewerPhone, onResend }: CommentBubbleProps) => {
  const { t } = useTranslation()
  const lang = useLang()
  const self = isOwnComment(comment, viewerPhone)
  const { cmt, dateCreation, idCmtEmet } = comment.data
  return (
    <div
      className={`comment-bubble comment-bubble--${self ? 'self' : 'other'}`}
      data-testid="comment-bubble"
      data-comment-id={idCmtEmet}
      data-self={String(self)}
    >
      {!self && <p className="comment-bubble__sender">{commentSenderLabel(comment)}</p>}
      {commentAttachmentNames(comment.data).map((name, index) => (
        <p key={index} className="comment-bubble__file" data-testid="comment-file">
          <PaperclipIcon />
          <span className="visually-hidden">{t('wall.card.attachment')} </span>
          {name}
        </p>
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
