import type { Connection, Model, mongo } from 'mongoose'
import { commentModel } from '../comments/comment-model.js'
import { receiptModel } from '../comments/receipt-model.js'
import { contactModel } from '../contacts/contact-model.js'
import { fileModel } from '../files/file-model.js'
import type { FileDoc } from '../files/file-model.js'
import { fileViewModel } from '../files/view-model.js'
import { groupModel } from '../groups/group-model.js'
import { auditModel } from '../organisation/audit-model.js'
import { invitationModel } from '../organisation/invitation-model.js'
import { settingsModel } from '../organisation/settings-model.js'
import { pollModel, pollResponseModel } from '../polls/poll-model.js'
import { inboxEntryModel } from '../posts/inbox-model.js'
import { postModel } from '../posts/post-model.js'
import { userModel } from '../users/user-model.js'
import type { UserDoc } from '../users/user-model.js'
import { walk } from './walk.js'

/** One JSON lines file of the organisation's export: a collection's rows. */
export interface ExportedCollection {
  /** The file's name in the archive, e.g. `posts.jsonl`. */
  file: string
  /** The model whose collection it holds (its mongoose name). */
  model: string
  /** Every row, in key order, ready for JSON (dates stay dates). */
  rows(): AsyncGenerator<Record<string, unknown>>
}

/**
 * The models never exported, whatever the export (docs/export.md, "What is never in it"):
 * sessions, one-time codes, spent OTP proofs, rate-limit slots, change sequences and presence.
 * Every other model is in `organisationCollections`; a test holds that each model of the domain
 * is in one list or the other, so a new collection is never left out, nor let out, unseen.
 */
export const neverExportedModels = [
  'Session',
  'OtpCode',
  'SpentProof',
  'RateSlot',
  'ChangeSequence',
  'SocketPresence',
  'RealtimeNode',
  // Derived from the inbox entries, which are exported: a recount makes them again.
  'WallCount',
  // Which start-up repairs ran: the servers' bookkeeping, nothing anyone wrote.
  'Repair',
] as const

/** A user's row: these fields and no other; never the password hash (docs/export.md). */
const userRow = (user: UserDoc): Record<string, unknown> => ({
  phone: user.phone,
  indicatif: user.indicatif,
  nomPrenom: user.nomPrenom,
  mail: user.mail,
  role: user.role ?? 'member',
  createdAt: user.createdAt,
  lastSeenAt: user.lastSeenAt ?? null,
  deactivatedAt: user.deactivatedAt ?? null,
})

/** A stored document as it is, without mongoose's version key. */
const asStored = (doc: mongo.Document): Record<string, unknown> => {
  const { __v: _version, ...rest } = doc
  return rest
}

export interface OrganisationExportReader {
  /** The collections in the archive's order. */
  collections: readonly ExportedCollection[]
  /** Every stored file's record, by name. */
  files(): AsyncGenerator<FileDoc>
}

export const createOrganisationExportReader = (
  connection: Connection,
): OrganisationExportReader => {
  const table = (
    file: string,
    model: Pick<Model<unknown>, 'collection' | 'modelName'>,
    row: (doc: never) => Record<string, unknown> = asStored,
  ): ExportedCollection => ({
    file,
    model: model.modelName,
    async *rows() {
      for await (const doc of walk(model, {}, [['_id', 1]], { batchSize: 500 }))
        yield row(doc as never)
    },
  })
  const User = userModel(connection)
  return {
    collections: [
      {
        file: 'users.jsonl',
        model: User.modelName,
        // Read field by field: the hash never leaves the database.
        async *rows() {
          const fields = {
            phone: 1,
            indicatif: 1,
            nomPrenom: 1,
            mail: 1,
            role: 1,
            createdAt: 1,
            lastSeenAt: 1,
            deactivatedAt: 1,
          } as const
          for await (const user of walk<UserDoc>(User, {}, [['_id', 1]], {
            batchSize: 500,
            projection: fields,
          }))
            yield userRow(user)
        },
      },
      table('contacts.jsonl', contactModel(connection)),
      table('groups.jsonl', groupModel(connection)),
      table('posts.jsonl', postModel(connection)),
      table('inbox_entries.jsonl', inboxEntryModel(connection)),
      table('comments.jsonl', commentModel(connection)),
      table('receipts.jsonl', receiptModel(connection)),
      table('polls.jsonl', pollModel(connection)),
      table('poll_responses.jsonl', pollResponseModel(connection)),
      table('files.jsonl', fileModel(connection)),
      table('file_views.jsonl', fileViewModel(connection)),
      table('invitations.jsonl', invitationModel(connection)),
      table('settings.jsonl', settingsModel(connection)),
      table('audit.jsonl', auditModel(connection)),
    ],
    files: () => walk<FileDoc>(fileModel(connection), {}, [['_id', 1]], { batchSize: 500 }),
  }
}
