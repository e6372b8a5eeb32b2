import { useTestDatabase } from '@palabre/testing'
import type { Connection } from 'mongoose'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { contactId, contactModel } from '../contacts/contact-model.js'
import { connectDatabase, TEST_DATABASE_TIMEOUT_MS } from '../database.js'
import { createDomain, syncIndexes } from '../domain.js'
import type { SendPostInput } from '../posts/send-post.js'
import { forgetKnownCounters } from '../posts/wall-counts.js'
import type { Domain, DomainOptions } from '../domain.js'

export interface DomainScene {
  readonly domain: Domain
  readonly connection: Connection
  /**
   * Further domains on the same database, each over a connection of its own, as several api
   * or realtime nodes would be: race tests spread their parallel calls over these.
   */
  readonly nodes: readonly Domain[]
}

export interface DomainSceneOptions extends Pick<
  DomainOptions,
  'clock' | 'maxRecipients' | 'maxAnnouncementRecipients' | 'adminPhones' | 'signupDefaults'
> {
  /** How many extra nodes (connections) to open beside the main one; none unless asked. */
  nodes?: number
  /**
   * People who are each other's contacts at the start of every test, as posts and folders need
   * (docs/security.md, "Recipients").
   */
  acquainted?: readonly Person[]
}

export interface Person {
  phone: string
  name: string
}

/** Saves people as contacts of `owner` in one write, as a test fixture (no checks, no renames). */
export const saveContacts = async (
  connection: Connection,
  owner: string,
  people: readonly Person[],
): Promise<void> => {
  const contacts = people
    .filter((p) => p.phone !== owner)
    .map((p) => ({
      _id: contactId(owner, p.phone),
      owner,
      phone: p.phone,
      name: p.name,
      createdAt: new Date(0),
    }))
  if (contacts.length > 0) await contactModel(connection).insertMany(contacts, { lean: true })
}

let postNumber = 0
/** A post's input with an id of its own: 'hello' to no one in no folder, but for `overrides`. */
export const postInput = (overrides: Partial<SendPostInput> = {}): SendPostInput => ({
  idPostEmet: `p${postNumber++}`,
  text: 'hello',
  typePoste: '0',
  destinataires: [],
  groups: [],
  ...overrides,
})

/** A clock that moves one second per reading: every event gets its own date, in order. */
export const steppingClock = (start = Date.UTC(2025, 0, 1)): (() => Date) => {
  let tick = 0
  return () => new Date(start + 1000 * tick++)
}

/**
 * The domain on a test file's own database, with its indexes; every test starts from empty
 * collections but for the contacts of `acquainted`. A low bcrypt cost, since accounts are made
 * by the dozen and cost is not tested.
 */
export const useDomainScene = ({
  nodes = 0,
  acquainted = [],
  ...options
}: DomainSceneOptions = {}): DomainScene => {
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
    for (const node of [ready(domain), ...others]) forgetKnownCounters(node.connection)
    for (const person of acquainted) await saveContacts(ready(connection), person.phone, acquainted)
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
