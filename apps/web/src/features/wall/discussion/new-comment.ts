import type { PostData, UserProfile } from '@palabre/contracts'
import { newClientId } from '../model/ids'
import type { OutboxItem } from '../live/outbox'

/**
 * A comment written here, before the server has it (docs/wall.md, "Sending"). Its recipients
 * are the post's, with the author's own entry replaced by the post's sender
 * (docs/behaviour.md, "Comments").
 */
export const newComment = (profile: UserProfile, post: PostData, text: string): OutboxItem => {
  const idCmtEmet = newClientId()
  const { idPostEmet, emetr_phone: sender, emetr_name: senderName } = post.data
  const dateCreation = new Date().toISOString()
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
      typecommente: '3',
      dateCreation,
    },
    view: {
      type: '3',
      data: {
        emetr_name: profile.nomPrenom,
        emetr_phone: profile.phone,
        cmt: text,
        image: '',
        fileDocName: '',
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
