import { messages } from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import { inboxEntryModel } from './inbox-model.js'
import { postModel } from './post-model.js'
import {
  saveContacts,
  steppingClock,
  useDomainScene,
  postInput as post,
} from '../testing/domain-scene.js'

const ann = { phone: '33600000001', name: 'Ann' }
const bob = { phone: '33600000002', name: 'Bob' }
const cat = { phone: '33600000003', name: 'Cat' }
const dan = { phone: '33600000004', name: 'Dan' }
const scene = useDomainScene({ clock: steppingClock(), acquainted: [ann, bob, cat, dan] })
const general = { scope: { kind: 'general' as const } }

describe('sending a post', () => {
  it('stores the post and one entry per participant, the sender included', async () => {
    const sent = await scene.domain.posts.send(
      ann,
      post({ destinataires: [{ phone: bob.phone, name: 'Bobby' }] }),
    )
    expect(sent.status).toBe('created')
    expect(sent.entries.map((e) => [e.phone, e.role]).sort()).toEqual([
      [ann.phone, 'sender'],
      [bob.phone, 'recipient'],
    ])
    const views = scene.domain.posts.viewsOf(sent)
    expect(views.get(bob.phone)?.data).toMatchObject({
      emetr_phone: ann.phone,
      emetr_name: 'Ann',
      text: 'hello',
      totalcmt: 0,
    })
    expect(views.get(bob.phone)?.data.destinataires).toEqual([
      {
        name: 'Bobby',
        phone: bob.phone,
        idGroupe: [],
        delivred: 0,
        delivredtoWeb: 0,
        cmtnonluDestPost: 0,
      },
    ])
    const senderOnly = scene.domain.posts.viewsOf(sent, [ann.phone])
    expect([...senderOnly.keys()]).toEqual([ann.phone])
    expect(senderOnly.get(ann.phone)).toEqual(views.get(ann.phone))
    expect(await scene.domain.posts.count(bob.phone, general)).toBe(1)
  })

  it('stores nothing new when the same idPostEmet comes again', async () => {
    const input = post({ destinataires: [bob] })
    await scene.domain.posts.send(ann, input)
    const again = await scene.domain.posts.send(ann, { ...input, text: 'changed' })
    expect(again.status).toBe('duplicate')
    expect(await postModel(scene.connection).countDocuments()).toBe(1)
    expect(await inboxEntryModel(scene.connection).countDocuments()).toBe(2)
    expect((await scene.domain.posts.page(bob.phone, general, 0))[0]?.data.text).toBe('hello')
  })

  it('completes the entries of a post an earlier attempt left half-written', async () => {
    const input = post({ destinataires: [bob] })
    // The post document stored, its entries not yet: a server that stopped between the two.
    await scene.domain.posts.store(ann, input)
    expect(await scene.domain.posts.count(bob.phone, general)).toBe(0)
    expect((await scene.domain.posts.send(ann, input)).status).toBe('duplicate')
    expect(await inboxEntryModel(scene.connection).countDocuments()).toBe(2)
    expect(await scene.domain.posts.count(bob.phone, general)).toBe(1)
    expect(await scene.domain.posts.count(ann.phone, general)).toBe(1)
  })

  it('tells whoever waits for the entries once they are stored, a retry with nothing to add too', async () => {
    const stored = await scene.domain.posts.store(ann, post({ destinataires: [bob, cat] }))
    const Inbox = inboxEntryModel(scene.connection)
    const { idPostEmet } = stored.post
    // What the delivery marks would find the moment they are let through.
    let found: Promise<number> | undefined
    await scene.domain.posts.distribute(stored, () => {
      found = Inbox.countDocuments({ idPostEmet })
    })
    expect(await found).toBe(3)
    let toldAgain = false
    await scene.domain.posts.distribute({ ...stored, status: 'duplicate' }, () => {
      toldAgain = true
    })
    expect(toldAgain).toBe(true)
    expect(await Inbox.countDocuments({ idPostEmet })).toBe(3)
  })

  it('answers a retry as the post it stored, even once a check would refuse it now', async () => {
    const input = post({ idPostEmet: 'kept', destinataires: [bob] })
    await scene.domain.posts.send(ann, input)
    // Bob is no longer Ann's contact: a new post to him would be refused.
    expect(await scene.domain.contacts.remove(ann.phone, bob.phone)).toBe(true)
    await expect(
      scene.domain.posts.send(ann, post({ idPostEmet: 'new', destinataires: [bob] })),
    ).rejects.toThrow(messages.message.notContacts)
    const again = await scene.domain.posts.send(ann, input)
    expect(again.status).toBe('duplicate')
    expect(again.post.destinataires.map((d) => d.phone)).toEqual([bob.phone])
    expect(await postModel(scene.connection).countDocuments()).toBe(1)
  })

  it('refuses another sender’s idPostEmet', async () => {
    await scene.domain.posts.send(ann, post({ idPostEmet: 'taken', destinataires: [bob] }))
    await expect(
      scene.domain.posts.send(cat, post({ idPostEmet: 'taken', destinataires: [bob] })),
    ).rejects.toMatchObject({ code: 'conflict' })
  })

  it('refuses a blank text (up to spaces) unless attachments follow, and no recipient', async () => {
    await expect(
      scene.domain.posts.send(ann, post({ text: '     ', destinataires: [bob] })),
    ).rejects.toThrow(messages.message.empty)
    await expect(scene.domain.posts.send(ann, post({ destinataires: [ann] }))).rejects.toThrow(
      messages.message.noContact,
    )
    expect(await postModel(scene.connection).countDocuments()).toBe(0)
    const withFiles = await scene.domain.posts.send(
      ann,
      post({ text: '', hasAttachments: true, destinataires: [bob] }),
    )
    expect(withFiles.status).toBe('created')
  })

  it('to a folder reaches every member once, the sender not doubled, contacts de-duplicated', async () => {
    await scene.domain.groups.create(ann, {
      idGroup: 'team',
      nomGroup: 'Team',
      noName: '0',
      participants: [bob, cat],
    })
    const sent = await scene.domain.posts.send(
      ann,
      post({ groups: [{ idGroup: 'team', name: 'Team' }], destinataires: [bob, dan, dan, ann] }),
    )
    expect(sent.entries.map((e) => e.phone).sort()).toEqual([
      ann.phone,
      bob.phone,
      cat.phone,
      dan.phone,
    ])
    expect(sent.post.destinataires.map((d) => [d.phone, d.idGroupe])).toEqual([
      [bob.phone, ['team']],
      [dan.phone, []],
      [cat.phone, ['team']],
    ])
    expect(sent.post.groups).toEqual([{ idGroup: 'team', name: 'Team' }])
  })

  it('to a folder needs the sender to be a member', async () => {
    await scene.domain.groups.create(ann, {
      idGroup: 'team',
      nomGroup: 'Team',
      noName: '0',
      participants: [bob],
    })
    await expect(
      scene.domain.posts.send(dan, post({ groups: [{ idGroup: 'team', name: '' }] })),
    ).rejects.toMatchObject({ code: 'forbidden' })
    await expect(
      scene.domain.posts.send(ann, post({ groups: [{ idGroup: 'nope', name: '' }] })),
    ).rejects.toMatchObject({ code: 'not_found' })
    expect(await postModel(scene.connection).countDocuments()).toBe(0)
  })

  it('to several contacts creates an unnamed folder once, then reuses it; one contact makes none', async () => {
    const first = await scene.domain.posts.send(ann, post({ destinataires: [bob, cat] }))
    expect(first.createdGroup).toMatchObject({ nomGroup: 'Bob,Cat', noName: '1' })
    expect(first.post.groups).toEqual([{ idGroup: first.createdGroup?.idGroup, name: 'Bob,Cat' }])
    const second = await scene.domain.posts.send(ann, post({ destinataires: [cat, bob] }))
    expect(second.createdGroup).toBeUndefined()
    expect(second.post.groups[0]?.idGroup).toBe(first.createdGroup?.idGroup)
    const single = await scene.domain.posts.send(ann, post({ destinataires: [bob] }))
    expect(single.post.groups).toEqual([])
    expect(await scene.domain.groups.listFor(ann.phone)).toHaveLength(1)
  })
})

