// Proof of viewing (docs/files.md, "Proof of viewing"): what a reader played of a video, merged
// per viewer, credited no faster than the time since their first report allows, the table and
// its CSV for the sender and administrators, and the live `videoViewed` through Redis.
import { readFile } from 'node:fs/promises'
import { filesRoutes, viewMessages } from '@palabre/contracts'
import { phoneRoom } from '@palabre/domain'
import { startRedis } from '@palabre/testing'
import type { RunningRedis } from '@palabre/testing'
import { sampleMp4 } from '@palabre/testing/sample-files'
import type { Socket } from 'socket.io-client'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { roomNodes } from '../../../test/room-node.js'
import type { RoomNodes } from '../../../test/room-node.js'
import { readSpreadsheet } from '../../../test/spreadsheet.js'
import { storeEnv, storeKinds } from '../../../test/stores.js'

const ADMIN = '33600000005'
// The harness's api reads REDIS_URL once, when it starts: a Redis is started first.
let redis: RunningRedis
const env: Record<string, string> = { ADMIN_PHONES: `+${ADMIN}` }
const boot = useApiHarness(env)
let h: ApiHarness
let nodes: RoomNodes
let node = ''
let ann: Member, bob: Member, cat: Member, dan: Member, eve: Member
let annSocket: Socket
let tenMinutes: Buffer

beforeAll(async () => {
  redis = await startRedis()
  env['REDIS_URL'] = redis.url
  nodes = roomNodes(redis.url)
  node = await nodes.start()
  tenMinutes = await readFile(new URL('../../files/fixtures/ten-minutes.mp4', import.meta.url))
})
afterAll(async () => {
  await nodes?.close()
  await redis?.stop()
})

const path = (name: string, rest = '') => `/api/files/${encodeURIComponent(name)}${rest}`

const uploadVideo = async (as: Member, content = tenMinutes) => {
  const res = await h
    .browser()
    .post('/api/upload/media')
    .set('Cookie', as.cookie)
    .attach('fileToUpload', content, 'training.mp4')
    .expect(201)
  return filesRoutes.uploadMedia.responses[201].parse(res.body).fileName
}

let n = 0
/** Ann sends a video to `to`: a post, and a comment carrying the file. */
const sharedVideo = async (to: Member[] = [bob, cat], content = tenMinutes) => {
  const name = await uploadVideo(ann, content)
  const idPostEmet = `video-${n++}`
  const { domain } = h.api.ctx
  await domain.posts.send(ann, {
    idPostEmet,
    text: 'Training',
    typePoste: '0',
    destinataires: to.map(({ phone, name: shown }) => ({ phone, name: shown })),
    groups: [],
  })
  await domain.comments.add(ann, {
    idPostEmet,
    idCmtEmet: `${idPostEmet}-file`,
    cmt: '',
    image: '',
    fileDocName: name,
    type: '1',
  })
  return name
}

const report = (as: Member, name: string, body: unknown, server = h.server) =>
  request(server)
    .post(path(name, '/views'))
    .set('Cookie', as.cookie)
    .send(body as object)

const progress = async (as: Member, name: string, ranges: [number, number][]) => {
  const res = await report(as, name, { ranges }).expect(200)
  return filesRoutes.postFileViews.responses[200].parse(res.body)
}

const views = async (as: Member, name: string) => {
  const res = await h.getAs(as, path(name, '/views')).expect(200)
  return filesRoutes.getFileViews.responses[200].parse(res.body)
}

const stored = (name: string) =>
  h.api.ctx.domain.connection
    .collection<{ viewer: string; ranges: number[][]; creditedSeconds: number }>('fileviews')
    .find({ file: name })
    .toArray()

const minutes = (count: number) => h.clock.advance(count * 60_000)
const seconds = (count: number) => h.clock.advance(count * 1000)

/**
 * A viewer plays `ranges` as a player reports them: the report with no ranges as playing
 * starts, then, as long after as was played, the ranges (docs/files.md, "On the web").
 */
const played = async (as: Member, name: string, ranges: [number, number][]) => {
  await progress(as, name, [])
  seconds(ranges.reduce((sum, [start, end]) => sum + end - start, 0))
  return progress(as, name, ranges)
}

