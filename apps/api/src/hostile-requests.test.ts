// What fuzzing the api found (schemathesis over the OpenAPI document, plus hand-made inputs),
// each now refused with a clear 4xx, and the api still serving afterwards
// (docs/security.md, "Bad input").
import { readdir } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import {
  bodyLimitOf,
  buildPath,
  MAX_INPUT_DEPTH,
  maxQuestionPoints,
  messages,
  restRoutes,
  takesJsonBody,
  TOO_DEEP_MESSAGE,
} from '@palabre/contracts'
import type { RouteContract } from '@palabre/contracts'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../test/api-harness.js'
import type { ApiHarness, Member } from '../test/api-harness.js'
import { storedKeys } from '../test/stores.js'

// Ann is an administrator: every call reads her body, the administrators' calls included.
const boot = useApiHarness({ LOG_REQUESTS: 'true', ADMIN_PHONES: '+33611111111' })
let h: ApiHarness
let ann: Member
let bob: Member

beforeAll(async () => {
  h = await boot()
  ann = await h.member('33611111111', 'Ann')
  bob = await h.member('33622222222', 'Bob')
  await h.acquaint(ann, bob)
  await h.api.ctx.domain.groups.create(ann, {
    idGroup: 'team',
    nomGroup: 'Team',
    noName: '0',
    participants: [bob],
  })
})
afterAll(() => h.close())

/** A valid value for each path parameter name the contracts use. */
const paramValues: Record<string, string> = {
  phone: '33611111111',
  userPhone: '33611111111',
  contactPhone: '33622222222',
  groupId: 'team',
  idGroup: 'team',
  idPost: 'p1',
  id: 'quiz',
  pageIndex: '0',
  n: '0',
  term: 'a',
  word: 'a',
  name: 'x.png',
}

const pathOf = (route: RouteContract): string => {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string)
  const params = Object.fromEntries(names.map((n) => [n, paramValues[n] ?? 'x']))
  return buildPath(route.path, params)
}

const stillServes = async () => {
  const res = await request(h.server).get('/api/health').expect(200)
  expect(res.body).toEqual({ status: 'ok', db: 'up' })
}

