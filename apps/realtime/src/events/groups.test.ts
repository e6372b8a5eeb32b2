import { groupEventPayloadSchema, messages } from '@palabre/contracts'
import type { GroupEventPayload } from '@palabre/contracts'
import type { Socket } from 'socket.io-client'
import { describe, expect, it } from 'vitest'
import { barrier, collect, emitAck, nextEvent } from '../../test/harness.js'
import { useRealtimeScene } from '../../test/scene.js'

const scene = useRealtimeScene()
const { ann, bob, cat, dan } = scene.users
const { connect } = scene

const saveTeam = (socket: Socket) =>
  emitAck(socket, 'saveGroup', {
    nomCreateurGrp: 'Ann A',
    nomGroup: 'Team',
    idGroup: 'team',
    participants: JSON.stringify([
      { phone: bob.phone, name: 'Bobby', selected: true },
      { phone: cat.phone, name: 'Cathy' },
    ]),
    nbrParticipants: 2,
    noName: '0',
  })

describe('saveGroup', () => {
  it('creates the folder with its creator as admin and tells every member (new_g)', async () => {
    const annSocket = await connect(ann)
    const bobSocket = await connect(bob)
    const danSocket = await connect(dan)
    const toDan = collect(danSocket, 'group')
    const toBob = nextEvent<GroupEventPayload>(bobSocket, 'group')
    const toAnn = nextEvent<GroupEventPayload>(annSocket, 'group')
    expect(await saveTeam(annSocket)).toBe(1)
    const event = groupEventPayloadSchema.parse(await toBob)
    expect(event).toMatchObject({
      event: 'new_g',
      group: { nomGroup: 'Team', idGroup: 'team', nbrParticipants: 3, admin: [ann.phone] },
    })
    expect((await toAnn).event).toBe('new_g')
    // The creator retrying stores nothing new.
    expect(await saveTeam(annSocket)).toBe(1)
    // Folder events go out as the creator is acknowledged: Dan's would be ahead of the barrier.
    await barrier(danSocket)
    expect(toDan).toEqual([])
    expect(await scene.domain.groups.listFor(bob.phone)).toHaveLength(1)
  })

  it('refuses a folder without a name or without contacts', async () => {
    const annSocket = await connect(ann)
    expect(
      await emitAck(annSocket, 'saveGroup', {
        nomGroup: ' ',
        idGroup: 'x',
        participants: [bob.phone],
      }),
    ).toMatchObject({
      error: { code: 'validation_failed', message: messages.folder.nameRequired },
    })
    expect(
      await emitAck(annSocket, 'saveGroup', { nomGroup: 'X', idGroup: 'x', participants: [] }),
    ).toMatchObject({
      error: { code: 'validation_failed', message: messages.folder.noContact },
    })
    expect(await scene.domain.groups.listFor(ann.phone)).toEqual([])
  })

  it('refuses people who are not contacts of the creator, and too many people', async () => {
    const annSocket = await connect(ann)
    const folder = (participants: { phone: string; name: string }[]) => ({
      nomGroup: 'Strangers',
      idGroup: 'strangers',
      participants: JSON.stringify(participants),
      noName: '0',
    })
    expect(
      await emitAck(
        annSocket,
        'saveGroup',
        folder([
          { phone: bob.phone, name: 'Bobby' },
          { phone: '33699999999', name: 'Stranger' },
        ]),
      ),
    ).toEqual({ error: { code: 'forbidden', message: messages.folder.notContacts } })
    const crowd = Array.from({ length: 600 }, (_, i) => ({
      phone: `3368${String(i).padStart(7, '0')}`,
      name: `Nobody ${i}`,
    }))
    expect(await emitAck(annSocket, 'saveGroup', folder(crowd))).toEqual({
      error: { code: 'validation_failed', message: messages.folder.tooManyMembers(500) },
    })
    expect(await scene.domain.groups.get('strangers')).toBeNull()
  })
})

describe('participant', () => {
  it('adds members and tells every member, the new one included (group_p_a)', async () => {
    const annSocket = await connect(ann)
    await saveTeam(annSocket)
    const catSocket = await connect(cat)
    const danSocket = await connect(dan)
    const toCat = nextEvent<GroupEventPayload>(catSocket, 'group')
    const toDan = nextEvent<GroupEventPayload>(danSocket, 'group')
    const answer = await emitAck(catSocket, 'participant', {
      emetr_name: 'Cat C',
      idGroup: 'team',
      FLAG: 'group_p_a',
      participant_selected: JSON.stringify([{ phone: dan.phone, name: 'Danny' }]),
    })
    expect(answer).toBe(1)
    const event = await toDan
    expect(event).toMatchObject({
      event: 'group_p_a',
      participants: [{ phone: dan.phone, name: 'Danny' }],
      group: { nbrParticipants: 4 },
    })
    expect((await toCat).event).toBe('group_p_a')
  })

  it('removes members and tells everyone concerned, the removed one included (group_p_r)', async () => {
    const annSocket = await connect(ann)
    await saveTeam(annSocket)
    const bobSocket = await connect(bob)
    const toBob = nextEvent<GroupEventPayload>(bobSocket, 'group')
    const toAnn = nextEvent<GroupEventPayload>(annSocket, 'group')
    expect(
      await emitAck(annSocket, 'participant', {
        idGroup: 'team',
        FLAG: 'group_p_r',
        removed_participants: [bob.phone],
      }),
    ).toBe(1)
    expect(await toBob).toMatchObject({ event: 'group_p_r', participants: [{ phone: bob.phone }] })
    expect((await toAnn).group.participants.map((p) => p.phone)).not.toContain(bob.phone)
    expect(await scene.domain.groups.listFor(bob.phone)).toEqual([])
  })

  it('is refused to a non-member', async () => {
    const annSocket = await connect(ann)
    await saveTeam(annSocket)
    const danSocket = await connect(dan)
    expect(
      await emitAck(danSocket, 'participant', {
        idGroup: 'team',
        FLAG: 'group_p_a',
        participant_selected: [dan.phone],
      }),
    ).toMatchObject({ error: { code: 'forbidden' } })
    expect(
      await emitAck(danSocket, 'participant', {
        idGroup: 'team',
        FLAG: 'nope',
        participant_selected: [dan.phone],
      }),
    ).toMatchObject({
      error: { code: 'validation_failed' },
    })
    expect(await scene.domain.groups.listFor(dan.phone)).toEqual([])
  })

  it('refuses to add someone who is not a contact of the member adding', async () => {
    const annSocket = await connect(ann)
    await saveTeam(annSocket)
    expect(
      await emitAck(annSocket, 'participant', {
        idGroup: 'team',
        FLAG: 'group_p_a',
        participant_selected: JSON.stringify([{ phone: '33699999999', name: 'Stranger' }]),
      }),
    ).toEqual({ error: { code: 'forbidden', message: messages.folder.notContacts } })
    expect((await scene.domain.groups.get('team'))?.members).toHaveLength(3)
  })
})
