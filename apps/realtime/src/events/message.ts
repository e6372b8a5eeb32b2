import { clientMessage, groupEvents } from '@palabre/contracts'
import type { RealtimeContext, RealtimeSocket } from '../types.js'
import { actorOf } from './actor.js'
import { deliverPost, echoPostToSender } from './deliver-post.js'
import { announceGroup } from './group-events.js'
import { assertOwnPhone, onClientEvent } from './handle.js'

/** The original clients flag a post whose files follow as comments; its text may then be empty. */
const announcesAttachments = (flag: unknown): boolean =>
  flag !== undefined &&
  flag !== null &&
  flag !== false &&
  flag !== '' &&
  flag !== 0 &&
  flag !== '0' &&
  flag !== 'false'

/**
 * `message`. The post document is the commit point: once it is stored (every check passed, the
 * unnamed folder made), recipients get the post at once, while its inbox entries are written
 * (a write per participant, the slow part); the sender's acknowledgement 1 waits for those. A
 * failure there gets an error ack, and the client's retry (same idPostEmet) completes the entries
 * without a second fan-out. Live views carry seq 0 until GET /api/sync gives the real sequence.
 */
export const onMessage = (ctx: RealtimeContext, socket: RealtimeSocket): void =>
  onClientEvent(ctx, socket, clientMessage, async (payload) => {
    assertOwnPhone(socket, payload.emetr_phone)
    const { posts } = ctx.domain
    const stored = await posts.store(actorOf(socket), {
      idPostEmet: payload.idPostEmet,
      text: payload.text,
      typePoste: payload.typePoste,
      destinataires: payload.destinataires,
      groups: payload.groups,
      hasAttachments: announcesAttachments(payload.pieceJointSMS),
      app_id: payload.app_id,
    })
    const { post } = stored
    if (stored.status === 'duplicate') {
      await posts.distribute(stored)
      return
    }
    const folder = stored.createdGroup
    if (folder)
      announceGroup(ctx, groupEvents.newGroup, folder, folder.members, { by: socket.data.name })
    // The post first: its packets are queued on every recipient socket before the entry writes
    // take the database and this process's time. Acknowledgements come back later, after
    // `storing` has told the delivery marks to wait for the entries.
    deliverPost(ctx, post, posts.provisionalViewsOf(post))
    // The marks wait for the entries to be in the database, not for their counting.
    let written = (): void => undefined
    const inDatabase = new Promise<void>((resolve) => (written = resolve))
    const entries = posts.distribute(stored, written)
    ctx.deliveries.posts.storing(post.idPostEmet, Promise.race([inDatabase, entries]))
    const views = posts.viewsOf({ post, entries: await entries }, [post.emetr_phone])
    return async () => echoPostToSender(socket, post, views)
  })
