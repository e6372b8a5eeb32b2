import { clientSaveGroup, groupEvents } from '@palabre/contracts'
import type { RealtimeContext, RealtimeSocket } from '../types.js'
import { actorOf } from './actor.js'
import { announceGroup } from './group-events.js'
import { onClientEvent } from './handle.js'

/** `saveGroup`: create a folder (the creator is its admin), then tell every member (new_g). */
export const onSaveGroup = (ctx: RealtimeContext, socket: RealtimeSocket): void =>
  onClientEvent(ctx, socket, clientSaveGroup, async (payload) => {
    const { group, created } = await ctx.domain.groups.create(actorOf(socket), {
      idGroup: payload.idGroup,
      nomGroup: payload.nomGroup,
      participants: payload.participants,
      noName: payload.noName,
    })
    if (!created) return
    return async () =>
      announceGroup(ctx, groupEvents.newGroup, group, group.members, { by: socket.data.name })
  })
