import { messages } from '@palabre/contracts'
import type { PostType } from '@palabre/contracts'
import type { Model } from 'mongoose'
import { requireContacts } from '../contacts/reach.js'
import type { ReachRules } from '../contacts/reach.js'
import type { Actor, GroupDoc, GroupService } from '../groups/groups.js'
import type { Sequencer } from '../sync/sequencer.js'
import { DomainError } from './domain-error.js'
import { entryId } from './inbox-model.js'
import type { InboxEntryDoc } from './inbox-model.js'
import type { PostDoc } from './post-model.js'
import { peersOf, resolveRecipients } from './recipients.js'
import { duplicatePositions, isDuplicateKey } from '../database.js'
import { countInserted, wallCountModel } from './wall-counts.js'
import { groupCommit } from '../group-commit.js'

export interface SendPostInput {
  idPostEmet: string
  text: string
  typePoste: PostType
  destinataires: { phone: string; name?: string | undefined }[]
  groups: { idGroup: string; name: string }[]
  /** The post announces attachments that follow as comments: its text may then be empty. */
  hasAttachments?: boolean
  app_id?: string | undefined
}

export interface SentPost extends StoredPost {
  /** Every participant's entry, the sender's included. */
  entries: InboxEntryDoc[]
}

export interface SendPostDeps {
  Post: Model<PostDoc>
  Inbox: Model<InboxEntryDoc>
  groups: GroupService
  sequencer: Sequencer
  clock: () => Date
  /** Whom a post may reach, and how many (docs/security.md, "Recipients"). */
  rules: ReachRules
}

/** Entries to insert, and who to tell once they are in the database (before their counting). */
interface EntriesWrite {
  entries: InboxEntryDoc[]
  written?: (() => void) | undefined
}

/** Each process's writer of entries, one per database: a group commit (group-commit.ts). */
const entryWriters = new WeakMap<Model<InboxEntryDoc>, (write: EntriesWrite) => Promise<void>>()

/**
 * The entries of several posts in one insert, then the counting of those the database took in
 * their users' wall counters (wall-counts.ts): a duplicate (a racing retry, or a comment that
 * came first) is already there and was counted when it was written. Whoever waits for the
 * entries themselves (the delivery marks) is told between the two.
 */
const entryWriterOf = (Inbox: Model<InboxEntryDoc>) => {
  let writer = entryWriters.get(Inbox)
  if (!writer)
    entryWriters.set(
      Inbox,
      (writer = groupCommit(async (parts: EntriesWrite[]) => {
        const all = parts.flatMap((part) => part.entries)
        let taken = new Set<number>()
        try {
          await Inbox.insertMany(all, { ordered: false, lean: true })
        } catch (error) {
          const duplicates = duplicatePositions(error, all.length)
          if (!duplicates) throw error
          taken = duplicates
        }
        for (const part of parts) part.written?.()
        await countInserted(
          wallCountModel(Inbox.db),
          all.filter((_, i) => !taken.has(i)),
        )
        return parts.map(() => undefined)
      })),
    )
  return writer
}

/**
 * Inserts the entries participants lack, and counts those really written; `written` is called
 * once they are in the database, before the counting ends. The entries of posts that come while
 * an insert is under way go together in the next (docs/database-engine.md, "Group commits").
 */
export const insertEntries = async (
  Inbox: Model<InboxEntryDoc>,
  entries: InboxEntryDoc[],
  written?: () => void,
): Promise<void> => {
  if (entries.length > 0) await entryWriterOf(Inbox)({ entries, written })
  else written?.()
}

/** New entries of a post for some participants, with their sequences handed out at `seqAt`. */
export const entriesFor = (
  post: PostDoc,
  phones: readonly string[],
  seqs: Map<string, number>,
  seqAt: Date,
): InboxEntryDoc[] => {
  const directPeers = peersOf(post.destinataires)
  const groupIds = post.groups.map((g) => g.idGroup)
  return phones.map((phone) => {
    const isSender = phone === post.emetr_phone
    return {
      _id: entryId(post.idPostEmet, phone),
      phone,
      idPostEmet: post.idPostEmet,
      role: isSender ? 'sender' : 'recipient',
      groupIds,
      peers: isSender ? directPeers : directPeers.includes(phone) ? [post.emetr_phone] : [],
      delivred: 0,
      delivredtoWeb: 0,
      cmtnonlu: 0,
      unread: !isSender,
      dateLastEvent: post.dateLastEvent,
      seq: seqs.get(phone) ?? 0,
      seqAt,
    }
  })
}

