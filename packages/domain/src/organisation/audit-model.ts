import { auditActionSchema } from '@palabre/contracts'
import type { AuditAction } from '@palabre/contracts'
import { Schema } from 'mongoose'
import type { Connection, Model, Types } from 'mongoose'

export type { AuditAction }

/**
 * One administrator's action (docs/organisation.md, "Audit trail"). Entries are only ever
 * inserted: the audit service has no call that updates or deletes one.
 */
export interface AuditDoc {
  _id: Types.ObjectId
  at: Date
  action: AuditAction
  /** The administrator's phone. */
  actor: string
  /** The phone acted on; none for a settings change. */
  target?: string
  details: Record<string, unknown>
}

const auditSchema = new Schema<AuditDoc>(
  {
    at: { type: Date, required: true },
    action: {
      type: String,
      enum: auditActionSchema.options,
      required: true,
    },
    actor: { type: String, required: true },
    target: { type: String },
    details: { type: Schema.Types.Mixed, default: {} },
  },
  { collection: 'audit', minimize: false },
)
// Newest first, whole or for one person (as actor or as target).
auditSchema.index({ at: -1, _id: -1 })
auditSchema.index({ actor: 1, at: -1, _id: -1 })
auditSchema.index({ target: 1, at: -1, _id: -1 })

export const auditModel = (connection: Connection): Model<AuditDoc> =>
  connection.models['AuditEntry'] ?? connection.model<AuditDoc>('AuditEntry', auditSchema)
