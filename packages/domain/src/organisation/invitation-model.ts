import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

/**
 * A pending invitation, one per phone (docs/organisation.md, "Invitations"): revoking it or the
 * sign-up it allowed removes it; the audit trail keeps its history.
 */
export interface InvitationDoc {
  /** The invited phone's key. */
  phone: string
  name?: string
  invitedAt: Date
  /** The administrator who invited it (last). */
  invitedBy: string
  /** Only for a partner: the kind the sign-up copies (docs/organisation.md, "Profiles"). */
  kind?: 'partner'
  /** What the sign-up copies onto the account when given (docs/organisation.md, "Profiles"). */
  title?: string
  team?: string
  site?: string
}

const invitationSchema = new Schema<InvitationDoc>({
  phone: { type: String, required: true, unique: true },
  name: { type: String },
  invitedAt: { type: Date, required: true },
  invitedBy: { type: String, required: true },
  kind: { type: String, enum: ['partner'] },
  title: { type: String },
  team: { type: String },
  site: { type: String },
})
// The list, newest first.
invitationSchema.index({ invitedAt: -1, phone: 1 })

export const invitationModel = (connection: Connection): Model<InvitationDoc> =>
  connection.models['Invitation'] ?? connection.model<InvitationDoc>('Invitation', invitationSchema)
