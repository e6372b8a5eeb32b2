import { ADD_PARTICIPANT, clientParticipant, groupEvents } from '@palabre/contracts'
import type { RealtimeContext, RealtimeSocket } from '../types.js'
import { actorOf } from './actor.js'
import { announceGroup } from './group-events.js'
import { onClientEvent } from './handle.js'

/**
 * `participant`: a member adds (group_p_a) or removes (group_p_r) members, themselves included
 * (leaving). Every member concerned is told, the removed ones too.
 */
export const onParticipant = (ctx: RealtimeContext, socket: RealtimeSocket): void =>
  onClientEvent(ctx, socket, clientParticipant, async (payload) => {
    const actor = actorOf(socket)
    if (payload.FLAG === ADD_PARTICIPANT) {
      const result = await ctx.domain.groups.addParticipants(
        actor,
        payload.idGroup,
        payload.participant_selected,
      )
      if (result.changed.length === 0) return
      return async () =>
        announceGroup(ctx, groupEvents.participantAdded, result.group, result.group.members, {
          participants: result.changed,
          by: actor.name,
        })
    }
    const phones = payload.removed_participants.map((p) => p.phone)
    const result = await ctx.domain.groups.removeParticipants(actor, payload.idGroup, phones)
    if (result.changed.length === 0) return
    return async () =>
      announceGroup(ctx, groupEvents.participantRemoved, result.group, result.before, {
        participants: result.changed,
        by: actor.name,
      })
  })
