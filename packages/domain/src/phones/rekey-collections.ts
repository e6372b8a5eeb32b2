import type { Connection } from 'mongoose'
import { receiptId, receiptModel } from '../comments/receipt-model.js'
import { commentModel } from '../comments/comment-model.js'
import { contactId, contactModel } from '../contacts/contact-model.js'
import { isDuplicateKey } from '../database.js'
import { fileModel } from '../files/file-model.js'
import { groupModel } from '../groups/group-model.js'
import type { GroupMember } from '../groups/group-model.js'
import { pollModel, pollResponseModel, responseId } from '../polls/poll-model.js'
import { entryId, inboxEntryModel } from '../posts/inbox-model.js'
import type { InboxEntryDoc } from '../posts/inbox-model.js'
import { postModel } from '../posts/post-model.js'
import type { PostRecipient } from '../posts/post-model.js'
import { recountWall } from '../posts/wall-counts.js'
import { sessionModel } from '../sessions/session-model.js'
import { userModel } from '../users/user-model.js'

/**
 * The steps of the re-keying (docs/phones.md, "Re-keying at start"), one per collection. Each is
 * safe to repeat: a document is found by a wrong key it still holds, and a document whose key
 * embeds the phone (`_id`) is written under its new key before the old one is removed, merged
 * into the one already there when the person had both (no transactions, docs/data-model.md).
 */
export interface Rekeying {
  /** Wrong key -> right key. */
  readonly keys: ReadonlyMap<string, string>
  /** The right key of any phone (itself when it was not wrong). */
  readonly key: (phone: string) => string
  readonly from: string[]
  /**
   * Wrong keys whose right key has an account of its own as well: that stale account, and its
   * sessions, stay as they were (it can no longer be signed into, every typed phone being
   * canonicalised); what it held elsewhere moves to the right account.
   */
  readonly staleAccounts: ReadonlySet<string>
}

export const rekeying = async (
  connection: Connection,
  keys: ReadonlyMap<string, string>,
): Promise<Rekeying> => {
  const User = userModel(connection)
  const stale = new Set<string>()
  for (const [from, to] of keys)
    if ((await User.exists({ phone: from })) && (await User.exists({ phone: to }))) stale.add(from)
  return {
    keys,
    key: (phone) => keys.get(phone) ?? phone,
    from: [...keys.keys()],
    staleAccounts: stale,
  }
}

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)]

const ignoreDuplicate = (error: unknown): void => {
  if (!isDuplicateKey(error)) throw error
}

/** Users whose key was wrong, but for the stale accounts. */
export const rekeyUsers = async (connection: Connection, { keys, staleAccounts }: Rekeying) => {
  const User = userModel(connection)
  for (const [from, to] of keys) {
    if (staleAccounts.has(from)) continue
    await User.updateOne({ phone: from }, { $set: { phone: to } }).catch(ignoreDuplicate)
  }
}

/** Contacts, by owner and by phone; one saved in both forms becomes the one under the right key. */
export const rekeyContacts = async (connection: Connection, { key, from }: Rekeying) => {
  const Contact = contactModel(connection)
  const docs = await Contact.find({
    $or: [{ owner: { $in: from } }, { phone: { $in: from } }],
  }).lean()
  for (const doc of docs) {
    const owner = key(doc.owner)
    const phone = key(doc.phone)
    const _id = contactId(owner, phone)
    if (_id === doc._id) continue
    await Contact.create({ ...doc, _id, owner, phone }).catch(ignoreDuplicate)
    await Contact.deleteOne({ _id: doc._id })
  }
}

const uniqueBy = <T>(values: readonly T[], by: (value: T) => string): T[] => {
  const seen = new Map<string, T>()
  for (const value of values) if (!seen.has(by(value))) seen.set(by(value), value)
  return [...seen.values()]
}

/** Folders: members, admins, creator. Written under the folder's version, as membership changes are. */
export const rekeyGroups = async (connection: Connection, { key, from }: Rekeying) => {
  const Group = groupModel(connection)
  const filter = {
    $or: [
      { members: { $in: from } },
      { admin: { $in: from } },
      { createdBy: { $in: from } },
      { 'participants.phone': { $in: from } },
    ],
  }
  // A folder changed meanwhile is read again; one still changing after that waits for the next start.
  for (let pass = 0; pass < 5; pass++) {
    const groups = await Group.find(filter).lean()
    if (groups.length === 0) return
    for (const group of groups) {
      const participants = uniqueBy(
        group.participants.map((member: GroupMember) => ({ ...member, phone: key(member.phone) })),
        (member) => member.phone,
      )
      await Group.updateOne(
        { _id: group._id, version: group.version },
        {
          $set: {
            members: unique(group.members.map(key)),
            admin: unique(group.admin.map(key)),
            createdBy: key(group.createdBy),
            participants,
          },
          $inc: { version: 1 },
        },
      )
    }
  }
}

/** One recipient per phone; a person named twice keeps the folders of both. */
const mergeRecipients = (recipients: readonly PostRecipient[], key: Rekeying['key']) => {
  const byPhone = new Map<string, PostRecipient>()
  for (const recipient of recipients) {
    const phone = key(recipient.phone)
    const seen = byPhone.get(phone)
    if (seen) seen.idGroupe = unique([...seen.idGroupe, ...recipient.idGroupe])
    else byPhone.set(phone, { ...recipient, phone, idGroupe: [...recipient.idGroupe] })
  }
  return [...byPhone.values()]
}

