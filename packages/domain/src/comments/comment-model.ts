import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

export interface CommentDoc {
  /** The author's client id idCmtEmet as the key: a re-emitted comment is stored once. */
  _id: string
  idCmtEmet: string
  idPostEmet: string
  emetr_phone: string
  emetr_name: string
  cmt: string
  image: string
  fileDocName: string
  /** '3' text, '1' attachment. */
  type: '3' | '1'
  /** Aggregate over the recipients' receipts: '0' sent, '2' all delivered, '4' all seen. */
  tagcmtstatut: '0' | '2' | '4'
  dateCreation: Date
  /** Its effects (counts, entries, receipts) are all written; see distributeComment. */
  distributed: boolean
  app_id?: string
  /** One of its post's own files: counted as no unread comment (docs/behaviour.md, "A post's files"). */
  partOfPost?: boolean
}

const commentSchema = new Schema<CommentDoc>(
  {
    _id: { type: String, required: true },
    idCmtEmet: { type: String, required: true },
    idPostEmet: { type: String, required: true },
    emetr_phone: { type: String, required: true },
    emetr_name: { type: String, default: '' },
    cmt: { type: String, default: '' },
    image: { type: String, default: '' },
    fileDocName: { type: String, default: '' },
    type: { type: String, required: true },
    tagcmtstatut: { type: String, default: '0' },
    dateCreation: { type: Date, required: true },
    distributed: { type: Boolean, default: false },
    app_id: { type: String },
    partOfPost: { type: Boolean },
  },
  { versionKey: false },
)
// A post's thread in order, and its files newest first (the same range walked backwards): the
// key ends with the sort's tie-break, so MongoDB serves the whole sort from the index. FerretDB 2
// still sorts the thread in memory (docs/benchmarks.md, "Query plans").
commentSchema.index({ idPostEmet: 1, dateCreation: 1, _id: 1 })
// Which conversations hold a quiz or a file: the comments carrying its attachment name
// (polls/polls.ts, files/files.ts).
commentSchema.index({ fileDocName: 1 })
// Which conversations hold an image (files/files.ts).
commentSchema.index({ image: 1 })

export const commentModel = (connection: Connection): Model<CommentDoc> =>
  connection.models['Comment'] ?? connection.model<CommentDoc>('Comment', commentSchema)
