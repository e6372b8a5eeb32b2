import type { Group, SessionEndedPayload, UserProfile } from '@palabre/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { wallKeys } from '../queries/keys'
import { catchUp, highestSeq } from '../queries/live/catch-up'
import { listenLive } from '../queries/live/live-events'
import { Outbox, outboxKey } from '../queries/sending/outbox'
import { createSender } from '../queries/sending/sender'
import { toCommentView, toPostView, type CommentView, type PostView } from '../queries/view-models'
import type { ConnectionStatus, Live } from './live-context'
import { openSocket } from './socket'

export interface LiveHandlers {
  openPostId: () => string | undefined
  onFolderAdded: (group: Group) => void
  onFolderLost: (idGroup: string) => void
  onPostArrived: (post: PostView) => void
  onCommentArrived: (comment: CommentView) => void
  /** An announcement's author reminds the person of it (docs/wall.md, "Announcements"). */
  onAnnouncementReminder: (post: PostView) => void
  onRefused: (message: string) => void
  /** Why, when the server said it; a refused handshake does not. */
  onSessionEnded: (reason?: SessionEndedPayload['reason']) => void
}

/**
 * Opens the tab's socket for the wall's lifetime and wires it (docs/wall.md, "Live updates"):
 * events change the cached queries; every reconnect catches up; unsent items go again; the
 * connection is checked again when the tab becomes visible or the network comes back.
 */
export const useLiveWall = (profile: UserProfile, handlers: LiveHandlers): Live | null => {
  const client = useQueryClient()
  const [live, setLive] = useState<Omit<Live, 'status'> | null>(null)
  const [status, setStatus] = useState<ConnectionStatus>('connecting')
  // Handlers change with every render; the socket listens once and reads the latest.
  const latest = useRef(handlers)
  useLayoutEffect(() => {
    latest.current = handlers
  })

  useEffect(() => {
    const phone = profile.phone
    const socket = openSocket(profile)
    const outbox = new Outbox(outboxKey(phone))
    const sender = createSender({
      profile,
      socket,
      outbox,
      client,
      phone,
      onRefused: (message) => latest.current.onRefused(message),
    })
    const stopListening = listenLive({
      socket,
      client,
      phone,
      outbox,
      openPostId: () => latest.current.openPostId(),
      onFolderAdded: (group) => latest.current.onFolderAdded(group),
      onFolderLost: (id) => latest.current.onFolderLost(id),
      // What arrived reaches the wall as view models (docs/wall.md, "View models").
      onPostArrived: (post) => latest.current.onPostArrived(toPostView(post)),
      onCommentArrived: (comment) => latest.current.onCommentArrived(toCommentView(comment)),
      onAnnouncementReminder: (post) => latest.current.onAnnouncementReminder(toPostView(post)),
      onSessionEnded: (reason) => latest.current.onSessionEnded(reason),
    })

    // Where the next catch-up starts: the latest change the tab holds when the socket drops.
    let since = 0
    let connectedBefore = false
    socket.on('connect', () => {
      setStatus('online')
      sender.resumePending()
      if (connectedBefore)
        void catchUp(client, phone, since).then((next) => {
          since = Math.max(since, next)
        })
      // What was read before the socket joined its room may have missed an event sent in
      // between: read what is on screen once more, now that nothing can be missed.
      else void client.invalidateQueries({ queryKey: wallKeys.all(phone), refetchType: 'active' })
      connectedBefore = true
    })
    socket.on('disconnect', () => {
      setStatus('offline')
      since = Math.max(since, highestSeq(client, phone))
    })
    socket.on('connect_error', (error) => {
      setStatus('offline')
      // The handshake refuses a socket without a live session: it ended while we were away.
      if (error.message === 'unauthenticated') latest.current.onSessionEnded()
    })
    const recheck = () => {
      if (document.visibilityState === 'visible' && !socket.connected) socket.connect()
    }
    document.addEventListener('visibilitychange', recheck)
    window.addEventListener('online', recheck)
    setLive({ socket, outbox, sender })

    return () => {
      document.removeEventListener('visibilitychange', recheck)
      window.removeEventListener('online', recheck)
      stopListening()
      sender.stop()
      outbox.dispose()
      socket.off()
      socket.disconnect()
      setLive(null)
    }
    // One socket per signed-in user and tab.
  }, [client, profile.phone]) // eslint-disable-line react-hooks/exhaustive-deps

  return live === null ? null : { ...live, status }
}