/** The entries of a post not yet sequenced: what the live fan-out shows before they are stored. */
export const provisionalEntries = (post: PostDoc): InboxEntryDoc[] =>
  entriesFor(post, post.participants, new Map(), post.dateLastEvent)

/**
 * Writes the entries a post still lacks (all of them for a new post), each with a new sequence
 * of its participant, and answers every entry. Idempotent: a retried post whose earlier attempt
 * stopped after storing the post doc is completed here, never doubled. A post just created has
 * none yet, so nothing is read first. `written` is called once every entry is in the database.
 */
export const distributePost = async (
  deps: Pick<SendPostDeps, 'Inbox' | 'sequencer' | 'groups' | 'clock'>,
  { post, status }: Pick<StoredPost, 'post' | 'status'>,
  written?: () => void,
): Promise<InboxEntryDoc[]> => {
  const present =
    status === 'created'
      ? []
      : await deps.Inbox.find({ idPostEmet: post.idPostEmet }).lean<InboxEntryDoc[]>()
  const have = new Set(present.map((e) => e.phone))
  const missing = post.participants.filter((phone) => !have.has(phone))
  if (missing.length === 0) {
    written?.()
    return present
  }
  const added = entriesFor(post, missing, await deps.sequencer.nextFor(missing), deps.clock())
  await insertEntries(deps.Inbox, added, written)
  // The folders move up their members' lists.
  await deps.groups.touch(
    post.groups.map((g) => g.idGroup),
    post.dateLastEvent,
  )
  return [...present, ...added]
}

/** A post whose document is stored: the commit point; its entries follow (distributePost). */
export interface StoredPost {
  /** 'duplicate': this idPostEmet was already stored; nothing new was written. */
  status: 'created' | 'duplicate'
  post: PostDoc
  /** The unnamed folder the several-contacts rule created for this post. */
  createdGroup?: GroupDoc
}

const existingOf = (post: PostDoc, sender: Actor): StoredPost => {
  if (post.emetr_phone !== sender.phone)
    throw new DomainError('conflict', 'This post id is already taken.')
  return { status: 'duplicate', post }
}

/**
 * The people named must be the sender's contacts, unless they are members of a folder named (it
 * reaches them anyway), and the post reaches at most `maxRecipients` people, folder members
 * included (docs/security.md, "Recipients"). `named` excludes the sender.
 */
const admitRecipients = async (
  rules: ReachRules,
  sender: Actor,
  named: ReadonlySet<string>,
  folders: readonly GroupDoc[],
): Promise<void> => {
  const tooMany = () =>
    new DomainError('validation_failed', messages.message.tooManyRecipients(rules.maxRecipients))
  // Counted before any read: it bounds the contacts looked up.
  if (named.size > rules.maxRecipients) throw tooMany()
  const reached = new Set(folders.flatMap((g) => g.members))
  const strangers = [...named].filter((phone) => !reached.has(phone))
  await requireContacts(
    rules,
    sender.phone,
    strangers,
    messages.message.notContacts,
    messages.message.notVisibleToPartner,
  )
  for (const phone of named) reached.add(phone)
  reached.delete(sender.phone)
  if (reached.size > rules.maxRecipients) throw tooMany()
}

/**
 * Validates, checks whom the post may reach, resolves its recipients and folders (the unnamed
 * folder of several contacts made only then), and stores the post document. A retried post
 * (same idPostEmet) is found by the insert itself, which its unique id refuses, or, when a check
 * now refuses what was accepted the first time (a contact removed since), by a read on that
 * refusal: a new post costs no read of its id (docs/benchmarks.md, "7. Throughput, 1,000
 * sockets").
 */
