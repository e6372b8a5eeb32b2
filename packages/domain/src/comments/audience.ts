import type { PostDoc } from '../posts/post-model.js'

/**
 * Who takes part in a comment (docs/behaviour.md, "Comments"): every participant of its post,
 * but not the deactivated (docs/organisation.md, "Deactivation"). On an announcement, a
 * recipient's comment goes to its author only, and the author's to every recipient
 * (docs/announcements.md, "Comments").
 */
const isAnnouncement = (post: Pick<PostDoc, 'typePoste'>): boolean =>
  post.typePoste === 'announcement'

/** Whom a new comment reaches: its author excepted. */
export const commentRecipients = (
  post: Pick<PostDoc, 'typePoste' | 'emetr_phone' | 'participants'>,
  author: string,
  deactivated: ReadonlySet<string>,
): string[] => {
  if (isAnnouncement(post) && author !== post.emetr_phone)
    return deactivated.has(post.emetr_phone) ? [] : [post.emetr_phone]
  return post.participants.filter((p) => p !== author && !deactivated.has(p))
}

/** Whether `viewer`, a participant, sees every comment of the post's thread. */
export const seesEveryComment = (
  post: Pick<PostDoc, 'typePoste' | 'emetr_phone'>,
  viewer: string,
): boolean => !isAnnouncement(post) || viewer === post.emetr_phone

/** Whether `viewer`, a participant, sees a comment written by `author` in the post's thread. */
export const seesComment = (
  post: Pick<PostDoc, 'typePoste' | 'emetr_phone'>,
  viewer: string,
  author: string,
): boolean => seesEveryComment(post, viewer) || author === viewer || author === post.emetr_phone
