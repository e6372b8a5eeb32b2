import { deactivatedMark } from '../users/deactivated.js'
import type { PostData, Recipient } from '@palabre/contracts'
import type { InboxEntryDoc } from './inbox-model.js'
import type { PostDoc, PostRecipient } from './post-model.js'

type EntryMarks = Pick<InboxEntryDoc, 'phone' | 'delivred' | 'delivredtoWeb' | 'cmtnonlu'>

/**
 * What a view needs of a post: all but its participants, which pages never read (a folder's or
 * an announcement's list would be read again on every page that shows it).
 */
export type PostShown = Omit<PostDoc, 'participants'>

const recipientView = (
  recipient: PostRecipient,
  marks: EntryMarks | undefined,
  deactivated: ReadonlySet<string>,
): Recipient => ({
  name: recipient.name,
  phone: recipient.phone,
  idGroupe: [...recipient.idGroupe],
  delivred: marks?.delivred ?? 0,
  delivredtoWeb: marks?.delivredtoWeb ?? 0,
  cmtnonluDestPost: marks?.cmtnonlu ?? 0,
  ...deactivatedMark(deactivated, recipient.phone),
})

/**
 * A post as one viewer sees it: the `{data}` item plus the viewer's own entry (docs/behaviour.md, "Posts").
 * Only the sender sees every recipient's marks; a recipient sees its own row (docs/behaviour.md, "Who sees
 * what").
 * `entries` holds the post's other entries when the viewer is its sender; `deactivated`, the
 * people to mark so (docs/organisation.md, "Deactivation").
 */
export const presentPost = (
  post: PostShown,
  viewer: InboxEntryDoc,
  entries: ReadonlyMap<string, EntryMarks> = new Map(),
  deactivated: ReadonlySet<string> = new Set(),
): PostData => {
  const isSender = viewer.role === 'sender'
  const marksOf = (phone: string): EntryMarks | undefined =>
    isSender ? entries.get(phone) : phone === viewer.phone ? viewer : undefined
  return {
    data: {
      emetr_name: post.emetr_name,
      emetr_phone: post.emetr_phone,
      text: post.text,
      typePoste: post.typePoste,
      idPostEmet: post.idPostEmet,
      cmtnonluEmetPost: isSender ? viewer.cmtnonlu : 0,
      totalcmt: post.totalcmt,
      dateLastEvent: viewer.dateLastEvent.toISOString(),
      dateCreation: post.dateCreation.toISOString(),
      destinataires: post.destinataires.map((r) => recipientView(r, marksOf(r.phone), deactivated)),
      groups: post.groups.map((g) => ({ idGroup: g.idGroup, name: g.name })),
      ...(post.typePoste === 'announcement'
        ? {
            announcement: {
              recipients: post.recipientCount ?? 0,
              ...(isSender
                ? { confirmed: post.confirmedCount ?? 0 }
                : { confirmedAt: viewer.confirmedAt?.toISOString() ?? null }),
            },
          }
        : {}),
    },
    cmtnonlu: viewer.cmtnonlu,
    delivred: viewer.delivred,
    delivredtoWeb: viewer.delivredtoWeb,
    // Stored means sent: the Resend button ('false') is for posts that never reached us.
    tagstatus: 'true',
    seq: viewer.seq,
  }
}