/** `[[[…]]]` with `levels` arrays, as JSON text. */
const nestedArrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`

const jsonRoutes = Object.entries(restRoutes as Record<string, RouteContract>).filter(([, r]) =>
  takesJsonBody(r),
)

interface Answer {
  status: number
  body: { error?: { message?: string; issues?: unknown } }
}

/**
 * A JSON call as Ann, an administrator, so that every call reads its body. Sent as bytes through
 * node:http: supertest would write a Buffer sent as JSON as its JSON form.
 */
const sendJson = (
  route: RouteContract,
  body: string | Buffer,
  headers: Record<string, string> = {},
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const { port } = h.server.address() as AddressInfo
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: route.method.toUpperCase(),
        path: pathOf(route),
        headers: { Cookie: ann.cookie, 'Content-Type': 'application/json', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer['body'],
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })

const refusal = (name: string, res: Answer) => [name, res.status, res.body.error?.message]

describe('a JSON body nested too deep', () => {
  it('is refused with 400 by every call that takes JSON, at 5,000 levels', async () => {
    expect(jsonRoutes.length).toBeGreaterThanOrEqual(10)
    for (const [name, route] of jsonRoutes) {
      const res = await sendJson(route, nestedArrays(5_000))
      expect(refusal(name, res)).toEqual([name, 400, TOO_DEEP_MESSAGE])
      expect(res.body.error?.issues).toEqual([{ path: 'body', message: TOO_DEEP_MESSAGE }])
      // Deep inside a field of an object, too.
      const inField = await sendJson(route, `{"text":${nestedArrays(5_000)}}`)
      expect(refusal(name, inField)).toEqual([name, 400, TOO_DEEP_MESSAGE])
    }
    await stillServes()
  })

  it('is refused before it is parsed: what follows the bracket too many is never read', async () => {
    // JSON.parse would stop at the 'x' and answer that the body is not JSON.
    for (const [name, route] of jsonRoutes) {
      const res = await sendJson(route, `${'['.repeat(MAX_INPUT_DEPTH + 1)}x`)
      expect(refusal(name, res)).toEqual([name, 400, TOO_DEEP_MESSAGE])
      const atLimit = await sendJson(route, `${'['.repeat(MAX_INPUT_DEPTH)}x`)
      expect(refusal(name, atLimit)).toEqual([name, 400, 'The body is not valid JSON.'])
    }
  })

  it('is refused as large as each call takes it, and one byte more is 413', async () => {
    for (const [name, route] of jsonRoutes) {
      const limit = bodyLimitOf(route)
      const full = `${nestedArrays(Math.floor(limit / 2))}${limit % 2 === 1 ? ' ' : ''}`
      expect(Buffer.byteLength(full)).toBe(limit)
      expect(refusal(name, await sendJson(route, full))).toEqual([name, 400, TOO_DEEP_MESSAGE])
      expect(refusal(name, await sendJson(route, `${full} `))).toEqual([
        name,
        413,
        'The body is too large.',
      ])
    }
    await stillServes()
  })

  it('is refused once inflated when it comes compressed', async () => {
    const route = restRoutes.login as RouteContract
    const compressed = gzipSync(nestedArrays(450_000))
    expect(compressed.length).toBeLessThan(bodyLimitOf(route))
    const res = await sendJson(route, compressed, { 'Content-Encoding': 'gzip' })
    // Inflated, it is larger than the call takes.
    expect(refusal('login', res)).toEqual(['login', 413, 'The body is too large.'])
    const small = await sendJson(route, gzipSync(nestedArrays(5_000)), {
      'Content-Encoding': 'gzip',
    })
    expect(refusal('login', small)).toEqual(['login', 400, TOO_DEEP_MESSAGE])
  })
})

describe('a JSON body in another character set than UTF-8', () => {
  it('is a 415 on every call that takes JSON', async () => {
    for (const [name, route] of jsonRoutes) {
      const body = Buffer.from(`{"text":${nestedArrays(5_000)}}`, 'utf16le')
      const res = await sendJson(route, body, {
        'Content-Type': 'application/json; charset=utf-16le',
      })
      expect(refusal(name, res)).toEqual([
        name,
        415,
        'The body must be JSON in UTF-8, uncompressed or compressed with gzip, deflate or br.',
      ])
    }
  })
})

describe('an unreadable upload', () => {
  /** Each upload with a file name it accepts, so only the body's form is wrong. */
  const uploads = [
    ['/api/upload/image', 'a.png'],
    ['/api/upload/media', 'a.mp4'],
    ['/api/upload/file', 'a.pdf'],
    ['/api/upload/audio', 'a.webm'],
  ] as const
  const boundary = 'xyz'
  const multipart = `multipart/form-data; boundary=${boundary}`
  const cases: [string, string, (fileName: string) => string][] = [
    ['an empty body with no boundary', 'multipart/form-data', () => ''],
    [
      'a part header with no colon',
      multipart,
      () => `--${boundary}\r\nnot a header\r\n\r\nbytes\r\n--${boundary}--\r\n`,
    ],
    [
      'a truncated body',
      multipart,
      (fileName) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="fileToUpload"; filename="${fileName}"\r\n\r\nthe first bytes`,
    ],
  ]
  it.each(cases)('(%s) is a 400 on every upload, and stores nothing', async (_name, type, body) => {
    for (const [path, fileName] of uploads) {
      const res = await request(h.server)
        .post(path)
        .set('Cookie', ann.cookie)
        .set('Content-Type', type)
        .send(body(fileName))
      expect([path, res.status, res.body.error?.code]).toEqual([path, 400, 'bad_request'])
      expect(res.body.error.message).toMatch(/upload could not be read/)
    }
    expect(await storedKeys(h.api.ctx.store)).toEqual([])
    expect(await readdir(h.api.ctx.uploads.incoming)).toEqual([])
    await stillServes()
  })
})

describe('a search word holding U+2028 or U+2029', () => {
  beforeAll(async () => {
    // One to Bob, one to the folder: each scope finds its own.
    const text = 'line\u2028separated and para\u2029separated'
    await h.api.ctx.domain.posts.send(ann, {
      idPostEmet: 'odd-direct',
      text,
      typePoste: '0',
      destinataires: [{ phone: bob.phone, name: bob.name }],
      groups: [],
    })
    h.clock.advance(1000)
    await h.api.ctx.domain.posts.send(ann, {
      idPostEmet: 'odd-folder',
      text,
      typePoste: '0',
      destinataires: [],
      groups: [{ idGroup: 'team', name: 'Team' }],
    })
  })

  it.each(['\u2028', '\u2029'])(
    'is matched as literal text by the seven searches (%j)',
    async (sep) => {
      const word = encodeURIComponent(`${sep === '\u2028' ? 'line' : 'para'}${sep}sep`)
      const u = ann.phone
      const scopes: [string, string, string[]][] = [
        [`/api/search/${u}/${word}`, `/api/search/${u}/0/${word}`, ['odd-folder', 'odd-direct']],
        [
          `/api/searchPostContact/${u}/${bob.phone}/${word}`,
          `/api/searchPostContact/${u}/0/${bob.phone}/${word}`,
          ['odd-direct'],
        ],
        [
          `/api/searchPostGroup/${u}/team/${word}`,
          `/api/searchPostGroup/${u}/0/team/${word}`,
          ['odd-folder'],
        ],
      ]
      for (const [count, page, found] of scopes) {
        expect((await h.getAs(ann, count).expect(200)).body, count).toBe(found.length)
        const body = (await h.getAs(ann, page).expect(200)).body as {
          data: { idPostEmet: string }
        }[]
        expect(
          body.map((p) => p.data.idPostEmet),
          page,
        ).toEqual(found)
      }
      const contacts = (await h.getAs(ann, `/api/searchRepertoire/${u}/${word}/0`).expect(200))
        .body as unknown[]
      expect(contacts).toEqual([])
    },
  )
})

