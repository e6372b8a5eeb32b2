import { hasSeen, recipientDisplayName } from '@palabre/contracts'
import type { Comment, CommentFile, Recipient } from '@palabre/contracts'
import type { PostDoc } from '../posts/post-model.js'
import type { CommentDoc } from './comment-model.js'
import type { ReceiptDoc } from './receipt-model.js'

/**
 * A comment's recipients (docs/behaviour.md, "Comments"): the post's recipients with the author's own place
 * taken by the post's sender, i.e. every participant but the author.
 */
export const commentRecipients = (
  post: PostDoc,
  author: string,
): { phone: string; name: string }[] => {
  const everyone = [{ phone: post.emetr_phone, name: post.emetr_name }, ...post.destinataires]
  return everyone
    .filter((p) => p.phone !== author)
    .map((p) => ({ phone: p.phone, name: recipientDisplayName(p) }))
}

/**
 * A comment as one viewer sees it. The author sees each recipient's marks; anyone else sees its
 * own unread flag (cmtnonlu 1 until it saw the comment).
 */
export const presentComment = (
  comment: CommentDoc,
  post: PostDoc,
  viewer: string,
  receipts: ReadonlyMap<string, ReceiptDoc> = new Map(),
): Comment => {
  const isAuthor = comment.emetr_phone === viewer
  const destinataires: Recipient[] = commentRecipients(post, comment.emetr_phone).map((r) => {
    const marks = isAuthor || r.phone === viewer ? receipts.get(r.phone) : undefined
    return {
      ...r,
      delivred: marks?.delivred ?? 0,
      delivredtoWeb: marks?.delivredtoWeb ?? 0,
      cmtnonluDestPost: 0,
    }
  })
  const own = receipts.get(viewer)
  return {
    type: comment.type,
    data: {
      emetr_name: comment.emetr_name,
      emetr_phone: comment.emetr_phone,
      cmt: comment.cmt,
      image: comment.image,
      fileDocName: comment.fileDocName,
      idPostEmet: comment.idPostEmet,
      idCmtEmet: comment.idCmtEmet,
      dateCreation: comment.dateCreation.toISOString(),
      destinataires,
    },
    cmtnonlu: !isAuthor && own && !hasSeen(own) ? 1 : 0,
    tagcmtstatut: comment.tagcmtstatut,
    ...(comment.partOfPost === true ? { partOfPost: true as const } : {}),
  }
}

export const presentCommentFile = (comment: CommentDoc): CommentFile => ({
  emet: comment.emetr_phone,
  emetName: comment.emetr_name,
  image: comment.image,
  fileDoc: comment.fileDocName,
  dateCreation: comment.dateCreation.toISOString(),
  idCmtEmet: comment.idCmtEmet,
})
