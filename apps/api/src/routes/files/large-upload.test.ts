import { execFile } from 'node:child_process'
import { createReadStream } from 'node:fs'
import { mkdtemp, open, readdir, rm } from 'node:fs/promises'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { samplePdf } from '@palabre/testing/sample-files'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { storeEnv, storeKinds, storedKeys } from '../../../test/stores.js'

// The default limit (50 MiB): uploads stream to a local file, then to the file store, on both
// stores (docs/files.md, "Uploads" and "Where files are kept").
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
const boot = useApiHarness()
let h: ApiHarness
let ann: Member
let work = ''
let bigFile = ''
const SIZE = 50_000_000

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'palabre-large-'))
  // A 50 MB PDF on disk: a real header, then padding, written in 1 MB steps.
  bigFile = join(work, 'big.pdf')
  const file = await open(bigFile, 'w')
  const header = samplePdf()
  await file.write(header)
  const step = Buffer.alloc(1_000_000, 0x20)
  for (let written = header.length; written < SIZE; written += step.length)
    await file.write(step.subarray(0, Math.min(step.length, SIZE - written)))
  await file.close()
})
afterAll(() => rm(work, { recursive: true, force: true }))

const boundary = 'palabre-test-boundary'
const head = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="fileToUpload"; filename="big.pdf"\r\n` +
    'Content-Type: application/pdf\r\n\r\n',
)
const tail = Buffer.from(`\r\n--${boundary}--\r\n`)

/** A multipart upload streamed from disk, as a browser sends it: the test holds no copy in memory. */
const startUpload = () => {
  const { port } = h.server.address() as AddressInfo
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/upload/file',
    headers: {
      cookie: ann.cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + SIZE + tail.length),
    },
  })
  const answer = new Promise<{ status: number; body: string }>((done, fail) => {
    req.on('response', (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (part: string) => (body += part))
      res.on('end', () => done({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', fail)
  })
  req.write(head)
  return { req, answer }
}

const stored = async () =>
  (await storedKeys(h.api.ctx.store)).filter((name) => name.startsWith('big___'))
const incoming = () => readdir(h.api.ctx.uploads.incoming)

/**
 * The same upload sent by another Node process, so that the memory measured here is the api's
 * alone: the sender's buffers live and die over there.
 */
const uploadFromAnotherProcess = (): Promise<{ status: number; body: string }> => {
  const { port } = h.server.address() as AddressInfo
  const sender = fileURLToPath(new URL('../../../test/stream-upload.mjs', import.meta.url))
  const url = `http://127.0.0.1:${port}/api/upload/file`
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      [sender, url, bigFile, 'fileToUpload', 'big.pdf', ann.cookie],
      (error, stdout) =>
        error ? fail(error) : done(JSON.parse(stdout) as { status: number; body: string }),
    )
  })
}

describe.each(storeKinds)('on the %s store', (kind) => {
  beforeAll(async () => {
    h = await boot(storeEnv(kind, `large-${kind}`))
    ann = await h.member('33600000001', 'Ann A')
  })
  afterAll(() => h.close({ dropDatabase: true }))

  describe('a 50 MB upload', () => {
    // A safety net, not a budget: the upload and a collection every 50 ms share a loaded
    // machine's cores (a minute measured at a load of 8); nothing here is timed.
    it('streams to the store: the api grows by less than 30 MB', { timeout: 900_000 }, async () => {
      // What the api holds, not what it has yet to collect: the garbage of 50 MB read in 64 KB
      // chunks would otherwise wait for V8's own schedule, tens of MB at a time. Every 50 ms: a
      // full collection takes tens of ms on a loaded machine, and the upload runs in this
      // process too; whatever the api held of the file would be held far longer than that.
      gc()
      const before = process.memoryUsage().rss
      let peak = before
      const sampler = setInterval(() => {
        gc()
        peak = Math.max(peak, process.memoryUsage().rss)
      }, 50)
      const res = await uploadFromAnotherProcess()
      clearInterval(sampler)
      expect(res.status).toBe(201)
      expect(await stored()).toHaveLength(1)
      const growth = (peak - before) / (1024 * 1024)
      expect(growth).toBeLessThan(30)
    })

    it('interrupted half-way leaves no file behind', { timeout: 600_000 }, async () => {
      const before = await stored()
      const { req, answer } = startUpload()
      answer.catch(() => undefined)
      const body = createReadStream(bigFile, { end: 20_000_000 })
      body.pipe(req, { end: false })
      await new Promise<void>((done) => body.on('end', () => done()))
      // The part is on its way to disk: cut the connection.
      expect((await incoming()).length).toBe(1)
      req.destroy()
      // The api deletes the part once it sees the connection gone.
      await vi.waitFor(async () => expect(await incoming()).toEqual([]), {
        timeout: 300_000,
        interval: 50,
      })
      expect(await stored()).toEqual(before)
    })
  })
})
