// An export streams (docs/export.md, "Streaming"): a client that stops reading holds the server
// mid-file, one stored file's stream open; a client that goes away ends the work and destroys
// that stream (a file closed, a request to the bucket ended); a download that outlasts the
// server's request timeouts is not cut by them; and an exporter who loses access while it
// streams has it cut short ("Access that ends"). On both file stores.
import { randomBytes, createHash } from 'node:crypto'
import { createServer, get } from 'node:http'
import type { ClientRequest, IncomingMessage } from 'node:http'
import { readdir, readlink } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCESS_CHECK_EVERY_MS } from '../../export/access-check.js'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { putBytes, storeEnv, storeKinds } from '../../../test/stores.js'
import type { StoreKind } from '../../../test/stores.js'
import { readZip, textOf } from '../../../test/zip.js'

const BOSS = '33600000100'
const boot = useApiHarness({ ADMIN_PHONES: `+${BOSS}` })
let h: ApiHarness
let eve: Member
let boss: Member
const hashes = new Map<string, string>()

/** Far more than loopback's socket buffers hold, so a client that stops reading stalls the server. */
const FILE_BYTES = 16 * 1024 * 1024

/** The store's read streams not yet closed (every read of the export goes through it). */
const reading = new Set<Readable>()

const seed = async (kind: StoreKind) => {
  h = await boot(storeEnv(kind, `export-stream-${kind}`))
  hashes.clear()
  eve = await h.member('33600000201', 'Eve')
  boss = await h.member(BOSS, 'Boss')
  const { store } = h.api.ctx
  const read = store.read.bind(store)
  store.read = async (key, range) => {
    const stream = await read(key, range)
    reading.add(stream)
    stream.once('close', () => reading.delete(stream))
    return stream
  }
  // Files in the store and recorded as an upload records them (routes/files/files.ts).
  for (const index of [1, 2, 3]) {
    const name = `big-${index}___abcdefghijk${index}.mp4`
    const data = randomBytes(FILE_BYTES)
    await putBytes(store, name, data, 'video/mp4')
    await h.api.ctx.domain.files.record({
      name,
      uploader: eve.phone,
      kind: 'media',
      mime: 'video/mp4',
      size: data.length,
    })
    hashes.set(name, createHash('sha256').update(data).digest('hex'))
  }
}

/**
 * How many stored files are being read: with the disk store the files of the upload folder this
 * process has open, with s3 the store's streams (answers of the bucket) not yet closed.
 */
const openUploads = async (kind: StoreKind): Promise<number> => {
  if (kind === 's3') return reading.size
  const open: string[] = []
  for (const fd of await readdir('/proc/self/fd')) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '')
    if (target.startsWith(h.api.ctx.config.uploads.dir)) open.push(target)
  }
  return open.length
}

