import type { Connection } from 'mongoose'
import { userModel } from './user-model.js'

/**
 * Who is deactivated (docs/organisation.md, "Deactivation"): read whenever recipients are
 * resolved and lists are shown. Never cached: once a deactivation has answered, every node
 * must leave that person out. The sparse index on `deactivatedAt` holds only them, so one read
 * costs the same whatever the size of a folder or a page.
 */
export interface DeactivatedPeople {
  /** Every deactivated phone. */
  all(): Promise<Set<string>>
  has(phone: string): Promise<boolean>
}

export const createDeactivatedPeople = (connection: Connection): DeactivatedPeople => {
  const User = userModel(connection)
  return {
    async all() {
      const users = await User.find({ deactivatedAt: { $exists: true } })
        .select({ phone: 1, _id: 0 })
        .lean()
      return new Set(users.map((user) => user.phone))
    },
    async has(phone) {
      return (await User.exists({ phone, deactivatedAt: { $exists: true } })) !== null
    },
  }
}

/** The `deactivated: true` mark of lists (absent for the active, so old clients see nothing new). */
export const deactivatedMark = (
  deactivated: ReadonlySet<string>,
  phone: string,
): { deactivated?: true } => (deactivated.has(phone) ? { deactivated: true } : {})
