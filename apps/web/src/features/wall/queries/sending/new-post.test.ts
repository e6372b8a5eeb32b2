import { messagePayloadSchema, postDataSchema } from '@palabre/contracts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { alice, bob, carol, profile, viewer } from '../wall.test-support'
import { newPost } from './new-post'
import type { Contact, Group } from '../../model/types'

const contactOf = (phone: string, name = `Name ${phone}`): Contact => ({ name, phone, status: '1' })
const folderOf = (idGroup: string, nomGroup: string): Group => ({
  nomGroup,
  idGroup,
  participants: [],
  nbrParticipants: 2,
  nbrNotifNonLu: 0,
  datecreation: '2024-01-01T00:00:00.000Z',
  datelastevent: '2024-01-01T00:00:00.000Z',
  noName: '0',
})

const now = new Date('2024-03-05T10:30:00.000Z')

describe('newPost', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('de-duplicates the recipients by phone, keeping the first', () => {
    const item = newPost(
      profile,
      {
        text: 'Hello',
        contacts: [contactOf(alice, 'Alice'), contactOf(bob), contactOf(alice, 'Alice again')],
        folders: [],
      },
      'id-1',
    )
    if (item.kind !== 'post') throw new Error('expected a post')
    expect(item.payload.destinataires).toEqual([
      { phone: alice, name: 'Alice' },
      { phone: bob, name: `Name ${bob}` },
    ])
    expect(item.view.data.destinataires.map((r) => r.phone)).toEqual([alice, bob])
    expect(item.payload.counterDest).toBe(2)
  })

  it('never sends to its author', () => {
    const item = newPost(
      profile,
      { text: 'Hello', contacts: [contactOf(viewer), contactOf(carol)], folders: [] },
      'id-1',
    )
    if (item.kind !== 'post') throw new Error('expected a post')
    expect(item.payload.destinataires).toEqual([{ phone: carol, name: `Name ${carol}` }])
    expect(item.view.data.destinataires.map((r) => r.phone)).toEqual([carol])
    expect(item.payload.counterDest).toBe(1)
  })

  it('names its folders by id and name', () => {
    const item = newPost(
      profile,
      {
        text: 'To the team',
        contacts: [],
        folders: [folderOf('g1', 'Team'), folderOf('g2', 'Ops')],
      },
      'id-1',
    )
    if (item.kind !== 'post') throw new Error('expected a post')
    const groups = [
      { idGroup: 'g1', name: 'Team' },
      { idGroup: 'g2', name: 'Ops' },
    ]
    expect(item.payload.groups).toEqual(groups)
    expect(item.view.data.groups).toEqual(groups)
  })

  it('shows at once as a pending post of the viewer, dated now, under the id given', () => {
    const item = newPost(
      profile,
      { text: 'Hello', contacts: [contactOf(alice)], folders: [] },
      'id-42',
    )
    if (item.kind !== 'post') throw new Error('expected a post')
    expect(item.id).toBe('id-42')
    expect(item.state).toBe('pending')
    expect(item.payload).toMatchObject({
      emetr_phone: viewer,
      emetr_name: 'Viewer Name',
      text: 'Hello',
      typePoste: '0',
      idPostEmet: 'id-42',
      dateCreation: now.toISOString(),
      dateLastEvent: now.toISOString(),
    })
    expect(item.view).toMatchObject({
      sendState: 'pending',
      cmtnonlu: 0,
      seq: 0,
      data: {
        emetr_phone: viewer,
        emetr_name: 'Viewer Name',
        text: 'Hello',
        idPostEmet: 'id-42',
        totalcmt: 0,
        cmtnonluEmetPost: 0,
        dateCreation: now.toISOString(),
        dateLastEvent: now.toISOString(),
      },
    })
    expect(item.view.data.destinataires[0]).toMatchObject({
      phone: alice,
      delivred: 0,
      delivredtoWeb: 0,
      cmtnonluDestPost: 0,
    })
  })

  it('builds a payload and a view the contracts accept', () => {
    const item = newPost(
      profile,
      { text: 'Hello', contacts: [contactOf(alice)], folders: [folderOf('g1', 'Team')] },
      'id-1',
    )
    expect(messagePayloadSchema.safeParse(item.payload).success).toBe(true)
    expect(postDataSchema.safeParse(item.view).success).toBe(true)
  })

  it("says its files follow only when it has some, so they count as the post's own", () => {
    const plain = newPost(profile, { text: 'a', contacts: [contactOf(alice)], folders: [] })
    const withFiles = newPost(profile, {
      text: '',
      contacts: [contactOf(alice)],
      folders: [],
      attachments: [{ image: '', fileDocName: 'Safety___a1.pdf' }],
    })
    if (plain.kind !== 'post' || withFiles.kind !== 'post') throw new Error('expected posts')
    expect(plain.payload).not.toHaveProperty('pieceJointSMS')
    expect(withFiles.payload.pieceJointSMS).toBe(true)
    expect(messagePayloadSchema.safeParse(withFiles.payload).success).toBe(true)
  })

  it('makes a fresh client id when none is given', () => {
    const first = newPost(profile, { text: 'a', contacts: [contactOf(alice)], folders: [] })
    const second = newPost(profile, { text: 'b', contacts: [contactOf(alice)], folders: [] })
    if (first.kind !== 'post') throw new Error('expected a post')
    expect(first.id).toMatch(/^w[0-9a-z]+$/)
    expect(first.payload.idPostEmet).toBe(first.id)
    expect(first.view.data.idPostEmet).toBe(first.id)
    expect(second.id).not.toBe(first.id)
  })
})
