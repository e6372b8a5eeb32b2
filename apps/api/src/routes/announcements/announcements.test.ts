// Announcements through the api (docs/announcements.md): an administrator announces, every
// active member gets it live and pinned, confirms it once, and the author is told live; the
// report, its CSV and reminders. Live events are heard on socket.io nodes on Redis, as the
// realtime nodes carry the api's notices.
import { serverEvents } from '@palabre/contracts'
import { phoneRoom } from '@palabre/domain'
import { startRedis } from '@palabre/testing'
import type { RunningRedis } from '@palabre/testing'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { roomNodes } from '../../../test/room-node.js'
import type { RoomNodes } from '../../../test/room-node.js'
import { readSpreadsheet } from '../../../test/spreadsheet.js'

const BOSS = '33699980100'

let redis: RunningRedis
const env: Record<string, string> = { ADMIN_PHONES: `+${BOSS}` }
const boot = useApiHarness(env)
let h: ApiHarness
let nodes: RoomNodes
let node: string
let boss: Member, ann: Member, bob: Member, eve: Member

beforeAll(async () => {
  redis = await startRedis()
  env['REDIS_URL'] = redis.url
  h = await boot()
  nodes = roomNodes(redis.url)
  node = await nodes.start()
  boss = await h.member(BOSS, 'Boss')
  ann = await h.member('33699980001', 'Ann')
  bob = await h.member('33699980002', 'Bob')
  // A name a spreadsheet would run as a formula.
  eve = await h.member('33699980003', '=HYPERLINK("x")')
})
afterAll(async () => {
  await h?.close()
  await nodes?.close()
  await redis?.stop()
})

const as = (member: Member) => ({
  get: (path: string) => h.browser().get(path).set('Cookie', member.cookie),
  post: (path: string, body?: object) =>
    h
      .browser()
      .post(path)
      .set('Cookie', member.cookie)
      .send(body ?? {}),
})

const listen = (phone: string) => nodes.join(node, phoneRoom(phone))

/** The next `event` on a socket. */
const next = <T>(socket: Socket, event: string): Promise<T> =>
  new Promise((resolve) => socket.once(event, resolve))

const announce = async (text: string) => {
  const res = await as(boss).post('/api/admin/announcements', { text }).expect(201)
  return res.body as { idPostEmet: string; recipients: number }
}