describe('the wall', () => {
  it('pages 10 at a time, most recent activity first, in three scopes', async () => {
    await scene.domain.groups.create(ann, {
      idGroup: 'team',
      nomGroup: 'Team',
      noName: '0',
      participants: [bob, cat],
    })
    for (let i = 0; i < 12; i++)
      await scene.domain.posts.send(
        ann,
        post({ idPostEmet: `d${i}`, text: `direct ${i}`, destinataires: [bob] }),
      )
    for (let i = 0; i < 3; i++)
      await scene.domain.posts.send(
        cat,
        post({
          idPostEmet: `f${i}`,
          text: `folder ${i}`,
          groups: [{ idGroup: 'team', name: 'Team' }],
        }),
      )
    await scene.domain.posts.send(cat, post({ idPostEmet: 'cat-bob', destinataires: [bob] }))

    expect(await scene.domain.posts.count(bob.phone, general)).toBe(16)
    const page0 = await scene.domain.posts.page(bob.phone, general, 0)
    expect(page0.map((p) => p.data.idPostEmet)).toEqual([
      'cat-bob',
      'f2',
      'f1',
      'f0',
      'd11',
      'd10',
      'd9',
      'd8',
      'd7',
      'd6',
    ])
    expect(
      (await scene.domain.posts.page(bob.phone, general, 1)).map((p) => p.data.idPostEmet),
    ).toEqual(['d5', 'd4', 'd3', 'd2', 'd1', 'd0'])
    expect(await scene.domain.posts.page(bob.phone, general, 2)).toEqual([])

    const withAnn = { scope: { kind: 'contact' as const, phone: ann.phone } }
    expect(await scene.domain.posts.count(bob.phone, withAnn)).toBe(12)
    expect(
      await scene.domain.posts.count(ann.phone, { scope: { kind: 'contact', phone: bob.phone } }),
    ).toBe(12)
    expect(
      await scene.domain.posts.count(bob.phone, { scope: { kind: 'contact', phone: cat.phone } }),
    ).toBe(1)

    const team = { scope: { kind: 'group' as const, idGroup: 'team' } }
    expect(await scene.domain.posts.count(ann.phone, team)).toBe(3)
    expect(
      (await scene.domain.posts.page(ann.phone, team, 0)).map((p) => p.data.idPostEmet),
    ).toEqual(['f2', 'f1', 'f0'])
    await expect(scene.domain.posts.count(dan.phone, team)).rejects.toMatchObject({
      code: 'forbidden',
    })
  })

  it('searches text as a literal, case-insensitive substring within the scope', async () => {
    await scene.domain.posts.send(
      ann,
      post({ idPostEmet: 'a', text: 'Budget 2025 (draft)', destinataires: [bob] }),
    )
    await scene.domain.posts.send(
      ann,
      post({ idPostEmet: 'b', text: 'the BUDGET is final', destinataires: [bob] }),
    )
    await scene.domain.posts.send(
      cat,
      post({ idPostEmet: 'c', text: 'budget elsewhere', destinataires: [dan] }),
    )
    const search = (word: string) => ({ scope: { kind: 'general' as const }, word })
    expect(await scene.domain.posts.count(bob.phone, search('budget'))).toBe(2)
    expect(
      (await scene.domain.posts.page(bob.phone, search('(DRAFT)'), 0)).map(
        (p) => p.data.idPostEmet,
      ),
    ).toEqual(['a'])
    expect(await scene.domain.posts.count(bob.phone, search('.*'))).toBe(0)
    expect(await scene.domain.posts.count(bob.phone, search('   '))).toBe(2)
    expect(
      await scene.domain.posts.count(bob.phone, {
        scope: { kind: 'contact', phone: cat.phone },
        word: 'budget',
      }),
    ).toBe(0)
  })

  it('never shows a post to someone who is not part of it', async () => {
    await scene.domain.posts.send(
      ann,
      post({ idPostEmet: 'secret', text: 'secret plan', destinataires: [bob] }),
    )
    expect(await scene.domain.posts.count(cat.phone, general)).toBe(0)
    expect(await scene.domain.posts.page(cat.phone, general, 0)).toEqual([])
    expect(
      await scene.domain.posts.count(cat.phone, { scope: { kind: 'general' }, word: 'secret' }),
    ).toBe(0)
    expect(
      await scene.domain.posts.count(cat.phone, { scope: { kind: 'contact', phone: ann.phone } }),
    ).toBe(0)
    expect(await scene.domain.posts.readable(cat.phone, 'secret')).toBeNull()
  })

  it('shows the sender every recipient’s marks, and a recipient only its own', async () => {
    await scene.domain.posts.send(ann, post({ idPostEmet: 'm', destinataires: [bob, cat] }))
    expect(await scene.domain.posts.markDelivered([bob.phone, bob.phone, dan.phone], 'm')).toEqual({
      sender: ann.phone,
      idPostEmet: 'm',
      recipients: [bob.phone],
    })
    expect(await scene.domain.posts.markDelivered([bob.phone], 'm')).toBeNull()
    expect(await scene.domain.posts.markSeen(cat.phone, 'm', 'web')).toEqual({
      sender: ann.phone,
      idPostEmet: 'm',
    })
    expect(await scene.domain.posts.markSeen(cat.phone, 'm', 'web')).toBeNull()
    // Seen on the web, then its socket's acknowledgement: both marks stand.
    expect(await scene.domain.posts.markDelivered([cat.phone], 'm')).toMatchObject({
      recipients: [cat.phone],
    })
    const [asSender] = await scene.domain.posts.page(ann.phone, general, 0)
    const marks = asSender?.data.destinataires.map((d) => [d.phone, d.delivred, d.delivredtoWeb])
    expect(marks).toEqual([
      [bob.phone, 2, 0],
      [cat.phone, 2, 4],
    ])
    const [asBob] = await scene.domain.posts.page(bob.phone, general, 0)
    expect(asBob).toMatchObject({ delivred: 2, delivredtoWeb: 0 })
    expect(asBob?.data.destinataires.map((d) => [d.phone, d.delivred])).toEqual([
      [bob.phone, 2],
      [cat.phone, 0],
    ])
  })

  it('marks a folder-sized burst of acknowledgements delivered once each', async () => {
    const crowd = Array.from({ length: 30 }, (_, i) => ({
      phone: `3361000${String(i).padStart(4, '0')}`,
      name: `Member ${i}`,
    }))
    await saveContacts(scene.connection, ann.phone, crowd)
    await scene.domain.posts.send(ann, post({ idPostEmet: 'burst', destinataires: crowd }))
    const phones = crowd.map((m) => m.phone)
    await scene.domain.posts.markSeen(phones[0] as string, 'burst', 'mobile')
    const change = await scene.domain.posts.markDelivered([...phones, ann.phone], 'burst')
    expect(change?.recipients.toSorted()).toEqual(phones.slice(1).toSorted())
    expect(await scene.domain.posts.markDelivered(phones, 'burst')).toBeNull()
    const [asSender] = await scene.domain.posts.page(ann.phone, general, 0)
    const marks = new Map(asSender?.data.destinataires.map((d) => [d.phone, d.delivred]))
    expect(marks.get(phones[0] as string)).toBe(4)
    expect(phones.slice(1).every((phone) => marks.get(phone) === 2)).toBe(true)
  })
})
