import { recipientDisplayName } from '@palabre/contracts'
import { useTranslation } from 'react-i18next'
import type { PostView } from '../model/types'
import { formatDiscussionDate } from '../../../lib/dates'
import { isSender, senderLabel } from '../format/post-state'
import { AnnouncementLine } from '../announcements/announcement-line'
import { BackIcon, InfoIcon } from './icons'
import { LinkifiedText } from './linkified-text'
import { RecipientList } from './recipient-list'
import { useLang } from '../../../i18n/use-lang'
import './discussion-header.css'

export interface DiscussionHeaderProps {
  post: PostView
  viewerPhone: string
  onContact: (phone: string, name: string) => void
  onGroup: (idGroup: string) => void
  /** The mobile header's way back to the wall. */
  onBack?: () => void
  /** The mobile header's post info. */
  onInfo?: () => void
}

/**
 * The head of a discussion (docs/wall.md, "Discussion"): the post's sender ('Me' for the
 * viewer), its date as 'd MMM HH:mm', an announcement's label and state (docs/wall.md,
 * "Announcements"), its whole text and its recipients.
 */
export const DiscussionHeader = (props: DiscussionHeaderProps) => {
  const { post, viewerPhone, onContact, onGroup, onBack, onInfo } = props
  const { t } = useTranslation()
  const lang = useLang()
  const sender = senderLabel(post, viewerPhone, t('wall.card.me'))
  const { name, phone } = post.data.author
  return (
    <header className="discussion-header" data-testid="discussion-header">
      <div className="discussion-header__bar">
        {onBack && (
          <button
            type="button"
            className="discussion-header__icon"
            aria-label={t('wall.card.back')}
            onClick={onBack}
          >
            <BackIcon />
          </button>
        )}
        <p className="discussion-header__who">
          {isSender(post, viewerPhone) ? (
            <span className="discussion-header__sender">{sender}</span>
          ) : (
            <button
              type="button"
              className="discussion-header__sender discussion-header__contact"
              onClick={() => onContact(phone, recipientDisplayName({ name, phone }))}
            >
              {sender}
            </button>
          )}
          <time className="discussion-header__date" dateTime={post.data.dateCreation}>
            {formatDiscussionDate(post.data.dateCreation, lang)}
          </time>
        </p>
        {onInfo && (
          <button
            type="button"
            className="discussion-header__icon"
            aria-label={t('wall.card.postInfo')}
            onClick={onInfo}
          >
            <InfoIcon />
          </button>
        )}
      </div>
      <AnnouncementLine post={post} viewerPhone={viewerPhone} />
      <p className="discussion-header__text">
        <LinkifiedText text={post.data.text} />
      </p>
      <RecipientList
        post={post}
        viewerPhone={viewerPhone}
        onContact={onContact}
        onGroup={onGroup}
      />
    </header>
  )
}
