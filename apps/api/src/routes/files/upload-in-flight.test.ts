// An upload whose body is still arriving when its sender's session ends (a deactivation, a
// logout) is refused once the body is in, before anything is stored or recorded
// (docs/security.md, "Access that ends"). On both file stores.
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readdir } from 'node:fs/promises'
import { samplePdf } from '@palabre/testing/sample-files'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { storeEnv, storeKinds, storedKeys } from '../../../test/stores.js'

const BOSS = '33600000100'
const boot = useApiHarness({ ADMIN_PHONES: `+${BOSS}` })
let h: ApiHarness
let boss: Member

const boundary = 'palabre-in-flight'
const head = (fileName: string) =>
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="fileToUpload"; filename="${fileName}"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  )
const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
/** A PDF header, then enough padding that the part is seen arriving before the body ends. */
const content = Buffer.concat([samplePdf(), Buffer.alloc(256 * 1024, 0x20)])

/**
 * Starts an upload as a browser streams it, and holds it open: the part's header and most of
 * its bytes are sent, the rest waits for `finish`.
 */
const startUpload = (as: Member, fileName: string) => {
  const { port } = h.server.address() as AddressInfo
  const body = Buffer.concat([head(fileName), content, tail])
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/upload/file',
    headers: {
      cookie: as.cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
    },
  })
  const answer = new Promise<{ status: number; body: string }>((done, fail) => {
    req.on('response', (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (part: string) => (text += part))
      res.on('end', () => done({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', fail)
  })
  const held = body.length - tail.length - 1024
  req.write(body.subarray(0, held))
  return { answer, finish: () => req.end(body.subarray(held)) }
}

const arriving = () => readdir(h.api.ctx.uploads.incoming)

/** Waits until `check` holds (a state the server reaches in its own time). */
const until = async (check: () => Promise<boolean>, what: string, ms = 30_000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe.each(storeKinds)('on the %s store', (kind) => {
  beforeAll(async () => {
    h = await boot(storeEnv(kind, `upload-in-flight-${kind}`))
    boss = await h.member(BOSS, 'Boss Admin')
  })
  afterAll(() => h.close({ dropDatabase: true }))

  it('is refused (401) when its sender is deactivated before its body is in, and stores nothing', async () => {
    const ned = await h.member('33600000201', 'Ned Leaving')
    const before = await storedKeys(h.api.ctx.store)
    const { answer, finish } = startUpload(ned, 'last words.pdf')
    // The part is on its way to disk, its sender signed in when it began.
    await until(async () => (await arriving()).length === 1, 'the part arrives')
    await h
      .browser()
      .post(`/api/admin/members/${ned.phone}/deactivate`)
      .set('Cookie', boss.cookie)
      .send({})
      .expect(200)
    finish()
    const res = await answer
    expect(res.status).toBe(401)
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'unauthenticated' } })
    expect(await storedKeys(h.api.ctx.store)).toEqual(before)
    expect(await h.api.ctx.domain.connection.collection('files').countDocuments()).toBe(0)
    await until(async () => (await arriving()).length === 0, 'the part is deleted')
  })

  it('is refused (401) when its sender signs out before its body is in', async () => {
    const ola = await h.member('33600000202', 'Ola Out')
    const before = await storedKeys(h.api.ctx.store)
    const { answer, finish } = startUpload(ola, 'draft.pdf')
    await until(async () => (await arriving()).length === 1, 'the part arrives')
    await h.browser().post('/api/auth/logout').set('Cookie', ola.cookie).expect(204)
    finish()
    expect((await answer).status).toBe(401)
    expect(await storedKeys(h.api.ctx.store)).toEqual(before)
    await until(async () => (await arriving()).length === 0, 'the part is deleted')
  })

  it('is refused (401) and leaves nothing when its sender is deactivated while it is being stored', async () => {
    const vic = await h.member('33600000204', 'Vic Late')
    const { store } = h.api.ctx
    const before = await storedKeys(store)
    const put = store.put
    // The deactivation lands while the file goes into the store, after the check before it.
    store.put = async (key, localPath, contentType) => {
      store.put = put
      await h
        .browser()
        .post(`/api/admin/members/${vic.phone}/deactivate`)
        .set('Cookie', boss.cookie)
        .send({})
        .expect(200)
      await put.call(store, key, localPath, contentType)
    }
    try {
      const { answer, finish } = startUpload(vic, 'late.pdf')
      finish()
      expect((await answer).status).toBe(401)
    } finally {
      store.put = put
    }
    expect(await storedKeys(store)).toEqual(before)
    expect(await h.api.ctx.domain.connection.collection('files').countDocuments()).toBe(0)
  })

  it('whose sender is still signed in when its body is in is stored as ever', async () => {
    const sam = await h.member('33600000203', 'Sam Stays')
    const { answer, finish } = startUpload(sam, 'report.pdf')
    await until(async () => (await arriving()).length === 1, 'the part arrives')
    finish()
    const res = await answer
    expect(res.status).toBe(201)
    const { fileName } = JSON.parse(res.body) as { fileName: string }
    expect(await storedKeys(h.api.ctx.store)).toContain(fileName)
    expect(await h.api.ctx.domain.files.find(fileName)).toMatchObject({ uploader: sam.phone })
  })
})
