import {
  messages,
  postTypes,
  recipientDisplayName,
  type SessionEndedPayload,
  type UserProfile,
} from '@palabre/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, type Dispatch, type SetStateAction } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useServerText } from '../../i18n/server-text'
import { discussionPath } from '../../lib/paths'
import { storeSession } from '../../session/session-query'
import { folderName, folderNameTexts } from './format/folder-name'
import { notifyIfHidden } from './live/notify'
import { useLiveWall } from './live/use-live-wall'
import type { WallView, WallViewAction } from './model/wall-view'
import type { WallModal } from './wall-modals'

export interface WallLiveDeps {
  profile: UserProfile
  openPostId: string | undefined
  view: WallView
  dispatch: Dispatch<WallViewAction>
  setModal: Dispatch<SetStateAction<WallModal>>
  show: (text: string, tone?: 'info' | 'error') => void
}

/**
 * What the sign-in screen says when the server ended the session (docs/wall.md, "Sessions and
 * log-out"): that the account was deactivated, or that the session ended.
 */
export const sessionEndedNotice = (reason: SessionEndedPayload['reason'] | undefined): string =>
  reason === 'deactivated' ? messages.organisation.deactivated : messages.api.sessionEnded

/**
 * What the wall does when its socket speaks (docs/wall.md, "Live updates", "Notifications",
 * "Sessions and log-out"): notices, browser notifications, a lost folder closing, a session
 * ended elsewhere sending the tab back to sign in.
 */
export const useWallLive = ({
  profile,
  openPostId,
  view,
  dispatch,
  setModal,
  show,
}: WallLiveDeps) => {
  const { t } = useTranslation()
  const serverText = useServerText()
  const client = useQueryClient()
  const navigate = useNavigate()
  const openPost = useCallback((id: string) => void navigate(discussionPath(id)), [navigate])
  const endSession = useCallback(
    async (reason: SessionEndedPayload['reason'] | undefined) => {
      // The notice is the contracts text, which the sign-in screen shows in its language; a
      // deactivation is a refusal, shown as one (docs/behaviour.md, "Sign-in").
      const tone = reason === 'deactivated' ? 'error' : 'success'
      await navigate('/auth', {
        replace: true,
        state: { notice: sessionEndedNotice(reason), tone },
      })
      await client.cancelQueries()
      client.clear()
      storeSession(client, null)
    },
    [client, navigate],
  )
  const notify = (title: string, body: string, tag: string, postId: string) =>
    notifyIfHidden({ title, body: body.slice(0, 140), tag }, () => openPost(postId))

  return useLiveWall(profile, {
    openPostId: () => openPostId,
    // An unnamed folder is named by its people, as in the lists (docs/wall.md, "Folder names").
    onFolderAdded: (group) => {
      const name = folderNameTexts(folderName(group, profile.phone), {
        more: (n) => t('wall.card.moreRecipients', { n }),
        onlyYou: t('wall.card.onlyYou'),
      })
      show(t('wall.layout.addedToGroup', { name: name.label }))
    },
    onFolderLost: (idGroup) => {
      if (view.scope.kind === 'folder' && view.scope.idGroup === idGroup)
        dispatch({ type: 'general' })
      setModal((m) => (m?.kind === 'folder' && m.idGroup === idGroup ? null : m))
    },
    onPostArrived: ({ data }) =>
      notify(
        data.typePoste === postTypes.announcement
          ? t('wall.announcement.newNotice', { name: data.author.name })
          : t('wall.layout.newPostNotice', { name: data.author.name }),
        data.text,
        data.idPostEmet,
        data.idPostEmet,
      ),
    // A reminder says so on the wall, and as a notification while the tab is hidden
    // (docs/wall.md, "Announcements").
    onAnnouncementReminder: ({ data }) => {
      const text = t('wall.announcement.reminded', {
        name: recipientDisplayName(data.author),
      })
      show(text)
      notify(text, data.text, `${data.idPostEmet}-reminder`, data.idPostEmet)
    },
    onCommentArrived: ({ data }) =>
      notify(
        t('wall.layout.newCommentNotice', { name: data.author.name }),
        data.cmt,
        data.idCmtEmet,
        data.idPostEmet,
      ),
    onRefused: (message) => show(serverText(message), 'error'),
    onSessionEnded: (reason) => void endSession(reason),
  })
}
