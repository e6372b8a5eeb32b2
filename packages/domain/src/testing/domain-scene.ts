import { useTestDatabase } from '@palabre/testing'
import type { Connection } from 'mongoose'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { connectDatabase } from '../database.js'
import { createDomain, syncIndexes } from '../domain.js'
import type { Domain } from '../domain.js'

export interface DomainScene {
  readonly domain: Domain
  readonly connection: Connection
}

/** A clock that moves one second per reading: every event gets its own date, in order. */
export const steppingClock = (start = Date.UTC(2025, 0, 1)): (() => Date) => {
  let tick = 0
  return () => new Date(start + 1000 * tick++)
}

/**
 * The domain on a test file's own database, with its indexes; every test starts from empty
 * collections. A low bcrypt cost, since accounts are made by the dozen and cost is not tested.
 */
export const useDomainScene = (options: { clock?: () => Date } = {}): DomainScene => {
  const db = useTestDatabase()
  let connection: Connection | undefined
  let domain: Domain | undefined
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the domain scene is used before its setup ran')
    return value
  }

  beforeAll(async () => {
    connection = await connectDatabase({ uri: db.uri })
    domain = createDomain(connection, { passwordHashCost: 4, ...options })
    await syncIndexes(domain)
  })
  afterAll(() => connection?.close())
  beforeEach(async () => {
    await Promise.all(Object.values(ready(connection).models).map((m) => m.deleteMany({})))
  })

  return {
    get domain() {
      return ready(domain)
    },
    get connection() {
      return ready(connection)
    },
  }
}
