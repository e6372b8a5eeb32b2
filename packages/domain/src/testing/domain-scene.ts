import { useTestDatabase } from '@palabre/testing'
import type { Connection } from 'mongoose'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { connectDatabase, TEST_DATABASE_TIMEOUT_MS } from '../database.js'
import { createDomain, syncIndexes } from '../domain.js'
import type { Domain } from '../domain.js'

export interface DomainScene {
  readonly domain: Domain
  readonly connection: Connection
  /**
   * Further domains on the same database, each over a connection of its own, as several api
   * or realtime nodes would be: race tests spread their parallel calls over these.
   */
  readonly nodes: readonly Domain[]
}

export interface DomainSceneOptions {
  clock?: () => Date
  /** How many extra nodes (connections) to open beside the main one; none unless asked. */
  nodes?: number
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
export const useDomainScene = ({ nodes = 0, ...options }: DomainSceneOptions = {}): DomainScene => {
  const db = useTestDatabase()
  let connection: Connection | undefined
  let domain: Domain | undefined
  const others: Domain[] = []
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the domain scene is used before its setup ran')
    return value
  }

  beforeAll(async () => {
    connection = await connectDatabase({ uri: db.uri, timeoutMs: TEST_DATABASE_TIMEOUT_MS })
    domain = createDomain(connection, { passwordHashCost: 4, ...options })
    await syncIndexes(domain)
    for (let i = 0; i < nodes; i++) {
      const node = await connectDatabase({ uri: db.uri, timeoutMs: TEST_DATABASE_TIMEOUT_MS })
      others.push(createDomain(node, { passwordHashCost: 4, ...options }))
    }
  })
  afterAll(async () => {
    await Promise.all(others.map((node) => node.connection.close()))
    await connection?.close()
  })
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
    get nodes() {
      ready(domain)
      return others
    },
  }
}

/** `count` calls started at once; call `i` goes through node `i` modulo their number. */
export const together = <T>(
  nodes: readonly Domain[],
  count: number,
  work: (node: Domain, i: number) => Promise<T>,
): Promise<T[]> => {
  if (nodes.length === 0) throw new Error('together() needs the scene to open some nodes')
  return Promise.all(Array.from({ length: count }, (_, i) => work(nodes[i % nodes.length]!, i)))
}
