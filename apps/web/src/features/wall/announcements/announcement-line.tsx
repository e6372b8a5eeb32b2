import { postTypes } from '@palabre/contracts'
import { useTranslation } from 'react-i18next'
import { formatPostDate } from '../../../lib/dates'
import { useLang } from '../../../i18n/use-lang'
import { isSender } from '../format/post-state'
import type { PostView } from '../model/types'
import './announcements.css'

/** Whether a post is an announcement (docs/wall.md, "Announcements"). */
export const isAnnouncement = (post: PostView): boolean =>
  post.data.typePoste === postTypes.announcement

/**
 * The author's count: how many of the recipients confirmed, as the post carries it for its
 * author and each confirmation moves it live (queries/announcements.ts); no table is read for
 * it. Without the count (an older answer), how many people it went to.
 */
const AuthorCount = ({ post }: { post: PostView }) => {
  const { t } = useTranslation()
  const state = post.data.announcement
  const total = state?.recipients ?? 0
  return (
    <span className="announcement-line__state" data-testid="announcement-count">
      {state?.confirmed === undefined
        ? t('wall.announcement.sentTo', { count: total })
        : t('wall.announcement.confirmed', { confirmed: state.confirmed, total })}
    </span>
  )
}

/**
 * What an announcement's card and discussion carry (docs/wall.md, "Announcements"): the
 * 'Announcement' label, then for its author how many confirmed, for a recipient who confirmed
 * when they did. Nothing for any other post.
 */
export const AnnouncementLine = ({
  post,
  viewerPhone,
}: {
  post: PostView
  viewerPhone: string
}) => {
  const { t } = useTranslation()
  const lang = useLang()
  if (!isAnnouncement(post)) return null
  const confirmedAt = post.data.announcement?.confirmedAt
  return (
    <p className="announcement-line" data-testid="announcement-line">
      <span className="announcement-label">{t('wall.announcement.label')}</span>
      {isSender(post, viewerPhone) ? (
        <AuthorCount post={post} />
      ) : (
        typeof confirmedAt === 'string' && (
          <span className="announcement-line__state" data-testid="announcement-read">
            {t('wall.announcement.readOn', { date: formatPostDate(confirmedAt, lang) })}
          </span>
        )
      )}
    </p>
  )
}
