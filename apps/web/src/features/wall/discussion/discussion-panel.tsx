import { recipientDisplayName, type Group, type UserProfile } from '@palabre/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { markCommentsSeen, markPostSeen, reportCommentsSeen } from '../queries/live/seen'
import { holdOpenPost } from '../queries/open-posts'
import { newCommentOn } from '../queries/sending/new-comment'
import { useComments, useGroups, usePost } from '../queries/use-wall-data'
import { unsentComments } from '../queries/view-lookups'
import { useLive } from '../live/live-context'
import type { CommentView } from '../model/types'
import { DiscussionHeader } from '../post-card/discussion-header'
import { isAnnouncement } from '../announcements/announcement-line'
import { LazyAnnouncementReport } from '../announcements/lazy-report'
import { isSender } from '../format/post-state'
import { PollHost } from '../../quizzes'
import { CommentThread } from './comment-thread'
import { Composer } from './composer'
import '../../../components/loading-screen.css'
import './discussion.css'

export interface DiscussionPanelProps {
  profile: UserProfile
  postId: string
  mobile: boolean
  onBack: () => void
  onInfo: () => void
  onContact: (phone: string, name: string) => void
  onGroup: (idGroup: string) => void
  /** On a phone the discussion takes the screen: the wall's notices show over its thread. */
  notices?: ReactNode
}

/**
 * Who may comment (docs/behaviour.md, "Comments"): on a post sent to folders, members of one of
 * them; on any other post, its participants.
 */
const canDiscuss = (
  groups: readonly Group[] | undefined,
  postGroups: readonly { idGroup: string }[],
) => postGroups.length === 0 || postGroups.some((g) => groups?.some((m) => m.idGroup === g.idGroup))

/** The open post's discussion (docs/wall.md, "Discussion"). */
export const DiscussionPanel = (props: DiscussionPanelProps) => {
  const { profile, postId, mobile } = props
  const phone = profile.phone
  const { t } = useTranslation()
  const client = useQueryClient()
  const live = useLive()
  const post = usePost(phone, postId)
  const comments = useComments(phone, postId)
  const groups = useGroups(phone)
  const outbox = useSyncExternalStore(live.outbox.subscribe, live.outbox.snapshot)

  const current = post.data ?? undefined
  const loaded = current !== undefined
  // An announcement (docs/wall.md, "Announcements"): its author sees who confirmed; a
  // recipient's comment goes to the author alone, which the composer says.
  const announcement = current !== undefined && isAnnouncement(current)
  const authoring = announcement && isSender(current, phone)
  useEffect(() => {
    if (!current) return
    markPostSeen(live.socket, client, phone, current)
    markCommentsSeen(live.socket, client, phone, current)
    // Once per opened post, and again when its unread count rises while open.
  }, [postId, loaded, current?.unreadComments]) // eslint-disable-line react-hooks/exhaustive-deps
  // While on screen, its comments are read as they come: a read of the server that left
  // before it was told does not bring its unread count back (docs/wall.md, "Newness and
  // opening").
  useEffect(
    () => holdOpenPost(postId, () => reportCommentsSeen(live.socket, phone, postId)),
    [postId, live.socket, phone],
  )

  const thread = useMemo((): CommentView[] => {
    const stored = comments.data ?? []
    const ids = new Set(stored.map((c) => c.data.idCmtEmet))
    const pending = unsentComments(outbox, postId).filter((c) => !ids.has(c.data.idCmtEmet))
    return [...stored, ...pending]
  }, [comments.data, outbox, postId])

  if (post.data === null)
    return (
      <section className="discussion discussion--missing" aria-label={t('wall.layout.discussion')}>
        <p role="alert">{t('wall.layout.postMissing')}</p>
      </section>
    )

  return (
    <section
      className="discussion"
      aria-label={t('wall.layout.discussion')}
      data-testid="discussion"
    >
      {current && (
        <DiscussionHeader
          post={current}
          viewerPhone={phone}
          onContact={props.onContact}
          onGroup={props.onGroup}
          {...(mobile ? { onBack: props.onBack, onInfo: props.onInfo } : {})}
        />
      )}
      {authoring && <LazyAnnouncementReport id={postId} viewerPhone={phone} />}
      <div className="discussion__body">
        <PollHost viewerPhone={phone} viewerName={profile.nomPrenom}>
          <CommentThread
            comments={thread}
            viewerPhone={phone}
            viewerName={profile.nomPrenom}
            onResend={(id) => void live.sender.resend(id)}
          />
        </PollHost>
        {props.notices}
      </div>
      {current && groups.data !== undefined && canDiscuss(groups.data, current.data.groups) ? (
        <>
          {announcement && !authoring && (
            <p className="discussion__hint" data-testid="announcement-comment-hint">
              {t('wall.announcement.commentHint', {
                author: recipientDisplayName(current.data.author),
              })}
            </p>
          )}
          <Composer
            phone={phone}
            postId={postId}
            mobile={mobile}
            onSend={(content) => {
              const item = newCommentOn(client, profile, postId, content)
              if (item) void live.sender.submit(item)
            }}
          />
        </>
      ) : (
        current &&
        groups.data !== undefined && (
          <p className="discussion__read-only">{t('wall.layout.cannotSend')}</p>
        )
      )}
      {(post.isPending || comments.isPending) && (
        <div className="discussion__loading" role="status" aria-live="polite">
          <span className="loading-screen__spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('wall.layout.loading')}</span>
        </div>
      )}
    </section>
  )
}
