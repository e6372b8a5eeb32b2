import { randomUUID } from 'node:crypto'
import { messages } from '@palabre/contracts'
import type { AnnouncementReport, PostData } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import type { CommentService } from '../comments/comments.js'
import type { FileService } from '../files/files.js'
import type { Actor, GroupService } from '../groups/groups.js'
import { DomainError } from '../posts/domain-error.js'
import { entryId, inboxEntryModel } from '../posts/inbox-model.js'
import { markSeen } from '../posts/post-marks.js'
import type { InboxEntryDoc } from '../posts/inbox-model.js'
import { postModel } from '../posts/post-model.js'
import type { PostDoc } from '../posts/post-model.js'
import { readPosts } from '../posts/post-reader.js'
import { presentPost } from '../posts/post-view.js'
import { entriesFor, insertEntries } from '../posts/send-post.js'
import { createSequencer } from '../sync/sequencer.js'
import { userModel } from '../users/user-model.js'
import { confirmChannel, confirmEntry, confirmedCount, isConfirmed } from './confirmations.js'
import type { AuditTrail } from '../organisation/audit.js'
import { textStart } from './text-start.js'

/**
 * Announcements people confirm (docs/announcements.md). An announcement is a post of type
 * `announcement` from an administrator to every active member, or to the members of the folders
 * named; each recipient's entry is pinned until they confirm it.
 */

export interface AnnouncementInput {
  text: string
  fileNames?: readonly string[] | undefined
  folderIds?: readonly string[] | undefined
}

export interface Announced {
  post: PostDoc
  /** Every recipient, the author excepted. */
  recipients: string[]
  /** What each recipient's socket gets live (the same for all: sequence 0, not confirmed). */
  view: PostData
}

export interface Confirmation {
  confirmedAt: Date
  /** False when it was confirmed before: nothing changed, nobody is told. */
  first: boolean
  /**
   * True when confirming set the recipient's seen mark (on `confirmChannel`): the author is told
   * as of any seen mark (docs/announcements.md, "Confirming").
   */
  seen: boolean
  author: string
  name: string
  confirmed: number
  total: number
}

export interface AnnouncementService {
  /** Stores the announcement and every recipient's pinned entry, then its files as comments. */
  announce(author: Actor, input: AnnouncementInput): Promise<Announced>
  /** The viewer's unconfirmed announcements, newest first. */
  pinned(viewer: string): Promise<PostData[]>
  /**
   * 'I have read it': idempotent, the first time stays. Confirming is reading: the post is seen
   * as opening it makes it. 404 unless the viewer is a recipient.
   */
  confirm(viewer: string, idPostEmet: string): Promise<Confirmation>
  report(idPostEmet: string): Promise<AnnouncementReport>
  /** Puts the announcement back on top for those who have not confirmed; answers them. */
  remind(actor: string, idPostEmet: string): Promise<string[]>
}

/** Entries are written this many at a time, so other people's posts go on between batches. */
const BATCH = 500

const notFound = () => new DomainError('not_found', messages.announcement.noSuchAnnouncement)