describe('an announcement', () => {
  it('reaches every member live and pinned; each confirmation reaches its author once', async () => {
    const [annSocket, bossSocket] = [await listen(ann.phone), await listen(boss.phone)]
    const arrived = next<{ data: { idPostEmet: string; typePoste: string; text: string } }>(
      annSocket,
      'announcement',
    )
    const { idPostEmet, recipients } = await announce('The office closes at noon')
    expect(recipients).toBe(3)
    expect((await arrived).data).toMatchObject({
      idPostEmet,
      typePoste: 'announcement',
      text: 'The office closes at noon',
      announcement: { recipients: 3, confirmedAt: null },
    })
    const pinned = await as(ann).get('/api/announcements/pinned').expect(200)
    expect(pinned.body.map((p: { data: { idPostEmet: string } }) => p.data.idPostEmet)).toEqual([
      idPostEmet,
    ])

    const told = next<object>(bossSocket, 'announcementConfirmed')
    const confirmed = await as(ann).post(`/api/announcements/${idPostEmet}/confirm`).expect(200)
    expect(await told).toEqual({
      idPostEmet,
      phone: ann.phone,
      name: 'Ann',
      at: confirmed.body.confirmedAt,
      confirmed: 1,
      total: 3,
    })
    expect((await as(ann).get('/api/announcements/pinned').expect(200)).body).toEqual([])
    // Again: the same time, and the author is not told twice: the next event is Bob's.
    const again = await as(ann).post(`/api/announcements/${idPostEmet}/confirm`).expect(200)
    expect(again.body).toEqual(confirmed.body)
    const nextTold = next<{ phone: string; confirmed: number }>(bossSocket, 'announcementConfirmed')
    await as(bob).post(`/api/announcements/${idPostEmet}/confirm`).expect(200)
    expect(await nextTold).toMatchObject({ phone: bob.phone, confirmed: 2 })

    const report = await as(boss).get(`/api/admin/announcements/${idPostEmet}`).expect(200)
    expect(report.body).toMatchObject({
      total: 3,
      confirmed: [{ phone: ann.phone }, { phone: bob.phone }],
      pending: [{ phone: eve.phone, name: '=HYPERLINK("x")' }],
    })
  })

  it("is read once confirmed: the person's other tabs hear it, the author hears it seen", async () => {
    const [otherTab, bossSocket] = [await listen(bob.phone), await listen(boss.phone)]
    const { idPostEmet } = await announce('Confirmed is read')
    const readElsewhere = next<unknown>(otherTab, 'postSeenElsewhere')
    const seenMark = next<unknown>(bossSocket, 'postVuFromWeb')
    const confirmed = await as(bob).post(`/api/announcements/${idPostEmet}/confirm`).expect(200)
    const heard = serverEvents.postSeenElsewhere.payload.parse(await readElsewhere)
    expect(heard).toEqual({ idPostEmet, channel: 'web', confirmedAt: confirmed.body.confirmedAt })
    expect(serverEvents.postVuFromWeb.payload.parse(await seenMark)).toEqual({
      idPostEmet,
      phone: bob.phone,
      delivredtoWeb: 4,
    })
    // Stored before it was told: the post reads seen, with nothing unread.
    const view = await as(bob).get(`/api/postView/${idPostEmet}`).expect(200)
    expect(view.body).toMatchObject({ delivredtoWeb: 4, cmtnonlu: 0 })
  })

  it('confirmed before confirming was reading is read once the api starts again', async () => {
    const { idPostEmet } = await announce('Confirmed before the change')
    await as(eve).post(`/api/announcements/${idPostEmet}/confirm`).expect(200)
    // The database as an api before the change left it: the entry confirmed and still new, and
    // no start marked the repair done.
    const db = h.api.ctx.domain.connection.db
    if (!db) throw new Error('no database')
    await db
      .collection<{ _id: string }>('inbox_entries')
      .updateOne(
        { _id: `${idPostEmet}:${eve.phone}` },
        { $set: { delivredtoWeb: 0, cmtnonlu: 1, unread: true } },
      )
    await db
      .collection<{ _id: string }>('repairs')
      .deleteOne({ _id: 'confirmed-announcements-seen' })
    const unread = await as(eve).get(`/api/postView/${idPostEmet}`).expect(200)
    expect(unread.body).toMatchObject({ delivredtoWeb: 0, cmtnonlu: 1 })

    await h.anotherNode()
    const read = await as(eve).get(`/api/postView/${idPostEmet}`).expect(200)
    expect(read.body).toMatchObject({ delivredtoWeb: 4, cmtnonlu: 0 })
    expect(h.logLines.some((line) => line.includes('confirmed announcements marked seen'))).toBe(
      true,
    )
  })

  it('is confirmed by its recipients only', async () => {
    const { idPostEmet } = await announce('Not for the author to confirm')
    await as(boss).post(`/api/announcements/${idPostEmet}/confirm`).expect(404)
    await as(ann).post('/api/announcements/nope/confirm').expect(404)
  })

  it('needs a text, and an administrator', async () => {
    const empty = await as(boss).post('/api/admin/announcements', { text: '  ' }).expect(400)
    expect(empty.body.error.message).toBe('An announcement needs a text.')
    await as(ann).post('/api/admin/announcements', { text: 'Hi' }).expect(403)
    await as(ann).get('/api/admin/announcements/nope').expect(403)
  })
})

