// The converter service (docs/files.md, "The sandbox") on a Unix socket, converting in the real
// bubblewrap sandbox, as the api's previews reach it when PREVIEW_CONVERTER_SOCKET is set.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, request } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sampleOffice, samplePng } from '@palabre/testing/sample-files'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captureLogger } from '../../test/capture-logger.js'
import { docxWithPicture, imagesInPdf } from '../../test/office-documents.js'
import { loadConfig } from '../config.js'
import { CONVERT_PATH, converterService, EXTENSION_HEADER } from '../files/converter-service.js'
import { createDiskStore } from '../files/disk-store.js'
import { previewKeys } from '../files/file-store.js'
import type { FileStore } from '../files/file-store.js'
import { createPreviews } from '../files/previews.js'
import type { PreviewMaker } from '../files/previews.js'
import { bubblewrapSandbox, findOnPath } from '../files/sandbox.js'
import { createConverterServer } from './converter-server.js'

const { searchPath } = loadConfig({}).previews
let work = ''
let socket = ''
let service: Server
let store: FileStore
let previews: PreviewMaker
let listener: Server
const reached: string[] = []

beforeAll(async () => {
  const soffice = await findOnPath('soffice', searchPath)
  const bwrap = await findOnPath('bwrap', searchPath)
  if (soffice === undefined || bwrap === undefined)
    throw new Error('These tests need LibreOffice (soffice) and bubblewrap (bwrap) on the PATH.')
  work = await mkdtemp(join(tmpdir(), 'palabre-converter-'))
  socket = join(work, 'converter.sock')
  service = createConverterServer({
    sandbox: await bubblewrapSandbox(bwrap, soffice),
    timeoutMs: 60_000,
    maxBytes: 1024 * 1024,
    logger: captureLogger().logger,
    workRoot: work,
  })
  await new Promise<void>((done) => service.listen(socket, done))
  store = await createDiskStore(join(work, 'store'))
  previews = createPreviews({
    store,
    sandbox: converterService(socket),
    timeoutMs: 60_000,
    perPerson: 3,
    workRoot: work,
    logger: captureLogger().logger,
  })
  listener = createServer((req, res) => {
    reached.push(`${req.method} ${req.url}`)
    res.writeHead(200, { 'content-type': 'image/png' }).end(samplePng())
  })
  await new Promise<void>((done) => listener.listen(0, '127.0.0.1', done))
})
afterAll(async () => {
  await previews?.close()
  await store?.close()
  await new Promise((done) => service?.close(done))
  await new Promise((done) => listener?.close(done))
  await rm(work, { recursive: true, force: true })
})

const stored = async (ext: string, bytes: Buffer) => {
  const name = `letter___${randomBytes(6).toString('hex')}.${ext}`
  await writeFile(join(work, name), bytes)
  await store.put(name, join(work, name), 'application/octet-stream')
  return name
}

const pdfOf = async (name: string): Promise<Buffer> => {
  const chunks: Buffer[] = []
  for await (const chunk of await store.read(await previews.pdfOf(name, 'ann')))
    chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** One raw call to the service. */
const call = (headers: Record<string, string>, body: Buffer) =>
  new Promise<{ status: number; text: string }>((done, fail) => {
    const sent = request(
      { socketPath: socket, method: 'POST', path: CONVERT_PATH, headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        )
      },
    )
    // The service may refuse before it has read everything.
    sent.on('error', (error) => (error.message.includes('EPIPE') ? undefined : fail(error)))
    sent.end(body)
  })

describe('the converter service', () => {
  it("makes the api's previews in its sandbox", async () => {
    const name = await stored('docx', await sampleOffice('docx'))
    expect((await pdfOf(name)).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })

  it('reaches no network for a picture linked to this machine', async () => {
    const { port } = listener.address() as AddressInfo
    const name = await stored(
      'docx',
      await docxWithPicture({ linkedTo: `http://127.0.0.1:${port}/picture.png` }),
    )
    const pdf = await pdfOf(name)
    expect(reached).toEqual([])
    expect(imagesInPdf(pdf)).toBe(0)
  })

  it('answers why a document could not be converted, which the api remembers', async () => {
    const name = await stored('docx', (await sampleOffice('docx')).subarray(0, 2_000))
    await expect(previews.pdfOf(name, 'ann')).rejects.toThrow('LibreOffice wrote no PDF.')
    expect(await store.size(previewKeys(name).failed)).toBeGreaterThan(0)
  })

  it('takes office documents only, up to the upload limit', async () => {
    const docx = await sampleOffice('docx')
    expect(await call({ [EXTENSION_HEADER]: 'sh' }, docx)).toEqual({
      status: 400,
      text: 'Only office documents are converted (doc, docx, xls, xlsx, xlsm, ppt, pptx).',
    })
    expect(await call({ [EXTENSION_HEADER]: 'docx' }, Buffer.alloc(1024 * 1024 + 1))).toEqual({
      status: 413,
      text: 'Documents are taken up to 1048576 bytes.',
    })
  })
})
