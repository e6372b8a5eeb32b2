import type { PostType } from '@palabre/contracts'
import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

/** A recipient as the post stores it; `idGroupe` lists the folders that made them one. */
export interface PostRecipient {
  phone: string
  name: string
  idGroupe: string[]
}

export interface PostGroupRef {
  idGroup: string
  name: string
}

/** A post, stored once; each participant's state lives in its inbox entry. */
export interface PostDoc {
  /**
   * The sender's client id idPostEmet, as the key: a re-emitted post is stored once, and every
   * lookup by id is a primary-key read (the only index FerretDB 1.x uses).
   */
  _id: string
  idPostEmet: string
  emetr_phone: string
  emetr_name: string
  text: string
  typePoste: PostType
  destinataires: PostRecipient[]
  groups: PostGroupRef[]
  /** Sender and recipients: who may read the post, its comments and its files. */
  participants: string[]
  totalcmt: number
  dateCreation: Date
  dateLastEvent: Date
  app_id?: string
  /** An announcement's number of recipients (docs/announcements.md): it keeps no list of them. */
  recipientCount?: number
  /** How many of them confirmed it. */
  confirmedCount?: number
  /**
   * The post said its files follow and nobody but its author has commented yet: the author's
   * attachment comments are still its own (docs/behaviour.md, "A post's files").
   */
  filesFollow?: boolean
}

const recipientSchema = new Schema<PostRecipient>(
  { phone: String, name: String, idGroupe: [String] },
  { _id: false },
)
const groupRefSchema = new Schema<PostGroupRef>({ idGroup: String, name: String }, { _id: false })

const postSchema = new Schema<PostDoc>(
  {
    _id: { type: String, required: true },
    idPostEmet: { type: String, required: true },
    emetr_phone: { type: String, required: true },
    emetr_name: { type: String, default: '' },
    text: { type: String, default: '' },
    typePoste: { type: String, required: true },
    destinataires: { type: [recipientSchema], default: [] },
    groups: { type: [groupRefSchema], default: [] },
    participants: { type: [String], required: true },
    totalcmt: { type: Number, default: 0 },
    dateCreation: { type: Date, required: true },
    dateLastEvent: { type: Date, required: true },
    app_id: { type: String },
    recipientCount: { type: Number },
    confirmedCount: { type: Number },
    filesFollow: { type: Boolean },
  },
  { versionKey: false },
)
// Search narrows by participant before matching text.
postSchema.index({ participants: 1, dateLastEvent: -1 })

export const postModel = (connection: Connection): Model<PostDoc> =>
  connection.models['Post'] ?? connection.model<PostDoc>('Post', postSchema)

/** Reads posts by id: point reads by key, which both engines serve from the primary index. */
export const postsById = async (
  Post: Model<PostDoc>,
  ids: readonly string[],
): Promise<PostDoc[]> => {
  const found = await Promise.all(
    [...new Set(ids)].map((_id) => Post.findOne({ _id }).lean<PostDoc>()),
  )
  return found.filter((post): post is PostDoc => post !== null)
}
