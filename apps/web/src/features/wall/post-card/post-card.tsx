import { recipientDisplayName } from '@palabre/contracts'
import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { PostView } from '../model/types'
import { formatPostDate } from '../../../lib/dates'
import {
  isEmphasized,
  isNewPost,
  isSender,
  postSendStatus,
  senderLabel,
} from '../format/post-state'
import { ellipsis, truncatePostText } from '../format/post-text'
import { recipientSummary } from '../format/recipients'
import { AnnouncementLine, isAnnouncement } from '../announcements/announcement-line'
import { AttachmentStrip } from './attachment-strip'
import { LinkifiedText } from './linkified-text'
import { PostActions } from './post-actions'
import { PostRecipients } from './post-recipients'
import { useFolderNames } from '../lists/folder-names'
import { usePhotoOf } from '../lists/people-photos'
import { Avatar } from '../../../components/avatar'
import { useLang } from '../../../i18n/use-lang'
import './post-card.css'

export interface PostCardProps {
  post: PostView
  viewerPhone: string
  isOpen: boolean
  onOpen: () => void
  onExpand: () => void
  onComment: () => void
  onShare: () => void
  onCopy: () => void
  onResend: () => void
  onContact: (phone: string, name: string) => void
  onRecipients: () => void
  onGroup: (idGroup: string) => void
  /** A pinned announcement, highlighted above the posts (docs/wall.md, "Announcements"). */
  pinned?: boolean
  /** What goes under the actions: a pinned announcement's 'I have read it'. */
  footer?: ReactNode
}

/**
 * One post on the wall (docs/wall.md, "Post card"): sender, arrow and recipients, date, the
 * strip of its files, the text (cut at 200 characters with 'Read more...'), and the actions.
 * Light blue while open; black and bold while new or with unread comments, grey otherwise. An
 * announcement carries its label and state, and a pinned one is highlighted (docs/wall.md,
 * "Announcements").
 */
export const PostCard = (props: PostCardProps) => {
  const { post, viewerPhone, isOpen, onOpen, onExpand, onContact } = props
  const { t } = useTranslation()
  const lang = useLang()
  const senderId = useId()
  const folderNames = useFolderNames()
  const photoOf = usePhotoOf()
  const [expanded, setExpanded] = useState(false)
  const mine = isSender(post, viewerPhone)
  const isNew = isNewPost(post, viewerPhone)
  const emphasized = isEmphasized(post, viewerPhone)
  const sender = senderLabel(post, viewerPhone, t('wall.card.me'))
  const cut = truncatePostText(post.data.text)
  const announcement = isAnnouncement(post)
  const className = [
    'post-card',
    announcement && 'post-card--announcement',
    props.pinned && 'post-card--pinned',
    isOpen && 'post-card--open',
    emphasized ? 'post-card--emphasized' : 'post-card--read',
  ]
    .filter(Boolean)
    .join(' ')

  const toggle = () => {
    if (!expanded) onExpand()
    setExpanded(!expanded)
  }

  return (
    <article
      className={className}
      aria-labelledby={senderId}
      data-testid="post-card"
      data-post-id={post.data.idPostEmet}
      data-new={String(isNew)}
      data-emphasized={String(emphasized)}
      data-open={String(isOpen)}
      data-announcement={announcement || undefined}
    >
      <header className="post-card__header">
        <span className="post-card__route">
          <Avatar
            name={recipientDisplayName(post.data.author)}
            photo={photoOf(post.data.author.phone)}
          />
          {mine ? (
            <span id={senderId} className="post-card__sender">
              {sender}
            </span>
          ) : (
            <button
              id={senderId}
              type="button"
              className="post-card__link post-card__sender"
              onClick={() =>
                onContact(post.data.author.phone, recipientDisplayName(post.data.author))
              }
            >
              {sender}
            </button>
          )}
          <span className="post-card__arrow" aria-hidden="true">
            →
          </span>
          <span className="visually-hidden">{t('wall.card.to')}</span>
          <PostRecipients
            summary={recipientSummary(post, viewerPhone)}
            folderName={(group) => folderNames.ofPostGroup(group, post)}
            onContact={onContact}
            onRecipients={props.onRecipients}
            onGroup={props.onGroup}
            everyone={announcement}
          />
        </span>
        <time className="post-card__date" dateTime={post.data.dateCreation}>
          {formatPostDate(post.data.dateCreation, lang)}
        </time>
      </header>
      <AnnouncementLine post={post} viewerPhone={viewerPhone} />
      <AttachmentStrip
        viewerPhone={viewerPhone}
        postId={post.data.idPostEmet}
        hasComments={post.data.totalcmt > 0}
      />
      {/* A click anywhere on the text opens the post; from the keyboard, Comment does. */}
      <div className="post-card__body" onClick={onOpen} data-testid="post-card-body">
        <p className="post-card__text">
          <LinkifiedText text={expanded ? post.data.text : cut.text} />
          {!expanded && cut.truncated && ellipsis}
        </p>
        {cut.truncated && (
          <button
            type="button"
            className="link-button post-card__toggle"
            aria-expanded={expanded}
            onClick={(event) => {
              // Reading more is not opening the post.
              event.stopPropagation()
              toggle()
            }}
          >
            {expanded ? t('wall.card.less') : t('wall.card.readMore')}
          </button>
        )}
      </div>
      <PostActions
        status={postSendStatus(post)}
        unread={post.unreadComments}
        onComment={props.onComment}
        onShare={props.onShare}
        onCopy={props.onCopy}
        onResend={props.onResend}
      />
      {props.footer}
    </article>
  )
}
