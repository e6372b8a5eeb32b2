import type { PostData, UserProfile } from '@palabre/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { newClientId } from '../../model/ids'
import { findPost } from '../post-cache'
import type { OutboxItem } from './outbox'

/** What a comment carries: text, or an attachment (and the text typed with it). */
export interface CommentContent {
  text: string
  image?: string
  fileDocName?: string
}

/**
 * A comment written here, before the server has it (docs/wall.md, "Sending"). Its recipients
 * are the post's, with the author's own entry replaced by the post's sender
 * (docs/behaviour.md, "Comments"). An attachment makes it type '1', text alone type '3'.
 */
export const newComment = (
  profile: UserProfile,
  post: PostData,
  content: string | CommentContent,
  options: { id?: string; dateCreation?: string } = {},
): OutboxItem => {
  const {
    text,
    image = '',
    fileDocName = '',
  } = typeof content === 'string' ? { text: content } : content
  const type = image !== '' || fileDocName !== '' ? '1' : '3'
  const idCmtEmet = options.id ?? newClientId()
  const { idPostEmet, emetr_phone: sender, emetr_name: senderName } = post.data
  const dateCreation = options.dateCreation ?? new Date().toISOString()
  const others = post.data.destinataires.filter((r) => r.phone !== profile.phone)
  const destinataires =
    sender === profile.phone
      ? others
      : [
          { name: senderName, phone: sender, delivred: 0, delivredtoWeb: 0, cmtnonluDestPost: 0 },
          ...others,
        ]
  return {
    kind: 'comment',
    id: idCmtEmet,
    postId: idPostEmet,
    state: 'pending',
    payload: {
      idPostEmet,
      idCmtEmet,
      cmt: text,
      image,
      fileDocName,
      typecommente: type,
      dateCreation,
    },
    view: {
      type,
      data: {
        emetr_name: profile.nomPrenom,
        emetr_phone: profile.phone,
        cmt: text,
        image,
        fileDocName,
        idPostEmet,
        idCmtEmet,
        dateCreation,
        destinataires: destinataires.map((r) => ({
          ...r,
          delivred: 0,
          delivredtoWeb: 0,
          cmtnonluDestPost: 0,
        })),
      },
      tagcmtstatut: '',
      sendState: 'pending',
    },
  }
}

/**
 * A comment on a post the cache holds (the open discussion's), or undefined when it holds none.
 * The discussion shows the post's view model; the comment is built from the server's item,
 * whose recipients it goes to (docs/wall.md, "View models").
 */
export const newCommentOn = (
  client: QueryClient,
  profile: UserProfile,
  postId: string,
  content: string | CommentContent,
): OutboxItem | undefined => {
  const post = findPost(client, profile.phone, postId)
  return post === undefined ? undefined : newComment(profile, post, content)
}