/**
 * Posts' sender, recipients and participants (who may read the post, its thread and files), and
 * comments' authors.
 */
export const rekeyPosts = async (connection: Connection, { key, from }: Rekeying) => {
  const Post = postModel(connection)
  const posts = await Post.find({
    $or: [
      { participants: { $in: from } },
      { emetr_phone: { $in: from } },
      { 'destinataires.phone': { $in: from } },
    ],
  }).lean()
  for (const post of posts) {
    await Post.updateOne(
      { _id: post._id },
      {
        $set: {
          participants: unique(post.participants.map(key)),
          emetr_phone: key(post.emetr_phone),
          destinataires: mergeRecipients(post.destinataires, key),
        },
      },
    )
  }
  const Comment = commentModel(connection)
  for (const [was, is] of keysOf(from, key))
    await Comment.updateMany({ emetr_phone: was }, { $set: { emetr_phone: is } })
}

const keysOf = (from: readonly string[], key: Rekeying['key']) =>
  from.map((was) => [was, key(was)] as const)

/**
 * Inbox entries: the phone and the key that embeds it, and the peers of the contact scope. Two
 * entries of one post for one person become one with the higher marks and counts.
 */
export const rekeyInboxEntries = async (connection: Connection, { key, from }: Rekeying) => {
  const Inbox = inboxEntryModel(connection)
  const merge = (entry: InboxEntryDoc) =>
    Inbox.updateOne(
      { _id: entry._id },
      {
        $max: {
          delivred: entry.delivred,
          delivredtoWeb: entry.delivredtoWeb,
          cmtnonlu: entry.cmtnonlu,
          dateLastEvent: entry.dateLastEvent,
          seq: entry.seq,
          seqAt: entry.seqAt,
        },
        $addToSet: { groupIds: { $each: entry.groupIds }, peers: { $each: entry.peers } },
        ...(entry.role === 'sender' || entry.unread
          ? {
              $set: {
                ...(entry.role === 'sender' ? { role: 'sender' as const } : {}),
                ...(entry.unread ? { unread: true } : {}),
              },
            }
          : {}),
      },
    )
  for (const entry of await Inbox.find({ phone: { $in: from } }).lean()) {
    const phone = key(entry.phone)
    const moved = {
      ...entry,
      _id: entryId(entry.idPostEmet, phone),
      phone,
      peers: unique(entry.peers.map(key)),
    }
    if (await Inbox.exists({ _id: moved._id })) await merge(moved)
    else
      await Inbox.create(moved).catch(async (error: unknown) => {
        ignoreDuplicate(error)
        await merge(moved)
      })
    await Inbox.deleteOne({ _id: entry._id })
  }
  for (const entry of await Inbox.find({ peers: { $in: from } })
    .select({ peers: 1 })
    .lean()) {
    await Inbox.updateOne({ _id: entry._id }, { $set: { peers: unique(entry.peers.map(key)) } })
  }
  // Entries changed hands and contact scopes changed names: the wall counters of everyone
  // concerned are set again from their entries (docs/data-model.md, "Wall counters"), those
  // whose peers a former run re-keyed included.
  const moved = unique([...from, ...from.map(key)])
  const peersOf = await Inbox.distinct('phone', { peers: { $in: moved } })
  await recountWall(connection, unique([...moved, ...peersOf]))
}

/** Comment receipts: the phone and its key; two for one person keep the higher marks. */
export const rekeyReceipts = async (connection: Connection, { key, from }: Rekeying) => {
  const Receipt = receiptModel(connection)
  for (const receipt of await Receipt.find({ phone: { $in: from } }).lean()) {
    const phone = key(receipt.phone)
    const moved = { ...receipt, _id: receiptId(receipt.idCmtEmet, phone), phone }
    const merge = () =>
      Receipt.updateOne(
        { _id: moved._id },
        { $max: { delivred: moved.delivred, delivredtoWeb: moved.delivredtoWeb } },
      )
    if (await Receipt.exists({ _id: moved._id })) await merge()
    else
      await Receipt.create(moved).catch(async (error: unknown) => {
        ignoreDuplicate(error)
        await merge()
      })
    await Receipt.deleteOne({ _id: receipt._id })
  }
}

/**
 * What else names a person: open sessions (so nobody is signed out), quizzes created and
 * answered (an answer already under the right key stands), uploads. (Change sequences come from
 * one counter for everybody: none names a person.)
 */
export const rekeyTheRest = async (
  connection: Connection,
  { key, from, staleAccounts }: Rekeying,
) => {
  const Session = sessionModel(connection)
  const Poll = pollModel(connection)
  const Response = pollResponseModel(connection)
  const File = fileModel(connection)
  for (const [was, is] of keysOf(from, key)) {
    if (!staleAccounts.has(was)) await Session.updateMany({ phone: was }, { $set: { phone: is } })
    await Poll.updateMany({ phoneCreatorPoll: was }, { $set: { phoneCreatorPoll: is } })
    for (const response of await Response.find({ respondentPhone: was }).lean()) {
      const moved = { ...response, _id: responseId(response.pollId, is), respondentPhone: is }
      await Response.create(moved).catch(ignoreDuplicate)
      await Response.deleteOne({ _id: response._id })
    }
    await File.updateMany({ uploader: was }, { $set: { uploader: is } })
  }
}