describe('the confirmations', () => {
  it('download as a CSV safe to open in a spreadsheet', async () => {
    const { idPostEmet } = await announce('For the CSV')
    const { body: confirmed } = await as(ann)
      .post(`/api/announcements/${idPostEmet}/confirm`)
      .expect(200)
    const res = await as(boss)
      .get(`/api/admin/announcements/${idPostEmet}/confirmations.csv`)
      .expect(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv/)
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=/)
    expect(res.text.split('\r\n')).toEqual([
      '\uFEFF"name","phone","status","confirmed_at"',
      `"Ann","+33 6 99 98 00 01","confirmed","${confirmed.confirmedAt}"`,
      `"'=HYPERLINK(""x"")","+33 6 99 98 00 03","pending",""`,
      `"Bob","+33 6 99 98 00 02","pending",""`,
      '',
    ])
  })

  it('who have not confirmed are reminded live', async () => {
    const { idPostEmet } = await announce('Remember me')
    await as(ann).post(`/api/announcements/${idPostEmet}/confirm`).expect(200)
    const bobSocket = await listen(bob.phone)
    const reminded = next<object>(bobSocket, 'announcementReminder')
    const res = await as(boss).post(`/api/admin/announcements/${idPostEmet}/remind`).expect(200)
    expect(res.body).toEqual({ reminded: 2 })
    expect(await reminded).toEqual({ idPostEmet })
    const audit = await as(boss).get(`/api/admin/audit?phone=${BOSS}`).expect(200)
    expect(audit.body.items[0]).toMatchObject({ action: 'remind', details: { idPostEmet } })
  })

  it("is audited with its text's start, cut on a word, and its count of recipients", async () => {
    const text = `Fire drill on Monday at ten:\n${'leave by the stairs, never the lifts. '.repeat(3)}`
    const { idPostEmet } = await announce(text)
    const audit = await as(boss).get(`/api/admin/audit?phone=${BOSS}`).expect(200)
    expect(audit.body.items[0]).toMatchObject({
      action: 'announce',
      details: {
        idPostEmet,
        start: 'Fire drill on Monday at ten: leave by the stairs, never the lifts. leave by the…',
        recipients: 3,
      },
    })
  })

  it('open in LibreOffice as written: the accents, no formula, the phones texts with no mark', async () => {
    // Last: a member more would count in the tests before.
    await h.member('33699980004', 'Chloé')
    const { idPostEmet } = await announce('For the spreadsheet')
    const res = await as(boss)
      .get(`/api/admin/announcements/${idPostEmet}/confirmations.csv`)
      .expect(200)
    const sheet = await readSpreadsheet(res.text, 'csv')
    expect(sheet.flat().filter((cell) => cell.formula !== undefined)).toEqual([])
    expect(sheet.flat().every((cell) => cell.type === 'string')).toBe(true)
    expect(sheet.map((row) => row.map((cell) => cell.text))).toEqual([
      ['name', 'phone', 'status', 'confirmed_at'],
      ['\'=HYPERLINK("x")', '+33 6 99 98 00 03', 'pending'],
      ['Ann', '+33 6 99 98 00 01', 'pending'],
      ['Bob', '+33 6 99 98 00 02', 'pending'],
      ['Chloé', '+33 6 99 98 00 04', 'pending'],
    ])

    // The .xlsx beside it: every cell a text, so the names need no mark either.
    const xlsx = await as(boss)
      .get(`/api/admin/announcements/${idPostEmet}/confirmations.xlsx`)
      .responseType('blob')
      .expect(200)
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename=.*\.xlsx/)
    const workbook = await readSpreadsheet(xlsx.body as Buffer, 'xlsx')
    expect(workbook.flat().filter((cell) => cell.formula !== undefined)).toEqual([])
    expect(workbook.flat().every((cell) => cell.type === 'string')).toBe(true)
    expect(workbook.map((row) => row.map((cell) => cell.text))).toEqual([
      ['name', 'phone', 'status', 'confirmed_at'],
      ['=HYPERLINK("x")', '+33 6 99 98 00 03', 'pending'],
      ['Ann', '+33 6 99 98 00 01', 'pending'],
      ['Bob', '+33 6 99 98 00 02', 'pending'],
      ['Chloé', '+33 6 99 98 00 04', 'pending'],
    ])
    await as(ann).get(`/api/admin/announcements/${idPostEmet}/confirmations.xlsx`).expect(403)
  })
})