/** Waits until `check` holds (a state the server reaches in its own time). */
const until = async (check: () => Promise<boolean>, what: string, ms = 30_000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * Starts an export on `port` (Eve's own unless told otherwise), answering once its headers are
 * in; the body is left unread.
 */
const startExport = (port: number, as: Member = eve, path = '/api/export') =>
  new Promise<{ request: ClientRequest; response: IncomingMessage }>((resolve, reject) => {
    const request = get(
      { host: '127.0.0.1', port, path, headers: { cookie: as.cookie } },
      (response) => {
        response.pause()
        resolve({ request, response })
      },
    )
    request.on('error', reject)
  })

const readAll = async (response: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = []
  for await (const chunk of response) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

const expectComplete = async (zip: Buffer) => {
  const entries = await readZip(zip)
  for (const [name, hash] of hashes) {
    const data = entries.get(`files/${name}`)
    expect(data?.length, name).toBe(FILE_BYTES)
    expect(createHash('sha256').update(data!).digest('hex')).toBe(hash)
  }
  expect(JSON.parse(textOf(entries, 'manifest.json'))).toMatchObject({ counts: { files: 3 } })
}

const portOf = (server: { address(): unknown }) => (server.address() as { port: number }).port

describe.each(storeKinds)('on the %s store', (kind) => {
  beforeAll(() => seed(kind))
  afterAll(() => h.close({ dropDatabase: true }))

  describe('an export', () => {
    it('stops and releases its file when the client goes away, and the api goes on', async () => {
      const { request, response } = await startExport(portOf(h.server))
      expect(response.statusCode).toBe(200)
      // The client reads nothing: the server stops mid-file, that one file open.
      await until(async () => (await openUploads(kind)) === 1, 'a file of the export is open')
      expect(await openUploads(kind)).toBe(1)
      request.destroy()
      await until(async () => (await openUploads(kind)) === 0, 'the file is closed')
      // The api answers, and the next export is whole.
      await h.browser().get('/api/health').expect(200)
      const { response: again } = await startExport(portOf(h.server))
      await expectComplete(await readAll(again))
      expect(h.logLines.join('\n')).not.toContain('an export failed')
    })

    it('is not cut by the timeouts that guard the reading of a request', async () => {
      // A server whose request timeouts are far shorter than the download.
      const server = createServer(
        { requestTimeout: 300, headersTimeout: 200, connectionsCheckingInterval: 50 },
        h.api.app,
      )
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      try {
        const { response } = await startExport(portOf(server))
        // Held mid-file by a client that does not read, past both timeouts and many checks…
        await until(async () => (await openUploads(kind)) === 1, 'a file of the export is open')
        await new Promise((resolve) => setTimeout(resolve, 1000))
        expect(await openUploads(kind)).toBe(1)
        // …then read through: the whole archive.
        await expectComplete(await readAll(response))
      } finally {
        server.closeAllConnections()
        await new Promise((resolve) => server.close(resolve))
      }
    })
  })

  describe('an exporter who loses access while it streams', () => {
    /** A call of the administrator's console, as Boss. */
    const admin = (path: string, body: object = {}) =>
      h.browser().post(path).set('Cookie', boss.cookie).send(body).expect(200)

    it('has their export cut short at the next file once deactivated, and it is logged', async () => {
      // Pat reads Eve's three files through a conversation: they are in Pat's export.
      const pat = await h.member('33600000202', 'Pat')
      await h.acquaint(eve, pat)
      const { domain } = h.api.ctx
      const idPostEmet = `files-for-pat-${kind}`
      await domain.posts.send(eve, {
        idPostEmet,
        text: 'Videos',
        typePoste: '0',
        destinataires: [pat],
        groups: [],
      })
      for (const [index, name] of [...hashes.keys()].entries())
        await domain.comments.add(eve, {
          idPostEmet,
          idCmtEmet: `${idPostEmet}-${index}`,
          cmt: '',
          image: '',
          fileDocName: name,
          type: '1',
        })
      const { response } = await startExport(portOf(h.server), pat)
      expect(response.statusCode).toBe(200)
      // Held mid-file by a client that reads nothing; meanwhile Pat is deactivated.
      await until(async () => (await openUploads(kind)) === 1, 'a file of the export is open')
      await admin(`/api/admin/members/${pat.phone}/deactivate`)
      h.clock.advance(ACCESS_CHECK_EVERY_MS)
      // The client reads on: the file under way ends, and the next is never opened.
      await expect(readAll(response).then(() => 'the whole archive')).rejects.toThrow()
      await until(async () => (await openUploads(kind)) === 0, 'the file is closed')
      expect(h.logLines.join('\n')).toMatch(/"reason":"the session ended".*an export was cut short/)
    })

    it("has the organisation's export cut short once no longer an administrator", async () => {
      const ada = await h.member('33600000301', 'Ada')
      await admin(`/api/admin/members/${ada.phone}/role`, { role: 'admin' })
      const { response } = await startExport(portOf(h.server), ada, '/api/admin/export')
      expect(response.statusCode).toBe(200)
      await until(async () => (await openUploads(kind)) === 1, 'a file of the export is open')
      await admin(`/api/admin/members/${ada.phone}/role`, { role: 'member' })
      h.clock.advance(ACCESS_CHECK_EVERY_MS)
      await expect(readAll(response).then(() => 'the whole archive')).rejects.toThrow()
      await until(async () => (await openUploads(kind)) === 0, 'the file is closed')
      expect(h.logLines.join('\n')).toMatch(
        /"reason":"no longer an administrator".*an export was cut short/,
      )
    })

    it('goes on to its end while access lasts, however long the pause', async () => {
      const { response } = await startExport(portOf(h.server))
      await until(async () => (await openUploads(kind)) === 1, 'a file of the export is open')
      h.clock.advance(60 * ACCESS_CHECK_EVERY_MS)
      await expectComplete(await readAll(response))
    })
  })
})
