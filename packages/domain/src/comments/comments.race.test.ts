// A comment's counters are `$inc` of one document each (the post's total, each participant's
// entry), which the engine must apply one after another (docs/database-engine.md, "What an
// engine must give"). The comments come in parallel through several connections, as from
// several realtime nodes.
import { describe, expect, it } from 'vitest'
import { inboxEntryModel } from '../posts/inbox-model.js'
import { entryId } from '../posts/inbox-model.js'
import { postModel } from '../posts/post-model.js'
import { createSequencer } from '../sync/sequencer.js'
import { together, useDomainScene } from '../testing/domain-scene.js'

const ann = { phone: '33600000001', name: 'Ann' }
const bob = { phone: '33600000002', name: 'Bob' }
const cat = { phone: '33600000003', name: 'Cat' }
const dan = { phone: '33600000004', name: 'Dan' }
const people = [ann, bob, cat, dan]
const scene = useDomainScene({ nodes: 4, acquainted: people })

const folderPost = async () => {
  await scene.domain.groups.create(ann, {
    idGroup: 'team',
    nomGroup: 'Team',
    noName: '0',
    participants: [bob, cat, dan],
  })
  await scene.domain.posts.send(ann, {
    idPostEmet: 'p',
    text: 'thoughts?',
    typePoste: '0',
    destinataires: [],
    groups: [{ idGroup: 'team', name: 'Team' }],
  })
}

// Ann writes 2, Bob 4, Cat 6, Dan 8: unequal shares, so a swapped count would show.
const authors = people.flatMap((person, k) => Array.from({ length: 2 * (k + 1) }, () => person))

const comment = (i: number) => ({
  idCmtEmet: `c${i}`,
  idPostEmet: 'p',
  cmt: `comment ${i}`,
  image: '',
  fileDocName: '',
  type: '3' as const,
})

describe('20 concurrent comments on one post, from its four participants', () => {
  it('count 20 on the post, and for each participant the comments of the others as unread', async () => {
    await folderPost()
    const added = await together(scene.nodes, authors.length, (node, i) =>
      node.comments.add(authors[i]!, comment(i)),
    )
    expect(added.every((a) => a.status === 'created')).toBe(true)

    expect((await postModel(scene.connection).findById('p').lean())?.totalcmt).toBe(20)
    const Inbox = inboxEntryModel(scene.connection)
    for (const person of people) {
      const written = authors.filter((a) => a === person).length
      const entry = await Inbox.findById(entryId('p', person.phone)).lean()
      expect({ phone: person.phone, unread: entry?.cmtnonlu }).toEqual({
        phone: person.phone,
        unread: 20 - written,
      })
    }
  })

  it('leave every entry at a change sequence newer than any before the race, seen marks racing too', async () => {
    await folderPost()
    const sequencer = createSequencer(scene.connection)
    const before = await sequencer.current()
    // The 20 comments, and each participant opening the post and reading its thread meanwhile:
    // every one of these writes the entry's sequence, only ever upwards.
    await together<unknown>(scene.nodes, authors.length + 2 * people.length, (node, i) => {
      if (i < authors.length) return node.comments.add(authors[i]!, comment(i))
      const reader = people[(i - authors.length) % people.length]!
      return i - authors.length < people.length
        ? node.posts.markSeen(reader.phone, 'p', 'web')
        : node.posts.resetUnread(reader.phone, 'p')
    })
    const after = await sequencer.current()

    const Inbox = inboxEntryModel(scene.connection)
    for (const person of people) {
      const entry = await Inbox.findById(entryId('p', person.phone)).lean()
      expect(entry?.seq).toBeGreaterThan(before)
      expect(entry?.seq).toBeLessThanOrEqual(after)
      // So the catch-up from before the race hands the entry over.
      const { posts } = await scene.domain.sync.changesSince(person.phone, before)
      expect(posts.map((p) => p.data.idPostEmet)).toContain('p')
    }
  })

  it('count the same when they come before the post’s own entries are written', async () => {
    await scene.domain.groups.create(ann, {
      idGroup: 'team',
      nomGroup: 'Team',
      noName: '0',
      participants: [bob, cat, dan],
    })
    // The realtime path: the post document is stored and fanned out, its entries written after;
    // here the comments all come in between, and create the entries they find missing.
    const stored = await scene.domain.posts.store(ann, {
      idPostEmet: 'p',
      text: 'thoughts?',
      typePoste: '0',
      destinataires: [],
      groups: [{ idGroup: 'team', name: 'Team' }],
    })
    await together(scene.nodes, authors.length, (node, i) =>
      node.comments.add(authors[i]!, comment(i)),
    )
    await scene.domain.posts.distribute(stored)

    expect((await postModel(scene.connection).findById('p').lean())?.totalcmt).toBe(20)
    const Inbox = inboxEntryModel(scene.connection)
    for (const person of people) {
      const written = authors.filter((a) => a === person).length
      const entry = await Inbox.findById(entryId('p', person.phone)).lean()
      expect({ phone: person.phone, unread: entry?.cmtnonlu }).toEqual({
        phone: person.phone,
        unread: 20 - written,
      })
    }
  })
})
