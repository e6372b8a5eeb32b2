import { deactivatedMark } from '../users/deactivated.js'
import type { Group } from '@palabre/contracts'
import type { GroupDoc } from './group-model.js'

/** A folder as the wire shows it (GET /api/groupe, `group` events): an explicit field list. */
export const presentGroup = (
  group: GroupDoc,
  unread = 0,
  deactivated: ReadonlySet<string> = new Set(),
  /** The participants' photos by phone (docs/organisation.md, "Photos"). */
  photos: ReadonlyMap<string, string> = new Map(),
): Group => ({
  nomGroup: group.nomGroup,
  idGroup: group.idGroup,
  participants: group.participants.map((p) => ({
    name: p.name,
    phone: p.phone,
    selected: false,
    // Marked in the lists (docs/organisation.md, "Deactivation").
    ...deactivatedMark(deactivated, p.phone),
    ...(photos.has(p.phone) ? { photo: photos.get(p.phone) } : {}),
  })),
  nbrParticipants: group.participants.length,
  nbrNotifNonLu: unread,
  datecreation: group.datecreation.toISOString(),
  status: group.lastEvent,
  FLAG: group.lastEvent,
  datelastevent: group.datelastevent.toISOString(),
  noName: group.noName,
  admin: [...group.admin],
})
