import {
  groupEvents,
  contactsRoutes,
  messages,
  type Contact,
  type Group,
  type UserProfile,
} from '@palabre/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { callRoute } from '../../../lib/api-client'
import { wallKeys } from './keys'
import { emitAcked, type EmitOutcome } from '../live/emit'
import type { Live } from '../live/live-context'
import { newClientId } from '../model/ids'

/** A refused or unanswered emit becomes an error the modal shows; it stays open. */
const expectStored = (outcome: EmitOutcome): void => {
  if (outcome.kind === 'stored') return
  if (outcome.kind === 'refused' && outcome.error.message !== '')
    throw new Error(outcome.error.message)
  throw new Error(messages.message.failedToSend)
}

const person = (c: { name?: string | undefined; phone: string }) =>
  c.name === undefined ? { phone: c.phone } : { name: c.name, phone: c.phone }

/**
 * Contacts and folders (docs/behaviour.md, "Contacts" and "Folders"): saving, renaming and
 * deleting a contact over REST, creating a folder and changing its members over the socket, each awaited so the modal
 * shows the server's refusal.
 */
export const useFolderActions = (profile: UserProfile, live: Live | null) => {
  const client = useQueryClient()
  const phone = profile.phone
  const socket = () => {
    if (live === null) throw new Error(messages.message.failedToSend)
    return live.socket
  }
  return {
    async saveContact(input: { name: string; phone: string }): Promise<void> {
      const answer = await callRoute(contactsRoutes.saveContact, {
        body: { name: input.name, phone: input.phone },
      })
      if (answer.nModified !== 1) throw new Error(messages.contact.saveFailed)
      await client.invalidateQueries({ queryKey: wallKeys.allContacts(phone) })
    },
    /** Renames one of the user's contacts (docs/behaviour.md, "Contacts"); the lists follow. */
    async renameContact(contactPhone: string, name: string): Promise<void> {
      await callRoute(contactsRoutes.renameContact, {
        params: { phone: contactPhone },
        body: { name },
      })
      await client.invalidateQueries({ queryKey: wallKeys.allContacts(phone) })
    },
    /** Removes one of the user's contacts; the posts exchanged with it stay on the wall. */
    async deleteContact(contactPhone: string): Promise<void> {
      await callRoute(contactsRoutes.deleteContact, {
        params: { phone: contactPhone },
        query: {},
      })
      await client.invalidateQueries({ queryKey: wallKeys.allContacts(phone) })
    },
    async createFolder(input: { name: string; participants: readonly Contact[] }): Promise<void> {
      const outcome = await emitAcked(socket(), 'saveGroup', {
        nomCreateurGrp: profile.nomPrenom,
        nomGroup: input.name,
        idGroup: newClientId(),
        participants: input.participants.map(person),
        nbrParticipants: input.participants.length + 1,
        datecreation: new Date().toISOString(),
        noName: '0',
      })
      expectStored(outcome)
      await client.invalidateQueries({ queryKey: wallKeys.groups(phone) })
    },
    async addMembers(folder: Group, added: readonly Contact[]): Promise<void> {
      expectStored(
        await emitAcked(socket(), 'participant', {
          emetr_name: profile.nomPrenom,
          idGroup: folder.idGroup,
          FLAG: groupEvents.participantAdded,
          participant_selected: added.map(person),
          current_participants: folder.participants.map(person),
        }),
      )
    },
    async removeMember(folder: Group, member: { name?: string; phone: string }): Promise<void> {
      expectStored(
        await emitAcked(socket(), 'participant', {
          emetr_name: profile.nomPrenom,
          idGroup: folder.idGroup,
          FLAG: groupEvents.participantRemoved,
          removed_participants: [person(member)],
          current_participants: folder.participants.map(person),
        }),
      )
    },
  }
}
