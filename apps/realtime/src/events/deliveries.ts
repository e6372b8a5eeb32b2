import type { Domain } from '@palabre/domain'
import type { Logger } from 'pino'
import { phoneRoom } from '../handshake.js'
import type { RealtimeServer } from '../types.js'
import { createAckBatcher } from './delivery-batch.js'
import type { AckBatcher } from './delivery-batch.js'

export interface Deliveries {
  posts: AckBatcher
  comments: AckBatcher
}

/**
 * What a recipient's acknowledgement does: a post turns delivred 2 and its sender gets a
 * `callback` per newly delivered recipient; a comment's receipts turn delivered (its status
 * '2' once all have it) and its author gets a `commentCallback`.
 */
export const createDeliveries = (
  io: RealtimeServer,
  domain: Domain,
  logger: Logger,
): Deliveries => ({
  posts: createAckBatcher(logger, async (batch) => {
    const changes = await domain.posts.markDeliveredMany(
      batch.map(({ id, recipients, author }) => ({
        idPostEmet: id,
        recipients,
        ...(author !== undefined ? { sender: author } : {}),
      })),
    )
    for (const change of changes) {
      const room = io.to(phoneRoom(change.sender))
      for (const phone of change.recipients)
        room.emit('callback', { idPostEmet: change.idPostEmet, phone, delivred: 2 })
    }
  }),
  comments: createAckBatcher(logger, async (batch) => {
    await Promise.all(
      batch.map(async ({ id: idCmtEmet, recipients }) => {
        const change = await domain.comments.markDelivered(recipients, idCmtEmet)
        if (!change) return
        io.to(phoneRoom(change.author)).emit('commentCallback', {
          idPostEmet: change.idPostEmet,
          idCmtEmet,
          phones: change.recipients,
          delivred: 2,
          tagcmtstatut: change.status,
        })
      }),
    )
  }),
})
