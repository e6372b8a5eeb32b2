import {
  groupEvents,
  commentWithMark,
  postWithMark,
  postsRoutes,
  serverEventList,
  type Comment,
  type CommentStatus,
  type Group,
  type GroupEventPayload,
  type MarkEvent,
  type PostData,
  type SessionEndedPayload,
} from '@palabre/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { callRoute } from '../../../../lib/api-client'
import { onProfileChanged } from './profile-changed'
import { moveFolderBadges } from '../folder-badges'
import { wallKeys } from '../keys'
import {
  countNewPost,
  findPost,
  placePost,
  putComment,
  updatePost,
  withNewComment,
} from '../post-cache'
import { bringBackAnnouncement, confirmedHere, noteConfirmation, pinOnTop } from '../announcements'
import { seenHere } from './seen'
import { trackRecentArrivals } from './recent-arrivals'
import { onVideoViewed } from './video-viewed'
import type { Outbox } from '../sending/outbox'
import type { WallSocket } from '../../live/socket'

export interface LiveDeps {
  socket: WallSocket
  client: QueryClient
  phone: string
  outbox: Outbox
  /** The post whose discussion is on screen, if any. */
  openPostId: () => string | undefined
  /** The person was added to a folder by someone else. */
  onFolderAdded: (group: Group) => void
  /** The person is no longer in a folder (removed, or left from another tab). */
  onFolderLost: (idGroup: string) => void
  onPostArrived: (post: PostData) => void
  onCommentArrived: (comment: Comment) => void
  /** The author of an announcement the person has not confirmed reminds them of it. */
  onAnnouncementReminder: (post: PostData) => void
  /** The server ended the session, and said why (docs/wall.md, "Sessions and log-out"). */
  onSessionEnded: (reason: SessionEndedPayload['reason'] | undefined) => void
}

/**
 * A new comment moves its post to the top and, unless it is on screen, raises its unread count
 * (docs/wall.md, "Live updates"), and its folders' badges as the server counts them. A post read
 * after the server counted the comment already has it (its last-event date is the comment's):
 * it is not counted twice. A post the tab does not hold is read by id first.
 */
const commentActivity = async (deps: LiveDeps, comment: Comment, unread: boolean) => {
  const { client, phone } = deps
  putComment(client, phone, comment)
  const id = comment.data.idPostEmet
  const held = findPost(client, phone, id)
  const post =
    held ??
    (await callRoute(postsRoutes.getPost, { params: { idPost: id } }).catch(() => undefined))
  if (!post) return
  const counted = Date.parse(post.data.dateLastEvent) >= Date.parse(comment.data.dateCreation)
  const moved: PostData = counted ? post : withNewComment(post, comment, unread)
  placePost(client, phone, moved, { toTop: true })
  // The post as it was before this comment: a copy read now that counts it already counted it.
  const before =
    counted && held === undefined && unread
      ? { ...post, cmtnonlu: Math.max(0, post.cmtnonlu - 1) }
      : post
  moveFolderBadges(client, phone, before, moved)
}

const onGroup = (deps: LiveDeps, change: GroupEventPayload): void => {
  const { client, phone } = deps
  const { group } = change
  const concernsMe = change.participants?.some((p) => p.phone === phone) ?? false
  const lostIt = change.event === groupEvents.participantRemoved && concernsMe
  client.setQueryData<Group[]>(wallKeys.groups(phone), (list) => {
    if (!list) return list
    const rest = list.filter((g) => g.idGroup !== group.idGroup)
    if (lostIt) return rest
    const known = rest.length !== list.length
    // A folder the person just joined goes to the top; a known one is updated where it is,
    // keeping its unread badge: the event's folder carries none of the person's counts.
    return known
      ? list.map((g) =>
          g.idGroup === group.idGroup ? { ...group, nbrNotifNonLu: g.nbrNotifNonLu } : g,
        )
      : [group, ...rest]
  })
  // A read of the list on its way left before the change: read it again (the server stores a
  // folder's change before telling its members).
  const key = wallKeys.groups(phone)
  if (client.isFetching({ queryKey: key, exact: true }) > 0)
    void client
      .cancelQueries({ queryKey: key, exact: true })
      .then(() => client.invalidateQueries({ queryKey: key, exact: true }))
  if (lostIt) deps.onFolderLost(group.idGroup)
  const createdByMe = change.event === groupEvents.newGroup && (group.admin ?? []).includes(phone)
  const joined =
    change.event === groupEvents.newGroup ||
    (change.event === groupEvents.participantAdded && concernsMe)
  if (joined && !createdByMe) deps.onFolderAdded(group)
}

/**
 * The socket events, each turned into a change of what is on screen (docs/wall.md, "Live
 * updates"). Posts and comments addressed to the person are acknowledged at once: that is
 * what turns the sender's tick to delivered. Returns the function that unregisters them.
 */
