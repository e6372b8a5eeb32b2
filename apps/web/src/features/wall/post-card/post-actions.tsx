import { useTranslation } from 'react-i18next'
import type { PostSendStatus } from '../format/post-state'
import { ClockIcon } from './icons'

interface PostActionsProps {
  status: PostSendStatus
  unread: number
  onComment: () => void
  onShare: () => void
  onCopy: () => void
  onResend: () => void
}

/**
 * The foot of the post card (docs/wall.md, "Post card" and "Sending"): a clock while the post
 * is on its way, a clock and a line while it waits for the connection to go again, a notice
 * while the server holds it back, Resend once the server refused it, else Comment (with the
 * viewer's unread-comment count), Share and Copy.
 */
export const PostActions = ({
  status,
  unread,
  onComment,
  onShare,
  onCopy,
  onResend,
}: PostActionsProps) => {
  const { t } = useTranslation()
  switch (status) {
    case 'pending':
      return (
        <p className="post-card__foot post-card__pending" data-testid="post-pending">
          <ClockIcon />
          <span className="visually-hidden">{t('wall.card.pending')}</span>
        </p>
      )
    case 'waiting':
      return (
        <p className="post-card__foot post-card__waiting" role="status" data-testid="post-waiting">
          <ClockIcon />
          {t('wall.card.waiting')}
        </p>
      )
    case 'throttled':
      return (
        <p className="post-card__foot post-card__notice" role="status">
          {t('wall.card.throttled')}
        </p>
      )
    case 'failed':
      return (
        <div className="post-card__foot">
          <button type="button" className="post-card__action post-card__resend" onClick={onResend}>
            {t('wall.card.resend')}
          </button>
        </div>
      )
    case 'sent':
      return (
        <div className="post-card__foot">
          <button type="button" className="post-card__action" onClick={onComment}>
            {t('wall.card.comment')}
            {unread > 0 && (
              <span
                className="post-card__unread"
                role="img"
                aria-label={t('wall.card.unreadComments', { count: unread })}
              >
                {unread}
              </span>
            )}
          </button>
          <button type="button" className="post-card__action" onClick={onShare}>
            {t('wall.card.share')}
          </button>
          <button type="button" className="post-card__action" onClick={onCopy}>
            {t('wall.card.copy')}
          </button>
        </div>
      )
  }
}
