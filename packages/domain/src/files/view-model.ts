import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

/** A played range of a file, in seconds: [start, end), start < end. */
export type PlayedRange = [number, number]

/**
 * One viewer's proof of viewing of one file (docs/files.md, "Proof of viewing"), keyed by the
 * pair, so racing first reports make one document. `rev` guards every update: a report reads
 * the document, computes the new state and writes it only if no other report wrote in between.
 */
export interface FileViewDoc {
  /** `viewKey(file, viewer)`. */
  _id: string
  file: string
  viewer: string
  /** The union of every range the viewer reported, clipped to the duration, sorted, disjoint. */
  ranges: PlayedRange[]
  /** The server's time of the viewer's first report: the cap counts from it. */
  firstReportAt: Date
  /** Seconds credited so far; never goes down. */
  creditedSeconds: number
  /** When the credited share first reached 90 %; never cleared. */
  completedAt: Date | null
  updatedAt: Date
  rev: number
}

/** The key of a (file, viewer) pair; a stored name holds no '|' and a phone is digits. */
export const viewKey = (file: string, viewer: string): string => `${file}|${viewer}`

const fileViewSchema = new Schema<FileViewDoc>(
  {
    _id: { type: String, required: true },
    file: { type: String, required: true },
    viewer: { type: String, required: true },
    ranges: { type: [[Number]], default: [] },
    firstReportAt: { type: Date, required: true },
    creditedSeconds: { type: Number, required: true },
    completedAt: { type: Date, default: null },
    updatedAt: { type: Date, required: true },
    rev: { type: Number, required: true },
  },
  { versionKey: false },
)
// The table of one file's viewers; the pair is unique through the key itself.
fileViewSchema.index({ file: 1, viewer: 1 }, { unique: true })

export const fileViewModel = (connection: Connection): Model<FileViewDoc> =>
  connection.models['FileView'] ??
  connection.model<FileViewDoc>('FileView', fileViewSchema, 'fileviews')