export const storePost = async (
  deps: SendPostDeps,
  sender: Actor,
  input: SendPostInput,
): Promise<StoredPost> => {
  const stored = async () => {
    const raced = await deps.Post.findOne({ _id: input.idPostEmet }).lean<PostDoc>()
    return raced ? existingOf(raced, sender) : null
  }
  let post: PostDoc
  let createdGroup: GroupDoc | undefined
  try {
    ;({ post, createdGroup } = await checkedPost(deps, sender, input))
  } catch (error) {
    const retried = await stored()
    if (retried) return retried
    throw error
  }
  try {
    // Built and typed here already: `lean` skips mongoose's per-field casting and validation,
    // which for a 200-member folder costs as much as the write.
    await deps.Post.insertMany([post], { lean: true })
  } catch (error) {
    if (!isDuplicateKey(error)) throw error
    const retried = await stored()
    if (!retried) throw error
    return retried
  }
  return { status: 'created', post, ...(createdGroup ? { createdGroup } : {}) }
}

/** The post document a send makes, once every check has passed; nothing stored but a new unnamed folder. */
const checkedPost = async (
  deps: SendPostDeps,
  sender: Actor,
  input: SendPostInput,
): Promise<{ post: PostDoc; createdGroup?: GroupDoc }> => {
  // The reads at once: the folders (a refusal stores nothing) and the deactivated people, whom
  // a new post leaves out (docs/organisation.md, "Deactivation").
  const [folders, deactivated] = await Promise.all([
    deps.groups.requireMember(
      sender.phone,
      input.groups.map((g) => g.idGroup),
    ),
    deps.rules.deactivated.all(),
  ])
  if (input.text.trim() === '' && !input.hasAttachments)
    throw new DomainError('validation_failed', messages.message.empty)
  let groups = folders
  let createdGroup: GroupDoc | undefined
  const named = input.destinataires.filter((d) => d.phone !== sender.phone)
  const others = named.filter((d) => !deactivated.has(d.phone))
  let direct = others
  const distinctOthers = new Set(others.map((d) => d.phone))
  if (groups.length === 0 && distinctOthers.size === 0)
    throw new DomainError(
      'validation_failed',
      named.length > 0 ? messages.organisation.recipientsDeactivated : messages.message.noContact,
    )
  // Before the unnamed folder below: a refused post creates nothing.
  await admitRecipients(deps.rules, sender, distinctOthers, groups)
  if (groups.length === 0 && distinctOthers.size >= 2) {
    const named = others.map((d) => ({ phone: d.phone, name: d.name ?? '' }))
    const folder = await deps.groups.unnamedFolderFor(sender, named)
    groups = [folder.group]
    // Those contacts are exactly the folder's members: they are recipients through it.
    direct = []
    if (folder.created) createdGroup = folder.group
  }

  const recipients = resolveRecipients(sender.phone, direct, groups, deactivated)
  // A folder of deactivated people only (a folder of the sender alone stays as it always was).
  if (recipients.length === 0 && resolveRecipients(sender.phone, direct, groups).length > 0)
    throw new DomainError('validation_failed', messages.organisation.recipientsDeactivated)
  const now = deps.clock()
  const post: PostDoc = {
    _id: input.idPostEmet,
    idPostEmet: input.idPostEmet,
    emetr_phone: sender.phone,
    emetr_name: sender.name,
    text: input.text,
    typePoste: input.typePoste,
    destinataires: recipients,
    groups: groups.map((g) => ({ idGroup: g.idGroup, name: g.nomGroup })),
    participants: [sender.phone, ...recipients.map((r) => r.phone)],
    totalcmt: 0,
    dateCreation: now,
    dateLastEvent: now,
    ...(input.app_id ? { app_id: input.app_id } : {}),
    ...(input.hasAttachments ? { filesFollow: true } : {}),
  }
  return { post, ...(createdGroup ? { createdGroup } : {}) }
}

/** storePost then distributePost: the post and one entry per participant, all persisted. */
export const sendPost = async (
  deps: SendPostDeps,
  sender: Actor,
  input: SendPostInput,
): Promise<SentPost> => {
  const stored = await storePost(deps, sender, input)
  return { ...stored, entries: await distributePost(deps, stored) }
}
