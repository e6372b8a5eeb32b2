// A database outage (docs/operations.md, "Database outages"): a socket event gets the
// `unavailable` error acknowledgement within seconds instead of hanging, and the next one after
// the database returns is served. On a database server of this file's own, since it pauses it.
import { messages } from '@palabre/contracts'
import { connectDatabase, createDomain, syncIndexes } from '@palabre/domain'
import type { Domain } from '@palabre/domain'
import type { RunningDatabase } from '@palabre/testing'
import { startTestDatabase } from '@palabre/testing'
// Brings the harness's `inject('mongoEngine')` typing into this program (type-only, erased).
import type {} from '@palabre/testing/vitest-global-setup'
import type { Connection } from 'mongoose'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { acquaint, connectAs, emitAck, makeUser, startNode } from '../test/harness.js'
import type { RealtimeNode, TestUser } from '../test/harness.js'

const DB_TIMEOUT_MS = 1_500
let database: RunningDatabase
let connection: Connection
let domain: Domain
let node: RealtimeNode
let ann: TestUser
let bob: TestUser
let socket: Socket

beforeAll(async () => {
  database = await startTestDatabase()
  connection = await connectDatabase({
    uri: database.uri,
    dbName: 'outage',
    timeoutMs: DB_TIMEOUT_MS,
  })
  domain = createDomain(connection, { passwordHashCost: 4 })
  await syncIndexes(domain)
  node = await startNode(domain)
  ann = await makeUser(domain, '33690000001', 'Ann')
  bob = await makeUser(domain, '33690000002', 'Bob')
  await acquaint(domain, [ann, bob])
  socket = await connectAs(node.url, ann)
})
afterAll(async () => {
  socket?.close()
  await node?.close()
  await connection?.close()
  await database?.stop()
})

let n = 0
const post = () =>
  emitAck(socket, 'message', {
    idPostEmet: `outage-${n++}`,
    emetr_phone: ann.phone,
    text: 'still there?',
    destinataires: [{ phone: bob.phone, name: 'Bob' }],
  })

// MONGO_URL's server is someone else's: it is not ours to pause.
describe.skipIf(inject('mongoEngine') === 'mongodb-external')('a database outage', () => {
  it('gets socket events an unavailable ack within seconds, and recovers by itself', async () => {
    expect(await post()).toBe(1)
    process.kill(database.serverPid!, 'SIGSTOP')
    const start = performance.now()
    const answer = await post()
    const elapsed = performance.now() - start
    process.kill(database.serverPid!, 'SIGCONT')
    expect(answer).toEqual({
      error: { code: 'unavailable', message: messages.api.unavailable },
    })
    // The session check and the post's writes each wait DB_TIMEOUT_MS at most (a read is
    // retried once): a generous ceiling, never tuned to an idle machine.
    expect(elapsed).toBeLessThan(3 * 2 * DB_TIMEOUT_MS)
    const deadline = Date.now() + 30_000
    let again = await post()
    while (again !== 1 && Date.now() < deadline) again = await post()
    expect(again).toBe(1)
  })
})
