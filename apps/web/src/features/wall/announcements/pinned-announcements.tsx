import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useFailureMessage } from '../../../lib/failure-message'
import { useConfirmAnnouncement } from '../queries/announcements'
import type { PostView } from '../model/types'
import './announcements.css'

export interface PinnedAnnouncementsProps {
  posts: readonly PostView[]
  viewerPhone: string
  /** The wall's post card for one of them, with what goes under its actions. */
  renderCard: (post: PostView, footer: ReactNode) => ReactNode
}

/** 'I have read it', and why it failed if it did. */
const ConfirmButton = ({ post, viewerPhone }: { post: PostView; viewerPhone: string }) => {
  const { t } = useTranslation()
  const failureMessage = useFailureMessage()
  const confirm = useConfirmAnnouncement(viewerPhone)
  return (
    <div className="announcement-confirm">
      <button
        type="button"
        className="btn btn-primary announcement-confirm__button"
        disabled={confirm.isPending}
        onClick={() => confirm.mutate(post.data.idPostEmet)}
      >
        {t('wall.announcement.confirm')}
      </button>
      {confirm.isError && (
        <p className="announcement-confirm__error" role="alert">
          {failureMessage(confirm.error, t('wall.announcement.confirmFailed'))}
        </p>
      )}
    </div>
  )
}

/**
 * The viewer's announcements not confirmed yet, newest first, above the general wall's posts
 * (docs/wall.md, "Announcements"): each a highlighted post card with 'I have read it', which
 * confirms it and leaves it among the posts, in its place by date.
 */
export const PinnedAnnouncements = ({
  posts,
  viewerPhone,
  renderCard,
}: PinnedAnnouncementsProps) => {
  const { t } = useTranslation()
  if (posts.length === 0) return null
  return (
    <section
      className="pinned-announcements"
      aria-label={t('wall.announcement.pinned')}
      data-testid="pinned-announcements"
    >
      {posts.map((post) => (
        <Fragment key={post.data.idPostEmet}>
          {renderCard(post, <ConfirmButton post={post} viewerPhone={viewerPhone} />)}
        </Fragment>
      ))}
    </section>
  )
}