describe('quiz points', () => {
  const quiz = (points: number) => ({
    phoneCreatorPoll: ann.phone,
    title: 'Safety',
    questions: [
      { questionText: 'Helmet?', points, possibleAnswers: [{ text: 'yes', isCorrect: true }] },
      { questionText: 'Gloves?', points, possibleAnswers: [{ text: 'yes', isCorrect: true }] },
    ],
  })

  it(`are at most ${maxQuestionPoints} a question, and nothing is stored past that`, async () => {
    const res = await h
      .browser()
      .post('/api/createPoll')
      .set('Cookie', ann.cookie)
      .send(quiz(1e308))
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe(messages.poll.pointsTooHigh)
  })

  it('at the bound, grade as usual', async () => {
    const created = await h
      .browser()
      .post('/api/createPoll')
      .set('Cookie', ann.cookie)
      .send(quiz(maxQuestionPoints))
      .expect(201)
    const pollId = (created.body as { pollId: string }).pollId
    const answer = await h
      .browser()
      .post(`/api/polls/${pollId}/response`)
      .set('Cookie', ann.cookie)
      .send({
        nameRespondent: 'Ann',
        phoneRespondent: ann.phone,
        answers: [
          { questionIndex: 0, selectedAnswers: [0] },
          { questionIndex: 1, selectedAnswers: [0] },
        ],
      })
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300)
    expect((answer.body as { grade: number }).grade).toBe(100)
  })
})

describe('query parameters', () => {
  it.each([
    ['since[]=1'],
    ['since[$gt]=0'],
    ['since='],
    ['since=0x10'],
    ['since=1e1'],
    ['since=-1'],
    ['since=%201'],
    ['since=1&since=2'],
    ['since=99999999999'],
    ['unknown=1'],
  ])('?%s is refused with 400', async (query) => {
    const res = await h.getAs(ann, `/api/sync?${query}`).expect(400)
    expect(res.body.error.code).toBe('validation_failed')
  })

  it('are read when they are plain decimal numbers', async () => {
    await h.getAs(ann, '/api/sync?since=16').expect(200)
    await h.getAs(ann, '/api/sync').expect(200)
  })

  it('a page index in a path is decimal digits only', async () => {
    await h.getAs(ann, `/api/post/${ann.phone}/0x1`).expect(400)
    await h.getAs(ann, `/api/post/${ann.phone}/1e1`).expect(400)
    await h.getAs(ann, `/api/post/${ann.phone}/1`).expect(200)
  })
})

describe('a method a path does not take', () => {
  it('is a 405 naming the methods it takes', async () => {
    const res = await request(h.server).post('/api/health').expect(405)
    expect(res.headers['allow']).toBe('GET, HEAD')
    expect(res.body.error.code).toBe('method_not_allowed')
    const wall = await h.browser().delete(`/api/post/${ann.phone}/0`).set('Cookie', ann.cookie)
    expect(wall.status).toBe(405)
  })

  it('OPTIONS answers the methods a path takes', async () => {
    const res = await request(h.server).options('/api/auth/login').expect(204)
    expect(res.headers['allow']).toBe('POST')
  })

  it('an unknown path is still a 404', async () => {
    await request(h.server).post('/api/nothing-here').expect(404)
  })
})

describe('request logs', () => {
  it('carry the request id, method, route template, status, time and user, and no header', async () => {
    const res = await h
      .getAs(ann, `/api/post/${ann.phone}/0`)
      .set('X-Request-Id', 'trace-42')
      .set('User-Agent', 'fuzzer/1.0')
      .expect(200)
    expect(res.headers['x-request-id']).toBe('trace-42')
    const line = h.logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l['reqId'] === 'trace-42')
    expect(line).toMatchObject({
      msg: 'request',
      method: 'GET',
      route: '/api/post/:userPhone/:pageIndex',
      status: 200,
      user: ann.phone,
    })
    expect(typeof line?.['ms']).toBe('number')
    const text = JSON.stringify(line)
    for (const secret of ['fuzzer/1.0', 'palabre_session', 'cookie', 'headers'])
      expect(text).not.toContain(secret)
  })

  it('name the route template of a refused call too, once', async () => {
    await h.getAs(ann, '/api/postView/not-a-post').set('X-Request-Id', 'trace-404').expect(404)
    const line = h.logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l['reqId'] === 'trace-404')
    expect(line).toMatchObject({ route: '/api/postView/:idPost', status: 404 })
  })

  it('give each request an id of its own when the client sends none', async () => {
    const a = await request(h.server).get('/api/health')
    const b = await request(h.server).get('/api/health')
    expect(a.headers['x-request-id']).toMatch(/^[\w-]{36}$/)
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id'])
  })
})
