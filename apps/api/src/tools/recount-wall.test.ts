// `pnpm counts:recount` (docs/operations.md, "Wall counters"): counters a crash or a hand left
// wrong are set again from the inbox entries, for the users named or for everyone, and so are
// the announcements' counts of confirmations.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import {
  connectDatabase,
  createDomain,
  syncIndexes,
  TEST_DATABASE_TIMEOUT_MS,
} from '@palabre/domain'
import type { Domain } from '@palabre/domain'
import { useTestDatabase } from '@palabre/testing'
import type { Connection } from 'mongoose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { phonesOf } from './recount-wall.js'

const db = useTestDatabase()
let connection: Connection
let domain: Domain
const ann = { phone: '33600000001', name: 'Ann' }
const bob = { phone: '33600000002', name: 'Bob' }
const general = { scope: { kind: 'general' as const } }

const command = fileURLToPath(new URL('./recount-wall.ts', import.meta.url))
/** The command in a process of its own, as pnpm runs it (TypeScript through tsx here). */
const run = (env: Record<string, string>, args: string[] = []) =>
  new Promise<{ code: number; out: string; err: string }>((done) => {
    execFile(
      process.execPath,
      ['--conditions=@palabre/source', '--import', 'tsx', command, ...args],
      { env },
      (error, out, err) => done({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    )
  })

/** Bob's general counter, as a crash between an insert and its count would leave it. */
const breakBobsCount = () =>
  connection.collection('wall_counts').updateOne({ _id: bob.phone as never }, { $set: { n: 0 } })

beforeAll(async () => {
  connection = await connectDatabase({ uri: db.uri, timeoutMs: TEST_DATABASE_TIMEOUT_MS })
  domain = createDomain(connection, { passwordHashCost: 4 })
  await syncIndexes(domain)
  await domain.contacts.save(ann.phone, bob)
  for (const idPostEmet of ['p1', 'p2', 'p3'])
    await domain.posts.send(ann, {
      idPostEmet,
      text: 'hello',
      typePoste: '0',
      destinataires: [bob],
      groups: [],
    })
})
afterAll(() => connection.close())

describe('pnpm counts:recount', () => {
  it('sets the counters of the phones named, says how many, and exits 0', async () => {
    await breakBobsCount()
    expect(await domain.posts.count(bob.phone, general)).toBe(0)
    const { code, out } = await run({ MONGO_URL: db.uri }, ['+33 6 00 00 00 02'])
    expect(out).toContain(`Recounting ${bob.phone}…`)
    expect(out).toContain('2 counters read from the inbox entries, 1 of them set.')
    expect(code).toBe(0)
    expect(await domain.posts.count(bob.phone, general)).toBe(3)
  })

  it('recounts everyone when no phone is named, and a second run sets nothing', async () => {
    await breakBobsCount()
    const first = await run({ MONGO_URL: db.uri })
    expect(first.out).toContain('Recounting every user…')
    expect(first.out).toContain('4 counters read from the inbox entries, 1 of them set.')
    expect(await domain.posts.count(bob.phone, general)).toBe(3)
    const again = await run({ MONGO_URL: db.uri })
    expect(again.out).toContain('4 counters read from the inbox entries, 0 of them set.')
  })

  it('refuses a word that is no phone, and a missing MONGO_URL, changing nothing', async () => {
    expect(() => phonesOf(['33600000002', 'bob'])).toThrow(
      'Not a phone as stored (digits with their dial code): bob',
    )
    await breakBobsCount()
    const wrong = await run({ MONGO_URL: db.uri }, ['bob'])
    expect(wrong.code).toBe(1)
    expect(wrong.err).toContain('Not a phone as stored (digits with their dial code): bob')
    const unset = await run({})
    expect(unset.code).toBe(1)
    expect(unset.err).toContain('MONGO_URL: required')
    expect(await domain.posts.count(bob.phone, general)).toBe(0)
  })

  // Last: the announcement adds entries, and so counters, to the counts the tests above read.
  it("sets an announcement's count from its confirmations, for its author or for everyone", async () => {
    for (const person of [ann, bob])
      await domain.users.register({
        phone: person.phone,
        nomPrenom: person.name,
        indicatif: '33',
        mail: `${person.phone}@example.test`,
        password: 'secret-pass',
      })
    const { post } = await domain.announcements.announce(ann, { text: 'Read me' })
    await domain.announcements.confirm(bob.phone, post.idPostEmet)
    // As a server killed between the confirmation and its count leaves it.
    await connection
      .collection('posts')
      .updateOne({ _id: post.idPostEmet as never }, { $set: { confirmedCount: 0 } })
    const count = async () =>
      (await domain.posts.view(ann.phone, post.idPostEmet))?.data.announcement
    expect(await count()).toEqual({ recipients: 1, confirmed: 0 })

    const { code, out } = await run({ MONGO_URL: db.uri }, [ann.phone])
    expect(out).toContain('1 announcement counts read from the confirmations, 1 of them set.')
    expect(code).toBe(0)
    expect(await count()).toEqual({ recipients: 1, confirmed: 1 })
    const again = await run({ MONGO_URL: db.uri })
    expect(again.out).toContain('1 announcement counts read from the confirmations, 0 of them set.')
  })
})
