import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

/**
 * A start-up repair that ran to its end, by name: later starts read this one document instead
 * of looking for what to repair again (docs/files.md, "Names garbled by earlier uploads";
 * docs/announcements.md, "Confirming").
 */
export interface RepairDoc {
  _id: string
  doneAt: Date
}

const repairSchema = new Schema<RepairDoc>(
  {
    _id: { type: String, required: true },
    doneAt: { type: Date, required: true },
  },
  { versionKey: false },
)

export const repairModel = (connection: Connection): Model<RepairDoc> =>
  connection.models['Repair'] ?? connection.model<RepairDoc>('Repair', repairSchema, 'repairs')