export const listenLive = (deps: LiveDeps): (() => void) => {
  const { socket, client, phone, outbox } = deps
  const seenNow = (idPostEmet: string, idCmtEmet: string) =>
    socket.emit('commentsVuFromWeb', { emtr_vu: phone, idPostEmet, commentsSeen: [idCmtEmet] })

  const recent = trackRecentArrivals(client, phone)
  const arrived = (post: PostData) => {
    recent.note(post)
    const known = findPost(client, phone, post.data.idPostEmet)
    placePost(client, phone, post, { toTop: true })
    if (known === undefined) countNewPost(client, phone, post)
    // A new post to one of the person's folders raises its badge (docs/wall.md, "Live updates").
    moveFolderBadges(client, phone, known, post)
  }

  socket.on('message', (post, ack) => {
    ack(1)
    arrived(post)
    deps.onPostArrived(post)
  })
  socket.on('messageForOtherToMe', (post) => {
    outbox.remove(post.data.idPostEmet)
    arrived(post)
  })
  socket.on('comment', (comment, ack) => {
    ack(1)
    const open = deps.openPostId() === comment.data.idPostEmet
    // One of the post's own files is no new comment: no unread count, no notice of its own
    // (docs/behaviour.md, "A post's files").
    const ofPost = comment.partOfPost === true
    void commentActivity(deps, comment, !open && !ofPost)
    if (open) seenNow(comment.data.idPostEmet, comment.data.idCmtEmet)
    if (!ofPost) deps.onCommentArrived(comment)
  })
  socket.on('commentForOtherToMe', (comment) => {
    outbox.remove(comment.data.idCmtEmet)
    void commentActivity(deps, comment, false)
  })
  // Marks follow the contracts' rules (docs/realtime.md, "Delivery marks"): a mark only goes
  // up, and a comment's status is the server's. A mark may beat the author's acknowledgement:
  // the item is then still in the outbox.
  const postMark =
    (event: MarkEvent) =>
    ({ idPostEmet, phone: who }: { idPostEmet: string; phone: string }) => {
      updatePost(client, phone, idPostEmet, (p) => postWithMark(p, who, event))
      outbox.updatePost(idPostEmet, (p) => postWithMark(p, who, event))
    }
  socket.on('callback', postMark({ kind: 'delivered' }))
  socket.on('postVu', postMark({ kind: 'seen', channel: 'mobile' }))
  socket.on('postVuFromWeb', postMark({ kind: 'seen', channel: 'web' }))
  const commentMark = (
    idPostEmet: string,
    idCmtEmet: string,
    phones: readonly string[],
    event: MarkEvent,
    status: CommentStatus | undefined,
  ) => {
    const mark = (c: Comment) => commentWithMark(c, phones, event, status)
    client.setQueryData<Comment[]>(wallKeys.comments(phone, idPostEmet), (list) =>
      list?.map((c) => (c.data.idCmtEmet === idCmtEmet ? mark(c) : c)),
    )
    outbox.updateComment(idCmtEmet, mark)
  }
  socket.on('commentCallback', ({ idPostEmet, idCmtEmet, phones, tagcmtstatut }) =>
    commentMark(idPostEmet, idCmtEmet, phones, { kind: 'delivered' }, tagcmtstatut),
  )
  const commentsSeen =
    (channel: 'web' | 'mobile') =>
    ({
      idPostEmet,
      phone: who,
      commentsSeen: ids,
      statuses,
    }: {
      idPostEmet: string
      phone: string
      commentsSeen: string[]
      statuses?: Record<string, CommentStatus> | undefined
    }) => {
      for (const id of ids)
        commentMark(idPostEmet, id, [who], { kind: 'seen', channel }, statuses?.[id])
    }
  socket.on('commentVu', commentsSeen('mobile'))
  socket.on('commentVuFromWeb', commentsSeen('web'))
  socket.on('group', (change) => onGroup(deps, change))
  socket.on('sessionEnded', (ended) => deps.onSessionEnded(ended?.reason))
  // Announcements (docs/wall.md, "Announcements"): one arrives as a new post does, and is
  // pinned; a reminder brings it back on top; a confirmation reaches its author's table.
  socket.on('announcement', (post) => {
    arrived(post)
    pinOnTop(client, phone, post)
    deps.onPostArrived(post)
  })
  socket.on('announcementReminder', ({ idPostEmet }) => {
    void bringBackAnnouncement(client, phone, idPostEmet).then((post) => {
      if (post) deps.onAnnouncementReminder(post)
    })
  })
  socket.on('announcementConfirmed', (event) => noteConfirmation(client, phone, event))
  // The person saw a post, or confirmed an announcement, in another tab or on another device
  // (docs/wall.md, "Live updates"): it is no longer new here either.
  socket.on('postSeenElsewhere', ({ idPostEmet, channel, confirmedAt }) => {
    if (confirmedAt === undefined) seenHere(client, phone, idPostEmet, channel)
    else confirmedHere(client, phone, idPostEmet, confirmedAt, channel)
  })
  // A reader played more of a video the person sent (docs/files.md, "Proof of viewing").
  socket.on('videoViewed', (viewed) => onVideoViewed(client, phone, viewed))
  // A profile changed (docs/realtime.md, "Profiles"): the person's own, from another tab or by
  // an administrator, shows here at once.
  socket.on('profileChanged', (profile) => onProfileChanged(client, phone, profile))

  return () => {
    recent.stop()
    for (const event of serverEventList) socket.off(event.name)
  }
}