export const createAnnouncementService = (
  connection: Connection,
  clock: () => Date,
  deps: {
    groups: Pick<GroupService, 'get'>
    comments: Pick<CommentService, 'add'>
    files: Pick<FileService, 'find' | 'mayAttach'>
    deactivated: { all(): Promise<Set<string>> }
    audit: Pick<AuditTrail, 'append'>
    maxRecipients: number
  },
): AnnouncementService => {
  const Post = postModel(connection)
  const Inbox = inboxEntryModel(connection)
  const User = userModel(connection)
  const sequencer = createSequencer(connection)
  const marks = { Post, Inbox, sequencer, clock }

  /** Every active member, or the active members of the folders named; the author excepted. */
  const recipientsOf = async (author: string, folderIds: readonly string[]) => {
    if (folderIds.length === 0) {
      const users = await User.find({ deactivatedAt: { $exists: false }, phone: { $ne: author } })
        .select({ phone: 1, _id: 0 })
        .lean()
      return { phones: users.map((u) => u.phone), groups: [] }
    }
    const [groups, deactivated] = await Promise.all([
      Promise.all([...new Set(folderIds)].map((id) => deps.groups.get(id))),
      deps.deactivated.all(),
    ])
    const found = groups.filter((g) => g !== null)
    if (found.length !== groups.length)
      throw new DomainError('not_found', messages.announcement.noSuchFolder)
    const phones = new Set(found.flatMap((g) => g.members))
    phones.delete(author)
    for (const phone of deactivated) phones.delete(phone)
    return {
      phones: [...phones],
      groups: found.map((g) => ({ idGroup: g.idGroup, name: g.nomGroup })),
    }
  }

  /** What the files are, checked before anything is stored: comment fields in order. */
  const attachmentsOf = async (author: string, names: readonly string[]) =>
    Promise.all(
      names.map(async (name) => {
        if (!(await deps.files.mayAttach(author, name)))
          throw new DomainError('not_found', messages.noSuchFile)
        const file = await deps.files.find(name)
        return file?.kind === 'image'
          ? { image: name, fileDocName: '' }
          : { image: '', fileDocName: name }
      }),
    )

  const entryOf = async (idPostEmet: string, phone: string) =>
    Inbox.findOne({ _id: entryId(idPostEmet, phone) }).lean<InboxEntryDoc>()

  const announcementOf = async (idPostEmet: string) => {
    // Its recipients' list is not read: their count says how many.
    const post = await Post.findOne({ _id: idPostEmet, typePoste: 'announcement' })
      .select({ recipientCount: 1, emetr_phone: 1 })
      .lean<Pick<PostDoc, 'recipientCount' | 'emetr_phone'>>()
    if (!post) throw notFound()
    return post
  }

  const namesOf = async (phones: readonly string[]) => {
    const users = await User.find({ phone: { $in: [...phones] } })
      .select({ phone: 1, nomPrenom: 1, _id: 0 })
      .lean()
    return new Map(users.map((u) => [u.phone, u.nomPrenom]))
  }

  return {
    async announce(author, { text, fileNames = [], folderIds = [] }) {
      const [{ phones, groups }, attachments] = await Promise.all([
        recipientsOf(author.phone, folderIds),
        attachmentsOf(author.phone, fileNames),
      ])
      // The request is well formed; who is a member makes it impossible, now (409).
      if (phones.length === 0)
        throw new DomainError('conflict', messages.announcement.reachesNobody)
      if (phones.length > deps.maxRecipients)
        throw new DomainError(
          'validation_failed',
          messages.announcement.tooManyRecipients(deps.maxRecipients),
        )
      const now = clock()
      const idPostEmet = `announcement-${randomUUID()}`
      const post: PostDoc = {
        _id: idPostEmet,
        idPostEmet,
        emetr_phone: author.phone,
        emetr_name: author.name,
        text,
        typePoste: 'announcement',
        // The recipients are the entries: a list of 100,000 would not fit a post.
        destinataires: [],
        groups,
        participants: [author.phone, ...phones],
        recipientCount: phones.length,
        confirmedCount: 0,
        totalcmt: 0,
        dateCreation: now,
        dateLastEvent: now,
      }
      await Post.insertMany([post], { lean: true })
      // The author's entry, then the recipients' in batches, each pinned.
      for (let start = 0; start < post.participants.length; start += BATCH) {
        const batch = post.participants.slice(start, start + BATCH)
        const entries = entriesFor(post, batch, await sequencer.nextFor(batch), clock()).map(
          (entry) => (entry.role === 'recipient' ? { ...entry, pinned: true } : entry),
        )
        await insertEntries(Inbox, entries)
      }
      await deps.audit.append([
        {
          action: 'announce',
          actor: author.phone,
          // Its start and its count, what the console shows of it (docs/organisation.md).
          details: {
            idPostEmet,
            start: textStart(text),
            recipients: phones.length,
            folders: groups.map((g) => g.name),
          },
        },
      ])
      for (const [i, fields] of attachments.entries())
        await deps.comments.add(author, {
          idPostEmet,
          idCmtEmet: `${idPostEmet}-file-${i}`,
          cmt: '',
          type: '1',
          ...fields,
        })
      const [, recipientEntry] = entriesFor(post, [author.phone, phones[0] ?? ''], new Map(), now)
      if (!recipientEntry) throw new Error('an announcement without a recipient entry')
      return {
        post,
        recipients: phones,
        view: presentPost(
          { ...post, totalcmt: attachments.length },
          { ...recipientEntry, pinned: true },
        ),
      }
    },

    async pinned(viewer) {
      const entries = await Inbox.find({ phone: viewer, pinned: true })
        .hint('pinned_announcements')
        .sort({ dateLastEvent: -1 })
        .lean<InboxEntryDoc[]>()
      return readPosts(Post, Inbox, entries)
    },

    async confirm(viewer, idPostEmet) {
      const entry = await entryOf(idPostEmet, viewer)
      const post = entry ? await announcementOf(idPostEmet) : null
      if (!entry || !post || entry.role !== 'recipient') throw notFound()
      let first = false
      let seen = false
      let confirmedAt = entry.confirmedAt
      if (!confirmedAt) {
        // Confirming is reading, by the seen rule of opening it, and seen first: a server
        // stopped between the two writes leaves it seen and still pinned, to confirm again, never
        // confirmed and new (docs/announcements.md, "Confirming").
        seen = (await markSeen(marks, viewer, idPostEmet, confirmChannel)) !== null
        const at = clock()
        first = await confirmEntry(Inbox, entry._id, at)
        confirmedAt = first ? at : (await entryOf(idPostEmet, viewer))?.confirmedAt
      }
      if (!confirmedAt) throw notFound()
      // The author's count moves with the first confirmation only, after it.
      const [confirmed, names] = await Promise.all([
        confirmedCount(Post, idPostEmet, first),
        namesOf([viewer]),
      ])
      return {
        confirmedAt,
        first,
        seen,
        author: post.emetr_phone,
        name: names.get(viewer) ?? '',
        confirmed,
        total: post.recipientCount ?? 0,
      }
    },

    async report(idPostEmet) {
      const post = await announcementOf(idPostEmet)
      const entries = await Inbox.find({ idPostEmet, role: 'recipient' })
        .select({ phone: 1, confirmedAt: 1, _id: 0 })
        .lean<Pick<InboxEntryDoc, 'phone' | 'confirmedAt'>[]>()
      const names = await namesOf(entries.map((e) => e.phone))
      const nameOf = (phone: string) => names.get(phone) ?? ''
      const byName = (a: { name: string; phone: string }, b: { name: string; phone: string }) =>
        a.name.localeCompare(b.name) || a.phone.localeCompare(b.phone)
      return {
        total: post.recipientCount ?? 0,
        confirmed: entries
          .filter(isConfirmed)
          .map((e) => ({ phone: e.phone, name: nameOf(e.phone), at: e.confirmedAt.toISOString() }))
          .sort((a, b) => a.at.localeCompare(b.at) || byName(a, b)),
        pending: entries
          .filter((e) => !isConfirmed(e))
          .map((e) => ({ phone: e.phone, name: nameOf(e.phone) }))
          .sort(byName),
      }
    },

    async remind(actor, idPostEmet) {
      await announcementOf(idPostEmet)
      const pending = (
        await Inbox.find({ idPostEmet, role: 'recipient', confirmedAt: { $exists: false } })
          .select({ phone: 1, _id: 0 })
          .lean<Pick<InboxEntryDoc, 'phone'>[]>()
      ).map((e) => e.phone)
      // Back on top of their walls, with a new sequence for their catch-up, pinned again.
      for (let start = 0; start < pending.length; start += BATCH) {
        const batch = pending.slice(start, start + BATCH)
        const seqs = await sequencer.nextFor(batch)
        const at = clock()
        await Inbox.bulkWrite(
          batch.map((phone) => ({
            updateOne: {
              filter: { _id: entryId(idPostEmet, phone), confirmedAt: { $exists: false } },
              update: {
                $set: { pinned: true, unread: true, seqAt: at },
                $max: { dateLastEvent: at, seq: seqs.get(phone) ?? 0 },
              },
            },
          })),
          { ordered: false },
        )
      }
      await deps.audit.append([
        { action: 'remind', actor, details: { idPostEmet, reminded: pending.length } },
      ])
      return pending
    },
  }
}
