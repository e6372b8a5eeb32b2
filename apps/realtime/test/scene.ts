import { useTestDatabase } from '@palabre/testing'
import type { Domain } from '@palabre/domain'
import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { acquaint, connectAs, makeUser, openDomain, startNode } from './harness.js'
import type { RealtimeNode, TestDomain, TestUser } from './harness.js'

/**
 * Collections that outlive each test: the cast's accounts, sessions and contacts (they are each
 * other's), and node presence.
 */
const KEPT_MODELS = new Set(['User', 'Session', 'Contact', 'RealtimeNode', 'SocketPresence'])

const CAST = [
  ['ann', '33600000001', 'Ann A'],
  ['bob', '33600000002', 'Bob B'],
  ['cat', '33600000003', 'Cat C'],
  ['dan', '33600000004', 'Dan D'],
] as const

type CastName = (typeof CAST)[number][0]

export interface RealtimeScene {
  /**
   * Four registered users with sessions, each other's contacts; their tokens are set once the
   * file's setup has run.
   */
  users: Record<CastName, TestUser>
  readonly domain: Domain
  readonly connection: TestDomain['connection']
  readonly node: RealtimeNode
  /** A signed-in socket of `user`, closed after the test. */
  connect(user: TestUser): Promise<Socket>
}

/**
 * One realtime node on its own database for a test file, with the users Ann, Bob, Cat and Dan,
 * each other's contacts. Every test starts with no posts, comments or folders, and its sockets
 * are closed after it.
 */
export const useRealtimeScene = (): RealtimeScene => {
  const db = useTestDatabase()
  let t: TestDomain | undefined
  let node: RealtimeNode | undefined
  const sockets: Socket[] = []
  const users = Object.fromEntries(
    CAST.map(([key, phone, name]) => [key, { phone, name, token: '' }]),
  ) as Record<CastName, TestUser>
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the realtime scene is used before its setup ran')
    return value
  }

  beforeAll(async () => {
    t = await openDomain(db.uri)
    node = await startNode(t.domain)
    for (const [key, phone, name] of CAST)
      users[key].token = (await makeUser(t.domain, phone, name)).token
    await acquaint(t.domain, Object.values(users))
  })
  afterAll(async () => {
    await node?.close()
    await t?.close()
  })
  beforeEach(async () => {
    await Promise.all(
      Object.values(ready(t).connection.models)
        .filter((model) => !KEPT_MODELS.has(model.modelName))
        .map((model) => model.deleteMany({})),
    )
  })
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close()
  })

  return {
    users,
    get domain() {
      return ready(t).domain
    },
    get connection() {
      return ready(t).connection
    },
    get node() {
      return ready(node)
    },
    async connect(user) {
      const socket = await connectAs(ready(node).url, user)
      sockets.push(socket)
      return socket
    },
  }
}
