// An export streams (docs/export.md, "Streaming"): a client that stops reading holds the server
// mid-file, one stored file's stream open; a client that goes away ends the work and destroys
// that stream (a file closed, a request to the bucket ended); and a download that outlasts the
// server's request timeouts is not cut by them. On both file stores.
import { randomBytes, createHash } from 'node:crypto'
import { createServer, get } from 'node:http'
import type { ClientRequest, IncomingMessage } from 'node:http'
import { readdir, readlink } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { putBytes, storeEnv, storeKinds } from '../../../test/stores.js'
import type { StoreKind } from '../../../test/stores.js'
import { readZip, textOf } from '../../../test/zip.js'

const boot = useApiHarness()
let h: ApiHarness
let eve: Member
const hashes = new Map<string, string>()

/** Far more than loopback's socket buffers hold, so a client that stops reading stalls the server. */
const FILE_BYTES = 16 * 1024 * 1024

/** The store's read streams not yet closed (every read of the export goes through it). */
const reading = new Set<Readable>()

const seed = async (kind: StoreKind) => {
  h = await boot(storeEnv(kind, `export-stream-${kind}`))
  hashes.clear()
  eve = await h.member('33600000201', 'Eve')
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

/** Starts Eve's export on `port`, answering once its headers are in; the body is left unread. */
const startExport = (port: number) =>
  new Promise<{ request: ClientRequest; response: IncomingMessage }>((resolve, reject) => {
    const request = get(
      { host: '127.0.0.1', port, path: '/api/export', headers: { cookie: eve.cookie } },
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
})
