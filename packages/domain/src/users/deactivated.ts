import type { Connection } from 'mongoose'
import { userModel } from './user-model.js'

/**
 * Who is deactivated (docs/organisation.md, "Deactivation"): read whenever recipients are
 * resolved and lists are shown. The sparse index on `deactivatedAt` holds only them, so one read
 * costs the same whatever the size of a folder or a page. Read each time, unless `rememberMs`
 * is given: a realtime node, which every deactivation reaches before it answers (and which then
 * calls `forget`), keeps the list that long, sparing a read per post and comment; an activation
 * reaches it at the latest `rememberMs` later.
 */
export interface DeactivatedPeople {
  /** Every deactivated phone (the set is shared: never change it). */
  all(): Promise<Set<string>>
  has(phone: string): Promise<boolean>
  /** Drops the remembered list: the next `all` reads it. */
  forget(): void
}

export const createDeactivatedPeople = (
  connection: Connection,
  { rememberMs = 0 }: { rememberMs?: number } = {},
): DeactivatedPeople => {
  const User = userModel(connection)
  const read = async () => {
    const users = await User.find({ deactivatedAt: { $exists: true } })
      .select({ phone: 1, _id: 0 })
      .lean()
    return new Set(users.map((user) => user.phone))
  }
  let remembered: { until: number; people: Promise<Set<string>> } | undefined
  return {
    all() {
      if (rememberMs <= 0) return read()
      if (remembered && Date.now() < remembered.until) return remembered.people
      const people = read()
      const entry = { until: Date.now() + rememberMs, people }
      remembered = entry
      people.catch(() => {
        if (remembered === entry) remembered = undefined
      })
      return people
    },
    forget() {
      remembered = undefined
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
