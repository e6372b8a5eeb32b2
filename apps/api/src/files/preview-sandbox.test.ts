// Hostile office documents through the api (docs/files.md, "The sandbox"): a member uploads a
// .docx whose picture is linked to a URL of this machine's, or to another person's stored
// file, and asks for its preview. The real LibreOffice converts it in its bubblewrap sandbox:
// the preview comes back, and neither the link's server nor the other file is reached.
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { filesRoutes } from '@palabre/contracts'
import { samplePng } from '@palabre/testing/sample-files'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diskPathOf } from './disk-store.js'
import { useApiHarness } from '../../test/api-harness.js'
import type { ApiHarness, Member } from '../../test/api-harness.js'
import { docxWithPicture, imagesInPdf } from '../../test/office-documents.js'

const boot = useApiHarness()
let h: ApiHarness
let ann: Member, bob: Member
let listener: Server
/** Every request the listener of this machine received. */
const reached: string[] = []

beforeAll(async () => {
  h = await boot()
  ann = await h.member('33600000001', 'Ann A')
  bob = await h.member('33600000002', 'Bob B')
  listener = createServer((req, res) => {
    reached.push(`${req.method} ${req.url}`)
    res.writeHead(200, { 'content-type': 'image/png' }).end(samplePng(40, 40, [10, 200, 10]))
  })
  await new Promise<void>((done) => listener.listen(0, '127.0.0.1', done))
})
afterAll(async () => {
  await new Promise((done) => listener.close(done))
  await h.close()
})

const uploaded = async (as: Member, kind: string, name: string, content: Buffer) => {
  const res = await h
    .browser()
    .post(`/api/upload/${kind}`)
    .set('Cookie', as.cookie)
    .attach('fileToUpload', content, name)
    .expect(201)
  return filesRoutes.uploadFile.responses[201].parse(res.body).fileName
}

/** The preview's PDF, as the reader asks for it. */
const previewOf = async (as: Member, name: string): Promise<Buffer> => {
  const res = await h
    .browser()
    .get(`/api/files/${encodeURIComponent(name)}/preview`)
    .set('Cookie', as.cookie)
    .responseType('blob')
    .expect(200)
  expect(res.headers['content-type']).toBe('application/pdf')
  const pdf = res.body as Buffer
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  return pdf
}

describe('an office preview in its sandbox', () => {
  it('draws a picture the document carries (so a missing one below means it was kept out)', async () => {
    const doc = await uploaded(
      ann,
      'file',
      'embedded.docx',
      await docxWithPicture({ embedded: true }),
    )
    expect(imagesInPdf(await previewOf(ann, doc))).toBe(1)
  })

  it('reaches no network: a picture linked to a server of this machine is never fetched', async () => {
    const { port } = listener.address() as AddressInfo
    const linked = await docxWithPicture({ linkedTo: `http://127.0.0.1:${port}/picture.png` })
    const doc = await uploaded(ann, 'file', 'linked.docx', linked)
    // LibreOffice waits for a linked picture while it converts: had it asked, the listener
    // would have answered before the PDF came back.
    const pdf = await previewOf(ann, doc)
    expect(reached).toEqual([])
    expect(imagesInPdf(pdf)).toBe(0)
  })

  it("reads no file of the server: a picture linked to another person's stored file stays out", async () => {
    const photo = await uploaded(bob, 'image', 'private.png', samplePng(40, 40, [200, 10, 10]))
    const path = diskPathOf(h.api.ctx.config.uploads.dir, photo)
    const doc = await uploaded(
      ann,
      'file',
      'peek.docx',
      await docxWithPicture({ linkedTo: `file://${path}` }),
    )
    expect(imagesInPdf(await previewOf(ann, doc))).toBe(0)
  })
})
