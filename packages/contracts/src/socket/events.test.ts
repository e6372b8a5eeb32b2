import { describe, expect, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import { MAX_INPUT_DEPTH, NUL_TEXT_MESSAGE, TOO_DEEP_MESSAGE } from '../input-shape.js'
import { ackSchema } from './event.js'
import {
  clientEventList,
  clientEvents,
  serverEventList,
  serverEvents,
  socketPath,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from './events.js'
import {
  commentPayloadSchema,
  commentsVuFromWebPayloadSchema,
  messagePayloadSchema,
  participantPayloadSchema,
  postVuFromWebPayloadSchema,
  saveGroupPayloadSchema,
} from './payloads.js'
import { callbackPayloadSchema, groupEventPayloadSchema } from './server-payloads.js'

const firstIssue = (schema: z.ZodType, input: unknown): string => {
  const result = schema.safeParse(input)
  expect(result.success, 'expected the payload to be refused').toBe(false)
  return result.error?.issues[0]?.message ?? ''
}

/** A post payload as the original web client emits it: lists JSON-encoded. */
const message = {
  emetr_phone: '+33612345678',
  emetr_name: 'Jean',
  delivredToMeMobile: 0,
  text: 'Hello',
  sansPhoto: true,
  pieceJointSMS: '',
  counterDest: '2',
  destinataires: JSON.stringify([
    { name: 'Awa', phone: '+221 77 123 45 67', delivred: 0 },
    { name: 'Ali', phone: '212612345678' },
  ]),
  dateLastEvent: '2025-03-01T10:00:00.000Z',
  dateCreation: '2025-03-01T10:00:00.000Z',
  groups: '[]',
  app_id: 'web',
  idPostEmet: 'p-1',
  typePoste: '0',
}

describe('event lists', () => {
  it('names every original event once, and ours after them', () => {
    expect(clientEventList.map((e) => e.name)).toEqual([
      'message',
      'comment',
      'saveGroup',
      'participant',
      'postVuFromWeb',
      'commentsVuFromWeb',
    ])
    expect(serverEventList.map((e) => e.name)).toEqual([
      'message',
      'messageForOtherToMe',
      'comment',
      'commentForOtherToMe',
      'callback',
      'postVu',
      'postVuFromWeb',
      'commentVu',
      'commentVuFromWeb',
      'group',
      // Ours: the server ended the socket's session (docs/security.md, "Sessions").
      'sessionEnded',
      // Ours: a comment reached recipients (docs/realtime.md, "Delivery marks").
      'commentCallback',
      // Ours: announcements people confirm (docs/announcements.md).
      'announcement',
      'announcementConfirmed',
      'announcementReminder',
      // Ours: a reader played more of a video you sent (docs/files.md, "Proof of viewing").
      'videoViewed',
      // Ours: you saw a post from another tab or device (docs/realtime.md, "Delivery marks").
      'postSeenElsewhere',
      // Ours: a profile changed (docs/realtime.md, "Profiles").
      'profileChanged',
    ])
    for (const [name, event] of Object.entries(clientEvents)) expect(event.name).toBe(name)
    for (const [name, event] of Object.entries(serverEvents)) expect(event.name).toBe(name)
    expect(socketPath).toBe('/socket.io')
  })

  it('acknowledges message, comment, saveGroup and participant with 1 or an error body', () => {
    const acked = clientEventList.filter((e) => e.ack !== undefined).map((e) => e.name)
    expect(acked).toEqual(['message', 'comment', 'saveGroup', 'participant'])
    expect(ackSchema.parse(1)).toBe(1)
    expect(ackSchema.safeParse({ error: { code: 'forbidden', message: 'no' } }).success).toBe(true)
    expect(ackSchema.safeParse(0).success).toBe(false)
  })

  it('types the socket.io maps from the contracts', () => {
    expectTypeOf<Parameters<ClientToServerEvents['message']>>().toHaveProperty('1')
    expectTypeOf<Parameters<ClientToServerEvents['postVuFromWeb']>>().toEqualTypeOf<
      [payload: z.input<typeof postVuFromWebPayloadSchema>]
    >()
    expectTypeOf<Parameters<ServerToClientEvents['callback']>[0]>().toEqualTypeOf<
      z.infer<typeof callbackPayloadSchema>
    >()
  })
})

describe('message', () => {
  it('accepts JSON-encoded lists and canonicalizes their phones', () => {
    const parsed = messagePayloadSchema.parse(message)
    expect(parsed.destinataires).toEqual([
      { name: 'Awa', phone: '221771234567' },
      { name: 'Ali', phone: '212612345678' },
    ])
    expect(parsed.groups).toEqual([])
    expect(parsed.emetr_phone).toBe('33612345678')
    expect(parsed.counterDest).toBe(2)
  })

  it('accepts arrays and folders named nomGroup', () => {
    const parsed = messagePayloadSchema.parse({
      ...message,
      destinataires: [],
      groups: [{ idGroup: 'g1', nomGroup: 'Team' }],
      idPostEmet: 1712,
    })
    expect(parsed.groups).toEqual([{ idGroup: 'g1', name: 'Team' }])
    expect(parsed.idPostEmet).toBe('1712')
  })

  it('refuses a post with no recipient, broken JSON, a bad phone or type', () => {
    expect(firstIssue(messagePayloadSchema, { ...message, destinataires: '[]' })).toBe(
      'No contact is selected',
    )
    expect(firstIssue(messagePayloadSchema, { ...message, destinataires: '[{' })).toBe(
      'Expected a list, or a JSON-encoded list.',
    )
    expect(
      firstIssue(messagePayloadSchema, { ...message, destinataires: [{ phone: 'x1' }] }),
    ).toMatch(/6 to 15 digits/)
    expect(messagePayloadSchema.safeParse({ ...message, typePoste: '9' }).success).toBe(false)
    expect(firstIssue(messagePayloadSchema, { ...message, idPostEmet: '' })).toBe(
      'An id is required.',
    )
  })
})

describe('a JSON-encoded list', () => {
  const refusal = (schema: z.ZodType, input: unknown) => {
    const result = schema.safeParse(input)
    expect(result.success, 'expected the payload to be refused').toBe(false)
    return result.error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
  }

  it('is refused when what it decodes to holds a NUL character, naming where', () => {
    const participants = JSON.stringify([{ name: 'Aw\u0000a', phone: '221771234567' }])
    // The text holds the escape, six characters; the NUL is real once decoded.
    expect(participants).not.toContain('\u0000')
    const folder = { nomGroup: 'Team', idGroup: 'g1', participants }
    expect(refusal(saveGroupPayloadSchema, folder)).toEqual([
      { path: 'participants.0.name', message: NUL_TEXT_MESSAGE },
    ])
    const destinataires = JSON.stringify([{ phone: '221771234567', name: 'x\u0000' }])
    expect(refusal(messagePayloadSchema, { ...message, destinataires })).toEqual([
      { path: 'destinataires.0.name', message: NUL_TEXT_MESSAGE },
    ])
    expect(
      refusal(commentsVuFromWebPayloadSchema, {
        emtr_vu: '33612345678',
        idPostEmet: 'p-1',
        commentsSeen: JSON.stringify(['c-\u0000']),
      }),
    ).toEqual([{ path: 'commentsSeen.0', message: NUL_TEXT_MESSAGE }])
  })

  it(`is refused past ${MAX_INPUT_DEPTH} levels before it is parsed, and read up to them`, () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`
    expect(refusal(messagePayloadSchema, { ...message, groups: nested(450_000) })).toEqual([
      { path: 'groups', message: TOO_DEEP_MESSAGE },
    ])
    // One level more than the limit, inside an item: the same refusal.
    const deepName = `[{"idGroup":"g1","name":${nested(MAX_INPUT_DEPTH)}}]`
    expect(refusal(messagePayloadSchema, { ...message, groups: deepName })).toEqual([
      { path: 'groups', message: TOO_DEEP_MESSAGE },
    ])
    // At the limit, the list is decoded and its items' own rules answer.
    const atLimit = `[{"idGroup":"g1","name":${nested(MAX_INPUT_DEPTH - 2)}}]`
    expect(refusal(messagePayloadSchema, { ...message, groups: atLimit })?.[0]?.path).toBe(
      'groups.0.name',
    )
  })
})

describe('comment', () => {
  const comment = {
    emetr_name: 'Jean',
    emetr_phone: '33612345678',
    cmt: 'Seen',
    idPostEmet: 'p-1',
    idCmtEmet: 'c-1',
    dateCreation: '2025-03-01T10:00:00.000Z',
    destinataires: '[]',
    typecommente: '3',
  }

  it('reads text and attachment comments', () => {
    expect(commentPayloadSchema.parse(comment)).toMatchObject({ image: '', fileDocName: '' })
    expect(
      commentPayloadSchema.parse({
        ...comment,
        cmt: '',
        fileDocName: 'plan___x.pdf',
        typecommente: '1',
      }).typecommente,
    ).toBe('1')
  })

  it('refuses an empty comment, a path as file name and an unknown type', () => {
    expect(firstIssue(commentPayloadSchema, { ...comment, cmt: '   ' })).toBe(
      'The message is empty',
    )
    expect(firstIssue(commentPayloadSchema, { ...comment, image: '../../etc/passwd' })).toBe(
      'A stored file name, not a path.',
    )
    expect(commentPayloadSchema.safeParse({ ...comment, typecommente: '2' }).success).toBe(false)
  })
})

describe('folders', () => {
  const saveGroup = {
    nomCreateurGrp: 'Jean',
    nomGroup: 'Team',
    idGroup: 'g1',
    participants: JSON.stringify([{ name: 'Awa', phone: '221771234567', selected: true }]),
    nbrParticipants: 2,
    nbrNotifNonLu: 0,
    datecreation: '2025-03-01T10:00:00.000Z',
    noName: '0',
  }

  it('reads saveGroup, with their messages for a missing name or member', () => {
    expect(saveGroupPayloadSchema.parse(saveGroup).participants).toEqual([
      { name: 'Awa', phone: '221771234567', selected: true },
    ])
    expect(firstIssue(saveGroupPayloadSchema, { ...saveGroup, nomGroup: ' ' })).toBe(
      '/!\\ Enter the name of the folder, please',
    )
    expect(firstIssue(saveGroupPayloadSchema, { ...saveGroup, participants: [] })).toBe(
      'No contact is selected',
    )
  })

  it('reads participant changes with group_p_a and group_p_r', () => {
    const added = participantPayloadSchema.parse({
      emetr_name: 'Jean',
      idGroup: 'g1',
      participant_selected: ['+221771234567'],
      FLAG: 'group_p_a',
      removed_participants: '[]',
      current_participants: '[]',
    })
    expect(added.participant_selected).toEqual([{ phone: '221771234567' }])
    expect(
      firstIssue(participantPayloadSchema, {
        idGroup: 'g1',
        FLAG: 'group_p_r',
        removed_participants: [],
      }),
    ).toBe('No contact is selected')
    expect(firstIssue(participantPayloadSchema, { idGroup: 'g1', FLAG: 'add' })).toBe(
      "FLAG is 'group_p_a' or 'group_p_r'.",
    )
  })
})

describe('seen marks', () => {
  it('reads postVuFromWeb and commentsVuFromWeb', () => {
    expect(
      postVuFromWebPayloadSchema.parse({
        emtr_vu: '+221771234567',
        emtr_post: '33612345678',
        idPostEmet: 'p-1',
      }),
    ).toEqual({ emtr_vu: '221771234567', emtr_post: '33612345678', idPostEmet: 'p-1' })
    expect(
      commentsVuFromWebPayloadSchema.parse({
        emtr_vu: '221771234567',
        idPostEmet: 'p-1',
        commentsSeen: JSON.stringify([{ idCmtEmet: 'c-1' }, 'c-2']),
      }).commentsSeen,
    ).toEqual(['c-1', 'c-2'])
    expect(postVuFromWebPayloadSchema.safeParse({ emtr_vu: '221771234567' }).success).toBe(false)
  })

  it('types the server marks exactly', () => {
    expect(
      callbackPayloadSchema.safeParse({ idPostEmet: 'p', phone: '33612345678', delivred: 2 })
        .success,
    ).toBe(true)
    expect(
      callbackPayloadSchema.safeParse({ idPostEmet: 'p', phone: '33612345678', delivred: 4 })
        .success,
    ).toBe(false)
    expect(groupEventPayloadSchema.safeParse({ event: 'other', group: {} }).success).toBe(false)
  })
})
