import { messages, NUL_TEXT_MESSAGE, postDataSchema } from '@palabre/contracts'
import type { PostData } from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import { barrier, collect, emitAck, nextEvent } from '../../test/harness.js'
import { useRealtimeScene } from '../../test/scene.js'

const scene = useRealtimeScene()
const { ann, bob, cat, dan } = scene.users
const { connect } = scene

/** What a refused post must not leave behind: the post, its inbox entries, an unnamed folder. */
const stored = async () => ({
  posts: await scene.connection.model('Post').countDocuments(),
  entries: await scene.connection.model('InboxEntry').countDocuments(),
  folders: await scene.connection.model('Group').countDocuments(),
})
const nothing = { posts: 0, entries: 0, folders: 0 }

let n = 0
const message = (overrides: Record<string, unknown> = {}) => ({
  idPostEmet: `post-${n++}`,
  emetr_phone: ann.phone,
  emetr_name: 'Ann A',
  text: 'Hello team',
  typePoste: '0',
  destinataires: JSON.stringify([{ phone: `+${bob.phone}`, name: 'Bobby' }]),
  groups: '[]',
  ...overrides,
})

describe('message', () => {
  it('is stored before its ack 1, reaches every socket of the recipient and the sender’s other tabs', async () => {
    const annTab1 = await connect(ann)
    const annTab2 = await connect(ann)
    const bobPhone = await connect(bob)
    const bobWeb = await connect(bob)
    const forBob = [
      nextEvent<PostData>(bobPhone, 'message'),
      nextEvent<PostData>(bobWeb, 'message'),
    ]
    const forOtherTab = nextEvent<PostData>(annTab2, 'messageForOtherToMe')
    const callback = nextEvent(annTab1, 'callback')
    const payload = message()
    expect(await emitAck(annTab1, 'message', payload)).toBe(1)
    // Acknowledged means stored: the post and both inbox entries.
    expect(await scene.domain.posts.count(bob.phone, { scope: { kind: 'general' } })).toBe(1)
    expect(await scene.domain.posts.count(ann.phone, { scope: { kind: 'general' } })).toBe(1)
    const [received] = await Promise.all(forBob)
    expect(postDataSchema.parse(received).data).toMatchObject({
      idPostEmet: payload.idPostEmet,
      emetr_phone: ann.phone,
      emetr_name: 'Ann A',
      text: 'Hello team',
    })
    expect((await forOtherTab).data.idPostEmet).toBe(payload.idPostEmet)
    expect(await callback).toEqual({
      idPostEmet: payload.idPostEmet,
      phone: bob.phone,
      delivred: 2,
    })
    const [asSender] = await scene.domain.posts.page(ann.phone, { scope: { kind: 'general' } }, 0)
    expect(asSender?.data.destinataires[0]).toMatchObject({ phone: bob.phone, delivred: 2 })
  })

  it('re-emitted with the same idPostEmet stores nothing new, acks 1 and is not fanned out again', async () => {
    const annSocket = await connect(ann)
    const bobSocket = await connect(bob)
    const received = collect(bobSocket, 'message')
    const payload = message()
    expect(await emitAck(annSocket, 'message', payload)).toBe(1)
    expect(await emitAck(annSocket, 'message', payload)).toBe(1)
    // A second fan-out would have reached Bob before Ann's second 1.
    await barrier(bobSocket)
    expect(received).toHaveLength(1)
    expect(await scene.domain.posts.count(bob.phone, { scope: { kind: 'general' } })).toBe(1)
  })

  it('is refused when the payload claims another sender', async () => {
    const annSocket = await connect(ann)
    const answer = await emitAck(annSocket, 'message', message({ emetr_phone: cat.phone }))
    expect(answer).toMatchObject({ error: { code: 'forbidden' } })
    expect(await scene.domain.posts.count(cat.phone, { scope: { kind: 'general' } })).toBe(0)
    expect(await scene.domain.posts.count(bob.phone, { scope: { kind: 'general' } })).toBe(0)
  })

  it('gets an error ack for an invalid payload and stores nothing', async () => {
    const annSocket = await connect(ann)
    const cases: [Record<string, unknown>, string][] = [
      [{ idPostEmet: '' }, 'An id is required.'],
      [{ text: '     ' }, messages.message.empty],
      [{ destinataires: '[]', groups: '[]' }, messages.message.noContact],
      [{ destinataires: 'not json' }, 'Expected a list, or a JSON-encoded list.'],
      [{ typePoste: '9' }, ''],
      // PostgreSQL cannot store U+0000: it used to reach the database and fail there.
      [{ text: 'Hello\u0000team' }, NUL_TEXT_MESSAGE],
      [{ emetr_name: '\u0000' }, NUL_TEXT_MESSAGE],
    ]
    for (const [overrides, text] of cases) {
      const answer = (await emitAck(annSocket, 'message', message(overrides))) as {
        error: { code: string; message: string }
      }
      expect(answer.error.code).toBe('validation_failed')
      if (text) expect(answer.error.message).toBe(text)
    }
    expect(await emitAck(annSocket, 'message', 'nonsense')).toMatchObject({
      error: { code: 'validation_failed' },
    })
    expect(await scene.domain.posts.count(ann.phone, { scope: { kind: 'general' } })).toBe(0)
  })

  it('to several contacts creates the unnamed folder once and tells its members', async () => {
    const annSocket = await connect(ann)
    const catSocket = await connect(cat)
    const folderEvent = nextEvent<{
      event: string
      group: { nomGroup: string; noName: string; idGroup: string }
    }>(catSocket, 'group')
    const post = nextEvent<PostData>(catSocket, 'message')
    const to = JSON.stringify([
      { phone: bob.phone, name: 'Bobby' },
      { phone: cat.phone, name: 'Cathy' },
    ])
    expect(await emitAck(annSocket, 'message', message({ destinataires: to }))).toBe(1)
    const event = await folderEvent
    expect(event).toMatchObject({ event: 'new_g', group: { nomGroup: 'Bobby,Cathy', noName: '1' } })
    expect((await post).data.groups).toEqual([
      { idGroup: event.group.idGroup, name: 'Bobby,Cathy' },
    ])
    const events = collect(catSocket, 'group')
    expect(await emitAck(annSocket, 'message', message({ destinataires: to }))).toBe(1)
    await barrier(catSocket)
    expect(events).toEqual([])
    expect(await scene.domain.groups.listFor(ann.phone)).toHaveLength(1)
  })

  it('to a folder reaches its members, and a removed member stops receiving its posts', async () => {
    await scene.domain.groups.create(ann, {
      idGroup: 'team',
      nomGroup: 'Team',
      noName: '0',
      participants: [bob, cat],
    })
    const annSocket = await connect(ann)
    const bobSocket = await connect(bob)
    const catSocket = await connect(cat)
    const danSocket = await connect(dan)
    const toBob = collect<PostData>(bobSocket, 'message')
    const toCat = collect<PostData>(catSocket, 'message')
    const toDan = collect<PostData>(danSocket, 'message')
    const team = JSON.stringify([{ idGroup: 'team', nomGroup: 'Team' }])
    expect(
      await emitAck(annSocket, 'message', message({ destinataires: '[]', groups: team })),
    ).toBe(1)
    await scene.domain.groups.removeParticipants(ann, 'team', [cat.phone])
    expect(
      await emitAck(annSocket, 'message', message({ destinataires: '[]', groups: team })),
    ).toBe(1)
    await Promise.all([barrier(bobSocket), barrier(catSocket), barrier(danSocket)])
    expect(toBob).toHaveLength(2)
    expect(toCat).toHaveLength(1)
    expect(toDan).toHaveLength(0)
    expect(await scene.domain.posts.count(cat.phone, { scope: { kind: 'general' } })).toBe(1)
    // A former member cannot post to the folder either.
    expect(
      await emitAck(
        catSocket,
        'message',
        message({ emetr_phone: cat.phone, destinataires: '[]', groups: team }),
      ),
    ).toMatchObject({
      error: { code: 'forbidden' },
    })
  })

  // One `message` naming 5,000 made-up phones used to make a 5,001-member folder and 5,001 inbox
  // entries, the sender's ack waiting for them all (docs/security.md, "Recipients").
  it('naming 5,000 made-up phones gets an error ack at once and stores nothing', async () => {
    const annSocket = await connect(ann)
    const strangers = Array.from({ length: 5_000 }, (_, i) => ({
      phone: `3368${String(i).padStart(7, '0')}`,
      name: `Nobody ${i}`,
    }))
    // Storing them took minutes; the refusal needs no more than a read or two.
    const answer = await emitAck(
      annSocket,
      'message',
      message({ destinataires: JSON.stringify(strangers) }),
      5_000,
    )
    expect(answer).toEqual({
      error: { code: 'validation_failed', message: messages.message.tooManyRecipients(500) },
    })
    expect(await stored()).toEqual(nothing)
  })

  it('to someone who is not a contact of the sender is refused and stores nothing', async () => {
    const annSocket = await connect(ann)
    const to = JSON.stringify([
      { phone: bob.phone, name: 'Bobby' },
      { phone: '33699999999', name: 'Stranger' },
    ])
    expect(await emitAck(annSocket, 'message', message({ destinataires: to }))).toEqual({
      error: { code: 'forbidden', message: messages.message.notContacts },
    })
    expect(await stored()).toEqual(nothing)
  })
})
