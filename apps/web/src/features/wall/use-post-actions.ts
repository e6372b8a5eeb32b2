import type { UserProfile } from '@palabre/contracts'
import { discussionPath } from '../../lib/paths'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import type { PostActions } from './centre/centre-column'
import type { Live } from './live/live-context'
import { markPostSeen } from './queries/live/seen'
import { newPost } from './queries/sending/new-post'
import { fetchFilesToShare } from './queries/wall-calls'
import type { ContactSource, Group } from './model/types'
import type { WallModal } from './wall-modals'

export interface PostActionDeps {
  profile: UserProfile
  live: Live | null
  contacts: ContactSource
  folders: readonly Group[]
  setModal: (modal: WallModal) => void
  notify: (text: string) => void
  copiedText: string
}

/** What a post card's buttons do (docs/wall.md, "Post card"). */
export const usePostActions = (deps: PostActionDeps): PostActions => {
  const client = useQueryClient()
  const navigate = useNavigate()
  const { profile, live, setModal } = deps
  return {
    open: (post) => void navigate(discussionPath(post.data.idPostEmet)),
    expand: (post) => {
      if (live) markPostSeen(live.socket, client, profile.phone, post)
    },
    share: (post) => {
      // The shared post's files come along (docs/wall.md, "Attachments"); without them if they
      // cannot be read.
      void fetchFilesToShare(post.data.idPostEmet).then(
        (initialFiles) => setModal({ kind: 'send', initialText: post.data.text, initialFiles }),
        () => setModal({ kind: 'send', initialText: post.data.text }),
      )
    },
    copy: (post) => {
      void navigator.clipboard
        ?.writeText(post.data.text)
        .then(() => deps.notify(deps.copiedText))
        .catch(() => undefined)
    },
    resend: (post) => {
      if (!live) return
      const id = post.data.idPostEmet
      if (live.outbox.get(id)) {
        void live.sender.resend(id)
        return
      }
      // A post the server holds as not sent: emit it again with the same id.
      const contacts = post.data.recipients.map((r) => ({ name: r.name ?? '', phone: r.phone }))
      const folders = post.data.groups.map((g) => ({
        idGroup: g.idGroup,
        nomGroup: g.name,
        participants: [],
        nbrParticipants: 0,
        nbrNotifNonLu: 0,
        datecreation: post.data.dateCreation,
        datelastevent: post.data.dateLastEvent,
        noName: '0' as const,
      }))
      void live.sender.submit(newPost(profile, { text: post.data.text, contacts, folders }, id))
    },
    recipients: (post) => setModal({ kind: 'postInfo', post }),
    contact: (phone, name) => {
      const known = deps.contacts.items.find((c) => c.phone === phone)
      setModal({
        kind: 'contact',
        contact: {
          name: known?.name ?? name,
          phone,
          ...(known?.status ? { status: known.status } : {}),
          // A recipient found among the contacts on screen can be renamed and deleted too.
          ...(known ? { saved: true } : {}),
        },
      })
    },
    group: (idGroup) => setModal({ kind: 'folder', idGroup }),
  }
}
