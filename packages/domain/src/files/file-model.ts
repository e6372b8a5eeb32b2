import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'
import type { UploadKind } from '@palabre/contracts'

/**
 * One stored upload, keyed by its generated stored name (docs/files.md, "Who reads a file").
 * The record is what makes its uploader a reader before any conversation holds it.
 */
export interface FileDoc {
  _id: string
  uploader: string
  kind: UploadKind
  /** The type sniffed from the content, which the extension had to agree with. */
  mime: string
  size: number
  /**
   * Seconds of play, read from the file at upload (docs/files.md, "Durations"); absent for
   * files that have none or whose duration could not be read.
   */
  durationSeconds?: number
  createdAt: Date
}

const fileSchema = new Schema<FileDoc>(
  {
    _id: { type: String, required: true },
    uploader: { type: String, required: true },
    kind: { type: String, required: true },
    mime: { type: String, required: true },
    size: { type: Number, required: true },
    durationSeconds: { type: Number },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
)

// A person's own uploads, by name (their export, docs/export.md).
fileSchema.index({ uploader: 1, _id: 1 })

export const fileModel = (connection: Connection): Model<FileDoc> =>
  connection.models['File'] ?? connection.model<FileDoc>('File', fileSchema, 'files')
