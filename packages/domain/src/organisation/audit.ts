import type { AuditEntry } from '@palabre/contracts'
import { adminPageSize } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import { userModel } from '../users/user-model.js'
import { auditModel } from './audit-model.js'
import type { AuditAction } from './audit-model.js'

/** What an administrator did, as the services record it. */
export interface AuditRecord {
  action: AuditAction
  actor: string
  target?: string
  details?: Record<string, unknown>
}

export interface AuditPage {
  total: number
  items: AuditEntry[]
}

/**
 * The audit trail (docs/organisation.md, "Audit trail"): entries are appended and read, never
 * updated or deleted. There is deliberately no call here that could.
 */
export interface AuditTrail {
  append(records: readonly AuditRecord[]): Promise<void>
  /** Newest first, `adminPageSize` from offset `n`; `phone` keeps its entries as actor or target. */
  list(query: { n: number; phone?: string | undefined }): Promise<AuditPage>
}

export const createAuditTrail = (connection: Connection, clock: () => Date): AuditTrail => {
  const Audit = auditModel(connection)
  const User = userModel(connection)
  return {
    async append(records) {
      if (records.length === 0) return
      const at = clock()
      await Audit.insertMany(
        records.map((record) => ({
          at,
          action: record.action,
          actor: record.actor,
          ...(record.target === undefined ? {} : { target: record.target }),
          details: record.details ?? {},
        })),
      )
    },

    async list({ n, phone }) {
      const filter = phone === undefined ? {} : { $or: [{ actor: phone }, { target: phone }] }
      const [total, entries] = await Promise.all([
        Audit.countDocuments(filter),
        Audit.find(filter).sort({ at: -1, _id: -1 }).skip(n).limit(adminPageSize).lean(),
      ])
      const phones = new Set(entries.flatMap((e) => (e.target ? [e.actor, e.target] : [e.actor])))
      const people = await User.find({ phone: { $in: [...phones] } })
        .select({ phone: 1, nomPrenom: 1, _id: 0 })
        .lean()
      const names = new Map(people.map((person) => [person.phone, person.nomPrenom]))
      const items = entries.map((entry): AuditEntry => {
        const actorName = names.get(entry.actor)
        const targetName = entry.target === undefined ? undefined : names.get(entry.target)
        return {
          id: entry._id.toHexString(),
          at: entry.at.toISOString(),
          action: entry.action,
          actor: entry.actor,
          ...(actorName === undefined ? {} : { actorName }),
          ...(entry.target === undefined ? {} : { target: entry.target }),
          ...(targetName === undefined ? {} : { targetName }),
          details: entry.details,
        }
      })
      return { total, items }
    },
  }
}
