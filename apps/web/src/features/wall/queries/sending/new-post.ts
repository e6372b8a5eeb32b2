import type { Contact, Group, UserProfile } from '@palabre/contracts'
import { newClientId } from '../../model/ids'
import type { OutboxItem, PostAttachment } from './outbox'

/**
 * A post written here, before the server has it (docs/wall.md, "Sending"): it shows at once,
 * pending. Recipients are de-duplicated by phone and never include the author.
 */
export const newPost = (
  profile: UserProfile,
  input: {
    text: string
    contacts: readonly Contact[]
    folders: readonly Group[]
    /** Files and quizzes, in the order chosen: sent as comments once the post is stored. */
    attachments?: readonly Omit<PostAttachment, 'idCmtEmet'>[]
  },
  id: string = newClientId(),
): OutboxItem => {
  const now = new Date().toISOString()
  const seen = new Set<string>([profile.phone])
  const contacts = input.contacts.filter((c) => !seen.has(c.phone) && seen.add(c.phone))
  const groups = input.folders.map((g) => ({ idGroup: g.idGroup, name: g.nomGroup }))
  const attachments = (input.attachments ?? []).map((a) => ({ ...a, idCmtEmet: newClientId() }))
  return {
    kind: 'post',
    id,
    state: 'pending',
    ...(attachments.length > 0 ? { attachments } : {}),
    payload: {
      emetr_phone: profile.phone,
      emetr_name: profile.nomPrenom,
      text: input.text,
      typePoste: '0',
      idPostEmet: id,
      dateCreation: now,
      dateLastEvent: now,
      counterDest: contacts.length,
      destinataires: contacts.map((c) => ({ phone: c.phone, name: c.name })),
      groups,
      // Its files follow as comments, and are the post's own: they raise no unread count
      // (docs/behaviour.md, "A post's files").
      ...(attachments.length > 0 ? { pieceJointSMS: true } : {}),
    },
    view: {
      data: {
        emetr_name: profile.nomPrenom,
        emetr_phone: profile.phone,
        text: input.text,
        typePoste: '0',
        idPostEmet: id,
        cmtnonluEmetPost: 0,
        totalcmt: 0,
        dateLastEvent: now,
        dateCreation: now,
        destinataires: contacts.map((c) => ({
          name: c.name,
          phone: c.phone,
          delivred: 0,
          delivredtoWeb: 0,
          cmtnonluDestPost: 0,
        })),
        groups,
      },
      cmtnonlu: 0,
      delivred: 0,
      delivredtoWeb: 0,
      tagstatus: '',
      seq: 0,
      sendState: 'pending',
    },
  }
}