/** A file as an upload records it, of any duration, shared by Ann with Bob. */
const sharedRecord = async (durationSeconds: number) => {
  const name = `clip ${n}___Record${String(n).padStart(6, '0')}.mp4`
  const { domain } = h.api.ctx
  await domain.files.record({
    name,
    uploader: ann.phone,
    kind: 'media',
    mime: 'video/mp4',
    size: 1,
    durationSeconds,
  })
  const idPostEmet = `record-${n++}`
  await domain.posts.send(ann, {
    idPostEmet,
    text: 'Training',
    typePoste: '0',
    destinataires: [{ phone: bob.phone, name: bob.name }],
    groups: [],
  })
  await domain.comments.add(ann, {
    idPostEmet,
    idCmtEmet: `${idPostEmet}-file`,
    cmt: '',
    image: '',
    fileDocName: name,
    type: '1',
  })
  return name
}

// The same on both file stores (docs/files.md, "Where files are kept").
describe.each(storeKinds)('on the %s store', (kind) => {
  beforeAll(async () => {
    h = await boot(storeEnv(kind, `views-${kind}`))
    ann = await h.member('33600000001', 'Ann A')
    bob = await h.member('33600000002', 'Bob B')
    cat = await h.member('33600000003', 'Cat C')
    dan = await h.member('33600000004', 'Dan D')
    eve = await h.member(ADMIN, 'Eve Admin')
    await h.acquaint(ann, bob, cat)
    annSocket = await nodes.join(node, phoneRoom(ann.phone))
  })
  afterAll(async () => {
    annSocket?.close()
    await h?.close({ dropDatabase: true })
  })

  describe('the duration', () => {
    it('of an mp4 is read from the file at upload, whatever the client sends beside it', async () => {
      const res = await h
        .browser()
        .post('/api/upload/media')
        .set('Cookie', ann.cookie)
        .field('durationSeconds', '5')
        .attach('fileToUpload', tenMinutes, 'training.mp4')
        .expect(201)
      const name = filesRoutes.uploadMedia.responses[201].parse(res.body).fileName
      expect((await h.api.ctx.domain.files.find(name))?.durationSeconds).toBe(600)
      const info = await h.getAs(ann, path(name, '/info')).expect(200)
      expect(filesRoutes.getFileInfo.responses[200].parse(info.body)).toEqual({
        mime: 'video/mp4',
        size: tenMinutes.length,
        durationSeconds: 600,
      })
    })

    it('is null for an mp4 it cannot be read from, whose views are then refused (409)', async () => {
      const name = await sharedVideo([bob], sampleMp4())
      const info = await h.getAs(bob, path(name, '/info')).expect(200)
      expect(info.body).toMatchObject({ durationSeconds: null })
      const res = await report(bob, name, { ranges: [[0, 10]] }).expect(409)
      expect(res.body.error.message).toBe(viewMessages.noDuration)
      await h.getAs(ann, path(name, '/views')).expect(409)
      expect(await stored(name)).toEqual([])
    })

    it('is told to readers only: anyone else is answered as a download would be (404)', async () => {
      const name = await sharedVideo([bob])
      await h.getAs(dan, path(name, '/info')).expect(404)
      await h.getAs(dan, path(name)).expect(404)
    })
  })

  describe('a report', () => {
    it('of the whole video at once, as a first report, credits nothing', async () => {
      const name = await sharedVideo()
      expect(await progress(bob, name, [[0, 600]])).toEqual({
        watchedFraction: 0,
        completedAt: null,
      })
    })

    it('of a whole short video at once, as a first report, credits nothing either', async () => {
      // 20 s claimed of a 20 s video in one call, never played.
      const name = await sharedRecord(20)
      expect(await progress(bob, name, [[0, 20]])).toEqual({
        watchedFraction: 0,
        completedAt: null,
      })
      seconds(1)
      // One second later, the cap is 1.1 s.
      expect((await progress(bob, name, [[0, 20]])).watchedFraction).toBeCloseTo(1.1 / 20, 10)
    })

    it('with no ranges, as playing starts, starts the clock: played to its end, the video is watched', async () => {
      const name = await sharedRecord(20)
      expect(await progress(bob, name, [])).toEqual({ watchedFraction: 0, completedAt: null })
      seconds(5)
      expect((await progress(bob, name, [[0, 5]])).watchedFraction).toBe(5 / 20)
      seconds(15)
      const watchedAt = h.clock.now().toISOString()
      expect(await progress(bob, name, [[5, 20]])).toEqual({
        watchedFraction: 1,
        completedAt: watchedAt,
      })
      const [view] = await stored(name)
      expect(view?.ranges).toEqual([[0, 20]])
    })

    it('merges with earlier ones, is clipped to the duration, credited at most 1.1 × elapsed, and never goes down', async () => {
      const name = await sharedVideo()
      expect((await played(bob, name, [[0, 10]])).watchedFraction).toBe(10 / 600)
      seconds(100)
      // 200 s played, 110 s after the first report: 1.1 × 110 = 121 credited.
      expect((await progress(bob, name, [[10, 200]])).watchedFraction).toBeCloseTo(121 / 600, 10)
      seconds(100)
      // Past the end is clipped: [590, 600] adds 10 s; 260 s played, the cap is 231.
      expect(
        (
          await progress(bob, name, [
            [150, 250],
            [590, 700],
          ])
        ).watchedFraction,
      ).toBeCloseTo(231 / 600, 10)
      minutes(20)
      // The cap is far now: what was played counts, overlaps once.
      expect((await progress(bob, name, [[240, 260]])).watchedFraction).toBeCloseTo(270 / 600, 10)
      const [view] = await stored(name)
      expect(view?.ranges).toEqual([
        [0, 260],
        [590, 600],
      ])
      // A shorter report takes nothing away.
      expect((await progress(bob, name, [[0, 1]])).watchedFraction).toBeCloseTo(270 / 600, 10)
    })

    it('makes the video watched at 90 %, once, and never clears it', async () => {
      const name = await sharedVideo()
      await progress(cat, name, [[0, 300]])
      minutes(10)
      expect(await progress(cat, name, [[0, 539]])).toEqual({
        watchedFraction: 539 / 600,
        completedAt: null,
      })
      seconds(5)
      const watchedAt = h.clock.now().toISOString()
      expect(await progress(cat, name, [[539, 540]])).toEqual({
        watchedFraction: 0.9,
        completedAt: watchedAt,
      })
      minutes(1)
      expect(await progress(cat, name, [[540, 600]])).toEqual({
        watchedFraction: 1,
        completedAt: watchedAt,
      })
      expect((await views(cat, name)).viewers).toEqual([
        { phone: cat.phone, name: 'Cat C', watchedFraction: 1, completedAt: watchedAt },
      ])
    })

    it('from someone who may not read the file is refused as a download (404), an admin included, and stores nothing', async () => {
      const name = await sharedVideo([bob])
      for (const stranger of [dan, eve, cat]) {
        const res = await report(stranger, name, { ranges: [[0, 10]] }).expect(404)
        expect(res.body.error.message).toBe('No such file among your conversations.')
      }
      expect(await stored(name)).toEqual([])
    })

    it.each([
      ['no list', {}, viewMessages.noRangeList],
      ['a list of something else', { ranges: 'all' }, viewMessages.noRangeList],
      ['an empty range', { ranges: [[5, 5]] }, viewMessages.badRange],
      ['a range backwards', { ranges: [[10, 2]] }, viewMessages.badRange],
      ['a negative start', { ranges: [[-1, 5]] }, viewMessages.badRange],
      ['a text', { ranges: [['0', 5]] }, viewMessages.badRange],
      ['one number', { ranges: [[5]] }, viewMessages.badRange],
      ['three numbers', { ranges: [[1, 2, 3]] }, viewMessages.badRange],
      [
        'too many ranges',
        { ranges: Array.from({ length: 101 }, (_, i) => [i, i + 0.5]) },
        viewMessages.tooManyRanges,
      ],
    ])(
      'with %s is refused (400) with its message, and nothing is stored',
      async (_, body, message) => {
        const name = await sharedVideo([bob])
        const res = await report(bob, name, body).expect(400)
        expect(res.body.error.message).toBe(message)
        expect(await stored(name)).toEqual([])
      },
    )

    it('with a number JSON reads as infinite is refused (400), and nothing is stored', async () => {
      const name = await sharedVideo([bob])
      const res = await request(h.server)
        .post(path(name, '/views'))
        .set('Cookie', bob.cookie)
        .set('Content-Type', 'application/json')
        .send('{"ranges":[[0,1e400]]}')
        .expect(400)
      expect(res.body.error.message).toBe(viewMessages.badRange)
      expect(await stored(name)).toEqual([])
    })

    it('sent at the same time as others, through two api nodes, loses none of them', async () => {
      const name = await sharedVideo()
      const other = await h.anotherNode()
      await progress(bob, name, [[0, 1]])
      minutes(30)
      // Eight disjoint minutes of the video, reported at once from two tabs on two nodes.
      const reports = Array.from({ length: 8 }, (_, i) =>
        report(
          bob,
          name,
          { ranges: [[60 * i + 60, 60 * i + 120]] },
          i % 2 ? other.server : h.server,
        ),
      )
      for (const res of await Promise.all(reports)) expect(res.status).toBe(200)
      const [view] = await stored(name)
      expect(view?.ranges).toEqual([
        [0, 1],
        [60, 540],
      ])
      expect((await views(bob, name)).viewers[0]?.watchedFraction).toBeCloseTo(481 / 600, 10)
    })
  })

  describe('the views table', () => {
    it('lists every reader for the sender and an administrator, 0 for who did not play, the sender left out', async () => {
      const name = await sharedVideo()
      await played(ann, name, [[0, 10]])
      await played(bob, name, [[0, 12]])
      const expected = {
        durationSeconds: 600,
        viewers: [
          { phone: bob.phone, name: 'Bob B', watchedFraction: 12 / 600, completedAt: null },
          { phone: cat.phone, name: 'Cat C', watchedFraction: 0, completedAt: null },
        ],
      }
      expect(await views(ann, name)).toEqual(expected)
      expect(await views(eve, name)).toEqual(expected)
    })

    it("shows another reader only their own row, and no one else's", async () => {
      const name = await sharedVideo()
      await played(bob, name, [[0, 12]])
      expect((await views(bob, name)).viewers).toEqual([
        { phone: bob.phone, name: 'Bob B', watchedFraction: 12 / 600, completedAt: null },
      ])
      expect((await views(cat, name)).viewers).toEqual([
        { phone: cat.phone, name: 'Cat C', watchedFraction: 0, completedAt: null },
      ])
      await h.getAs(dan, path(name, '/views')).expect(404)
    })
  })

  describe('the views CSV', () => {
    it('escapes every cell against formulas and quotes, for the sender and administrators only', async () => {
      const people = [
        await h.member('33600000011', '=HYPERLINK("http://x.test","click")'),
        await h.member('33600000012', '+Plus'),
        await h.member('33600000013', '-Minus'),
        await h.member('33600000014', '@At'),
        await h.member('33600000015', 'Zoé "Z", the last'),
      ]
      await h.acquaint(ann, ...people)
      const name = await sharedVideo(people)
      await progress(people[4]!, name, [[0, 15]])
      minutes(10)
      await progress(people[4]!, name, [[0, 600]])
      const watchedAt = h.clock.now().toISOString()

      const res = await h.getAs(ann, path(name, '/views.csv')).expect(200)
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=/)
      expect(res.text.split('\r\n')).toEqual([
        '\uFEFF"name","phone","percent watched","completed at"',
        // Sorted by name as the collator orders them: these marks before letters.
        `"'-Minus","+33 6 00 00 00 13","0.0",""`,
        `"'@At","+33 6 00 00 00 14","0.0",""`,
        `"'+Plus","+33 6 00 00 00 12","0.0",""`,
        `"'=HYPERLINK(""http://x.test"",""click"")","+33 6 00 00 00 11","0.0",""`,
        `"Zoé ""Z"", the last","+33 6 00 00 00 15","100.0","${watchedAt}"`,
        '',
      ])
      expect((await h.getAs(eve, path(name, '/views.csv')).expect(200)).text).toBe(res.text)
      const reader = await h.getAs(people[4]!, path(name, '/views.csv')).expect(403)
      expect(reader.body.error.message).toBe(viewMessages.exportForbidden)
      await h.getAs(dan, path(name, '/views.csv')).expect(404)
    })

    it('opens in LibreOffice as written: the accents, no formula, the phone a text with no mark', async () => {
      const chloe = await h.member('33600000016', 'Chloé')
      const hostile = await h.member('33600000017', '=SUM(1)')
      await h.acquaint(ann, chloe, hostile)
      const name = await sharedVideo([chloe, hostile])
      const res = await h.getAs(ann, path(name, '/views.csv')).expect(200)
      const sheet = await readSpreadsheet(res.text, 'csv')
      expect(sheet.flat().filter((cell) => cell.formula !== undefined)).toEqual([])
      expect(sheet.slice(1).map((row) => row.slice(0, 2))).toEqual([
        [
          { type: 'string', text: "'=SUM(1)", formula: undefined },
          { type: 'string', text: '+33 6 00 00 00 17', formula: undefined },
        ],
        [
          { type: 'string', text: 'Chloé', formula: undefined },
          { type: 'string', text: '+33 6 00 00 00 16', formula: undefined },
        ],
      ])
    })

    it('download as .xlsx beside it, every cell a text: the names and phones as written', async () => {
      const chloe = await h.member('33600000018', 'Chloé')
      const hostile = await h.member('33600000019', '=SUM(1)')
      await h.acquaint(ann, chloe, hostile)
      const name = await sharedVideo([chloe, hostile])
      const res = await h.getAs(ann, path(name, '/views.xlsx')).responseType('blob').expect(200)
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=.*views\.xlsx/)
      const sheet = await readSpreadsheet(res.body as Buffer, 'xlsx')
      expect(sheet.flat().filter((cell) => cell.formula !== undefined)).toEqual([])
      expect(sheet.flat().every((cell) => cell.type === 'string')).toBe(true)
      expect(sheet.map((row) => row.map((cell) => cell.text))).toEqual([
        ['name', 'phone', 'percent watched', 'completed at'],
        ['=SUM(1)', '+33 6 00 00 00 19', '0.0'],
        ['Chloé', '+33 6 00 00 00 18', '0.0'],
      ])
      expect((await h.getAs(eve, path(name, '/views.xlsx')).expect(200)).status).toBe(200)
      const reader = await h.getAs(chloe, path(name, '/views.xlsx')).expect(403)
      expect(reader.body.error.message).toBe(viewMessages.exportForbidden)
      await h.getAs(dan, path(name, '/views.xlsx')).expect(404)
    })
  })

  /** The next `count` payloads of `videoViewed` on Ann's socket. */
  const nextViewed = (count = 1): Promise<unknown[]> =>
    new Promise((resolve) => {
      const heard: unknown[] = []
      const listener = (payload: unknown) => {
        heard.push(payload)
        if (heard.length === count) {
          annSocket.off('videoViewed', listener)
          resolve(heard)
        }
      }
      annSocket.on('videoViewed', listener)
    })

  describe('videoViewed', () => {
    it('tells the sender live each time a reader moves on', async () => {
      const name = await sharedVideo()
      const told = nextViewed()
      // The report as playing starts moves nothing: the first told is the one after.
      await played(bob, name, [[0, 12]])
      expect(await told).toEqual([
        { name, phone: bob.phone, watchedFraction: 12 / 600, completedAt: null },
      ])
    })

    it('is not sent for a report that moves nothing, nor for the sender’s own views', async () => {
      const name = await sharedVideo()
      const first = nextViewed()
      await played(bob, name, [[0, 12]])
      await first
      const heard = nextViewed()
      // Nothing new: the same range again at the same time, and the sender's own play.
      await progress(bob, name, [[0, 12]])
      await played(ann, name, [[0, 12]])
      // A barrier: Cat's report is told after the ones before it would have been.
      await played(cat, name, [[0, 5]])
      expect(await heard).toEqual([
        { name, phone: cat.phone, watchedFraction: 5 / 600, completedAt: null },
      ])
    })
  })
})
