import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { get } from 'node:http'
import type { ClientRequest, IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { filesRoutes, parseAudioUploadAnswer, pollFileName } from '@palabre/contracts'
import {
  sampleMp4,
  sampleOffice,
  sampleOgg,
  samplePdf,
  samplePng,
  sampleWebm,
} from '@palabre/testing/sample-files'
import sharp from 'sharp'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { previewKeys } from '../../files/file-store.js'
import { webmTiming } from '../../files/webm-duration.js'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { putBytes, storeEnv, storeKinds, storedBytes, storedKeys } from '../../../test/stores.js'

// A small limit, so the oversize case stays small; the 50 MB case is in large-upload.test.ts.
const LIMIT = 1024 * 1024
const boot = useApiHarness({ UPLOAD_MAX_BYTES: String(LIMIT) })
let h: ApiHarness
let ann: Member, bob: Member, dan: Member

const upload = (as: Member, kind: string, name: string, content: Buffer) =>
  h
    .browser()
    .post(`/api/upload/${kind}`)
    .set('Cookie', as.cookie)
    .attach('fileToUpload', content, name)

const uploaded = async (as: Member, kind: string, name: string, content: Buffer) => {
  const res = await upload(as, kind, name, content).expect(201)
  return filesRoutes.uploadImage.responses[201].parse(res.body).fileName
}

const download = (as: Member, name: string) =>
  h
    .browser()
    .get(`/api/files/${encodeURIComponent(name)}`)
    .set('Cookie', as.cookie)
    // Every answer as bytes, whatever its type.
    .responseType('blob')

/** The stored names and thumbnails in the file store. */
const storedNames = async () =>
  (await storedKeys(h.api.ctx.store)).filter((key) => !key.startsWith('.'))

/** What is arriving: uploads being received and checked, before the store has them. */
const arriving = () => readdir(h.api.ctx.uploads.incoming)

/** Ann shares stored files with Bob: a post to him, one comment per file. */
const shareWithBob = async (
  idPostEmet: string,
  files: { image?: string; fileDocName?: string }[],
) => {
  const { domain } = h.api.ctx
  await domain.posts.send(ann, {
    idPostEmet,
    text: 'Files',
    typePoste: '0',
    destinataires: [bob],
    groups: [],
  })
  for (const [index, file] of files.entries())
    await domain.comments.add(ann, {
      idPostEmet,
      idCmtEmet: `${idPostEmet}-${index}`,
      cmt: '',
      image: file.image ?? '',
      fileDocName: file.fileDocName ?? '',
      type: '1',
    })
}

const jpeg = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer()

describe.each(storeKinds)('on the %s store', (kind) => {
  beforeAll(async () => {
    h = await boot(storeEnv(kind, `files-${kind}`))
    ann = await h.member('33600000001', 'Ann A')
    bob = await h.member('33600000002', 'Bob B')
    dan = await h.member('33600000004', 'Dan D')
    await h.acquaint(ann, bob)
  })
  // Each store's suite starts from an empty database.
  afterAll(() => h.close({ dropDatabase: true }))

  describe('uploads', () => {
    it.each([
      ['image', 'photo.png', () => Promise.resolve(samplePng())],
      ['image', 'Holiday Photo.JPG', jpeg],
      ['media', 'clip.mp4', () => Promise.resolve(sampleMp4())],
      ['media', 'voice.ogg', () => Promise.resolve(sampleOgg())],
      ['file', 'minutes.pdf', () => Promise.resolve(samplePdf())],
      ['file', 'letter.docx', () => sampleOffice('docx')],
      ['file', 'letter.doc', () => sampleOffice('doc')],
      ['file', 'sheet.xlsx', () => sampleOffice('xlsx')],
      ['file', 'macros.xlsm', () => sampleOffice('xlsx')],
      ['file', 'sheet.xls', () => sampleOffice('xls')],
      ['file', 'slides.pptx', () => sampleOffice('pptx')],
    ])('%s takes %s under a generated name', async (kind, name, content) => {
      const bytes = await content()
      const fileName = await uploaded(ann, kind, name, bytes)
      const dot = name.lastIndexOf('.')
      const base = name.slice(0, dot)
      const ext = name.slice(dot + 1).toLowerCase()
      expect(fileName).toMatch(new RegExp(`^${base}___[A-Za-z0-9]{12}\\.${ext}$`))
      expect(await h.api.ctx.store.size(fileName)).toBe(bytes.length)
      const res = await download(ann, fileName).expect(200)
      expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0)
    })

    it('answers an audio recording with the text 200#<stored name>', async () => {
      const res = await upload(ann, 'audio', 'question-1.webm', sampleWebm()).expect(200)
      expect(res.type).toBe('text/plain')
      const name = parseAudioUploadAnswer(res.text)
      expect(name).toMatch(/^question-1___[A-Za-z0-9]{12}\.webm$/)
      expect(await storedNames()).toContain(name)
    })

    it('stores a MediaRecorder recording with the duration its header lacked', async () => {
      // Chromium's MediaRecorder writes no Duration (files/fixtures/README.md): 1.5 s recorded.
      const recorded = await readFile(
        new URL('../../files/fixtures/mediarecorder.webm', import.meta.url),
      )
      const work = await mkdtemp(join(tmpdir(), 'palabre-recording-'))
      try {
        const original = join(work, 'original.webm')
        await writeFile(original, recorded)
        expect((await webmTiming(original)).headerSeconds).toBeNull()

        const res = await upload(ann, 'audio', 'recording.webm', recorded).expect(200)
        const served = await download(ann, parseAudioUploadAnswer(res.text) ?? '').expect(200)
        const copy = join(work, 'served.webm')
        await writeFile(copy, served.body as Buffer)
        const timing = await webmTiming(copy)
        expect(timing.headerSeconds).toBeCloseTo(1.5, 1)
        expect(timing.headerCues).toBeGreaterThan(0)
      } finally {
        await rm(work, { recursive: true, force: true })
      }
    })

    it.each([
      ['voice.m4a', 'an m4a (brand M4A)'],
      ['fragmented-recording.m4a', "an m4a as Safari's MediaRecorder writes it (sniffed as mp4)"],
    ])('takes %s, %s, as a recording with its duration', async (fixture, _) => {
      const bytes = await readFile(new URL(`../../files/fixtures/${fixture}`, import.meta.url))
      const res = await upload(ann, 'audio', 'Voice message.m4a', bytes).expect(200)
      // The answer the original clients read, for this new type too.
      const name = parseAudioUploadAnswer(res.text) ?? ''
      expect(name).toMatch(/^Voice message___[A-Za-z0-9]{12}\.m4a$/)
      const stored = await h.api.ctx.domain.files.find(name)
      expect(stored).toMatchObject({ kind: 'audio', mime: 'audio/mp4', size: bytes.length })
      expect(stored?.durationSeconds).toBeCloseTo(3, 1)
      const served = await download(ann, name).expect(200)
      expect(served.headers['content-type']).toBe('audio/mp4')
      expect(served.headers['content-disposition']).toMatch(/^inline;/)
      const info = await h.getAs(ann, `/api/files/${encodeURIComponent(name)}/info`).expect(200)
      expect(info.body).toEqual({
        mime: 'audio/mp4',
        size: bytes.length,
        durationSeconds: expect.closeTo(3, 1),
      })
    })

    it('stores the length of a webm recording, read from the file', async () => {
      const recorded = await readFile(
        new URL('../../files/fixtures/mediarecorder.webm', import.meta.url),
      )
      const res = await upload(ann, 'audio', 'recording.webm', recorded).expect(200)
      const stored = await h.api.ctx.domain.files.find(parseAudioUploadAnswer(res.text) ?? '')
      expect(stored?.durationSeconds).toBeCloseTo(1.5, 1)
    })

    it('refuses an m4a whose length cannot be read (415) and stores nothing', async () => {
      const before = await storedNames()
      // An ISO media header and nothing else: it sniffs as mp4 but holds no sound.
      const res = await upload(ann, 'audio', 'empty.m4a', sampleMp4()).expect(415)
      expect(res.body.error.message).toBe('This recording cannot be read.')
      expect(await storedNames()).toEqual(before)
      expect(await arriving()).toEqual([])
    })

    it('refuses a recording whose webm cannot be read (415) and stores nothing', async () => {
      const before = await storedNames()
      // A webm header, then a Segment whose size is no size at all.
      const broken = Buffer.concat([
        sampleWebm(),
        Buffer.from([0x18, 0x53, 0x80, 0x67, 0x00, 0x00]),
      ])
      const res = await upload(ann, 'audio', 'broken.webm', broken).expect(415)
      expect(res.body.error.message).toBe('This recording cannot be read.')
      expect(await storedNames()).toEqual(before)
      expect(await arriving()).toEqual([])
    })

    it('makes a thumbnail of an image, at most 320 pixels wide, which follows its file', async () => {
      const name = await uploaded(ann, 'image', 'wide.jpg', await jpeg())
      const thumb = await sharp(await storedBytes(h.api.ctx.store, `thumb_${name}`)).metadata()
      expect([thumb.width, thumb.height, thumb.format]).toEqual([320, 213, 'jpeg'])
      const res = await download(ann, `thumb_${name}`).expect(200)
      expect(res.headers['content-type']).toBe('image/jpeg')
      expect(res.headers['content-disposition']).toBe('inline; filename=wide.jpg')
      await download(dan, `thumb_${name}`).expect(404)
    })

    it.each([
      ['image', 'minutes.pdf', samplePdf(), 'This upload takes jpg, jpeg, png or gif files only.'],
      ['media', 'photo.png', samplePng(), 'This upload takes mp4 or ogg files only.'],
      ['file', 'photo.png', samplePng(), /^This upload takes pdf, xls, .* or pptx files only\.$/],
      ['file', 'tool.exe', Buffer.from('MZ'), /^This upload takes pdf/],
      ['audio', 'voice.ogg', sampleOgg(), 'This upload takes webm or m4a files only.'],
      ['audio', 'clip.mp4', sampleMp4(), 'This upload takes webm or m4a files only.'],
    ])('%s refuses %s (415) and stores nothing', async (kind, name, bytes, message) => {
      const before = await storedNames()
      const res = await upload(ann, kind, name, bytes).expect(415)
      expect(res.body.error.message).toEqual(expect.stringMatching(message))
      expect(await storedNames()).toEqual(before)
    })

    it.each([
      ['image', 'photo.png', samplePdf()],
      ['file', 'report.pdf', samplePng()],
      ['file', 'letter.docx', Buffer.from('<html><script>alert(1)</script></html>')],
      ['file', 'sheet.xlsx', Buffer.alloc(0)],
      ['media', 'clip.mp4', sampleOgg()],
      ['audio', 'voice.m4a', samplePdf()],
      ['audio', 'voice.m4a', sampleWebm()],
    ])('%s refuses %s whose content is another type (415)', async (kind, name, bytes) => {
      const before = await storedNames()
      const res = await upload(ann, kind, name, bytes).expect(415)
      expect(res.body.error.message).toMatch(/does not match its extension/)
      expect(await storedNames()).toEqual(before)
      expect(await arriving()).toEqual([])
    })

    it('refuses a file over the size limit (413) and keeps no part of it', async () => {
      const big = Buffer.concat([samplePdf(), Buffer.alloc(LIMIT)])
      const before = await storedNames()
      const res = await upload(ann, 'file', 'big.pdf', big).expect(413)
      expect(res.body.error.message).toBe('The file is larger than 1 MB.')
      expect(await storedNames()).toEqual(before)
      expect(await arriving()).toEqual([])
    })

    it.each([
      ['as UTF-8', 'filename="Procédure été.pdf"'],
      // macOS writes accents as a letter and a combining mark: kept as one letter.
      ['as UTF-8, decomposed', 'filename="Proce\u0301dure e\u0301te\u0301.pdf"'],
      ["in RFC 5987's filename*", "filename*=UTF-8''Proc%C3%A9dure%20%C3%A9t%C3%A9.pdf"],
      [
        'in filename* beside an ASCII fallback',
        `filename="Procedure ete.pdf"; filename*=UTF-8''Proc%C3%A9dure%20%C3%A9t%C3%A9.pdf`,
      ],
    ])('keeps the accents of a file name sent %s', async (_, disposition) => {
      // The part's header as a browser writes it: the name's UTF-8 bytes, or its escaped form.
      const boundary = 'palabre-utf8-boundary'
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="fileToUpload"; ${disposition}\r\n` +
            'Content-Type: application/pdf\r\n\r\n',
          'utf8',
        ),
        samplePdf(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
      const res = await h
        .browser()
        .post('/api/upload/file')
        .set('Cookie', ann.cookie)
        .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
        .send(body)
        .expect(201)
      const name = filesRoutes.uploadFile.responses[201].parse(res.body).fileName
      expect(name).toMatch(/^Procédure été___[A-Za-z0-9]{12}\.pdf$/)
      expect(await storedNames()).toContain(name)
      const served = await download(ann, name).expect(200)
      expect(served.headers['content-disposition']).toContain(
        "filename*=UTF-8''Proc%C3%A9dure%20%C3%A9t%C3%A9.pdf",
      )
    })

    it('never takes a path from the client name', async () => {
      const name = await uploaded(ann, 'image', '../../../etc/cron.d/evil.png', samplePng())
      expect(name).toMatch(/^evil___[A-Za-z0-9]{12}\.png$/)
      const windows = await uploaded(ann, 'image', '..\\..\\thumb_evil.png', samplePng())
      expect(windows).toMatch(/^evil___[A-Za-z0-9]{12}\.png$/)
      expect(await storedNames()).toEqual(expect.arrayContaining([name, windows]))
    })

    it('asks for the file in the field fileToUpload, and for a session', async () => {
      const wrongField = await h
        .browser()
        .post('/api/upload/image')
        .set('Cookie', ann.cookie)
        .attach('file', samplePng(), 'photo.png')
        .expect(400)
      expect(wrongField.body.error.message).toBe('Send one file, in the field fileToUpload.')
      const none = await h
        .browser()
        .post('/api/upload/image')
        .set('Cookie', ann.cookie)
        .field('note', 'no file')
        .expect(400)
      expect(none.body.error.message).toBe('No file: send it in the field fileToUpload.')
      await h
        .browser()
        .post('/api/upload/image')
        .attach('fileToUpload', samplePng(), 'a.png')
        .expect(401)
    })
  })

  describe('downloads', () => {
    let photo = ''
    let pdf = ''
    let clip = ''

    beforeAll(async () => {
      photo = await uploaded(ann, 'image', 'team.png', samplePng())
      pdf = await uploaded(ann, 'file', 'minutes.pdf', samplePdf())
      clip = await uploaded(ann, 'media', 'clip.mp4', sampleMp4(4096))
    })

    it('are for the uploader until a conversation holds the file', async () => {
      await download(ann, pdf).expect(200)
      await download(bob, pdf).expect(404)
      await shareWithBob('files-post', [
        { image: photo },
        { fileDocName: pdf },
        { fileDocName: clip },
      ])
      await download(bob, pdf).expect(200)
      await download(bob, photo).expect(200)
      await download(bob, `thumb_${photo}`).expect(200)
      await download(dan, pdf).expect(404)
      await download(dan, photo).expect(404)
      await h.browser().get(`/api/files/${pdf}`).expect(401)
    })

    it('name the file, keep the browser from sniffing and from running anything', async () => {
      const res = await download(bob, pdf).expect(200)
      expect(res.headers['content-type']).toBe('application/pdf')
      expect(res.headers['content-disposition']).toBe('attachment; filename=minutes.pdf')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
      const image = await download(bob, photo).expect(200)
      expect(image.headers['content-type']).toBe('image/png')
      expect(image.headers['content-disposition']).toBe('inline; filename=team.png')
    })

    it('serve ranges of a video', async () => {
      const res = await download(bob, clip).set('Range', 'bytes=0-99').expect(206)
      expect(res.headers['content-range']).toBe('bytes 0-99/4096')
      expect(res.headers['accept-ranges']).toBe('bytes')
      expect(Buffer.compare(res.body as Buffer, sampleMp4(4096).subarray(0, 100))).toBe(0)
      expect(res.headers['content-length']).toBe('100')
      expect(res.headers['content-type']).toBe('video/mp4')
      const end = await download(bob, clip).set('Range', 'bytes=-96').expect(206)
      expect(end.headers['content-range']).toBe('bytes 4000-4095/4096')
      expect(Buffer.compare(end.body as Buffer, sampleMp4(4096).subarray(4000))).toBe(0)
      const outside = await h
        .browser()
        .get(`/api/files/${clip}`)
        .set('Cookie', bob.cookie)
        .set('Range', 'bytes=5000-6000')
        .expect(416)
      expect(outside.body.error.message).toBe('The range is outside the file.')
      expect(outside.headers['content-range']).toBe('bytes */4096')
    })

    it('answer the whole file to a range they do not serve as one part', async () => {
      // Several ranges, an unreadable header, another unit, a conditional range.
      for (const [header, value] of [
        ['Range', 'bytes=0-9,100-109'],
        ['Range', 'bytes=abc'],
        ['Range', 'items=0-9'],
      ] as const) {
        const res = await download(bob, clip).set(header, value).expect(200)
        expect(Buffer.compare(res.body as Buffer, sampleMp4(4096)), value).toBe(0)
      }
      await download(bob, clip).set('Range', 'bytes=0-9').set('If-Range', '"some-etag"').expect(200)
    })

    it('are revalidated on every use: an ETag, no max-age, and 304 when the copy is current', async () => {
      const res = await download(bob, pdf).expect(200)
      expect(res.headers['cache-control']).toBe('private, no-cache')
      const etag = String(res.headers['etag'])
      expect(etag).toMatch(/^"[^"]+"$/)
      // The same validator from every answer of the name, HEAD included.
      const head = await h.browser().head(`/api/files/${pdf}`).set('Cookie', bob.cookie)
      expect(head.headers['etag']).toBe(etag)
      const current = await download(bob, pdf).set('If-None-Match', etag).expect(304)
      expect(current.headers['etag']).toBe(etag)
      expect(current.headers['cache-control']).toBe('private, no-cache')
      expect((current.body as Buffer | undefined)?.length ?? 0).toBe(0)
      // A list naming it, or any copy (*), is current too; another validator is not.
      await download(bob, pdf).set('If-None-Match', `"other", ${etag}`).expect(304)
      await download(bob, pdf).set('If-None-Match', '*').expect(304)
      const stale = await download(bob, pdf).set('If-None-Match', '"other"').expect(200)
      expect(Buffer.compare(stale.body as Buffer, samplePdf())).toBe(0)
      // Each key has its own: the thumbnail is not its image.
      const image = await download(bob, photo).expect(200)
      const thumb = await download(bob, `thumb_${photo}`).expect(200)
      expect(thumb.headers['cache-control']).toBe('private, no-cache')
      expect(new Set([etag, image.headers['etag'], thumb.headers['etag']]).size).toBe(3)
    })

    it('serve a range under a matching If-Range, and the whole file under another', async () => {
      const etag = String((await download(bob, clip).expect(200)).headers['etag'])
      const part = await download(bob, clip).set('Range', 'bytes=0-9').set('If-Range', etag)
      expect(part.status).toBe(206)
      expect(part.headers['content-range']).toBe('bytes 0-9/4096')
      expect(part.headers['etag']).toBe(etag)
      const whole = await download(bob, clip).set('Range', 'bytes=0-9').set('If-Range', '"old"')
      expect(whole.status).toBe(200)
      expect((whole.body as Buffer).length).toBe(4096)
    })

    it('answer a revalidation by someone who may no longer read the file as to anyone else', async () => {
      const minutes = await uploaded(ann, 'file', 'board minutes.pdf', samplePdf())
      await shareWithBob('revalidate-post', [{ fileDocName: minutes }])
      const etag = String((await download(bob, minutes).expect(200)).headers['etag'])
      await download(bob, minutes).set('If-None-Match', etag).expect(304)
      // Bob leaves the conversation: his cached copy is not confirmed to him any more.
      await h.api.ctx.domain.connection
        .collection<{ _id: string; participants: string[] }>('posts')
        .updateOne({ _id: 'revalidate-post' }, { $pull: { participants: bob.phone } })
      const gone = await download(bob, minutes).set('If-None-Match', etag).expect(404)
      expect(gone.headers['etag']).not.toBe(etag)
      expect(JSON.parse(String(gone.body))).toMatchObject({ error: { code: 'not_found' } })
      // Nor to someone who never could, nor without a session.
      await download(dan, minutes).set('If-None-Match', etag).expect(404)
      await h
        .browser()
        .get(`/api/files/${encodeURIComponent(minutes)}`)
        .set('If-None-Match', etag)
        .expect(401)
    })

    it('answer HEAD with the headers of the file and no body', async () => {
      const res = await h.browser().head(`/api/files/${pdf}`).set('Cookie', bob.cookie).expect(200)
      expect(res.headers['content-length']).toBe(String(samplePdf().length))
      expect(res.headers['content-type']).toBe('application/pdf')
      expect(res.headers['accept-ranges']).toBe('bytes')
      expect(res.text ?? '').toBe('')
    })

    it('end the read from the store when the client goes away', async () => {
      // Far more than loopback's socket buffers hold: a client that stops reading holds the
      // answer mid-file.
      const bytes = randomBytes(16 * 1024 * 1024)
      const name = 'long talk___AbortAbort12.mp4'
      const { store, domain } = h.api.ctx
      await putBytes(store, name, bytes, 'video/mp4')
      await domain.files.record({
        name,
        uploader: ann.phone,
        kind: 'media',
        mime: 'video/mp4',
        size: bytes.length,
      })
      const reading = new Set<Readable>()
      const read = store.read
      store.read = async (key, range) => {
        const stream = await read.call(store, key, range)
        reading.add(stream)
        stream.once('close', () => reading.delete(stream))
        return stream
      }
      const until = async (check: () => boolean, what: string) => {
        for (const end = Date.now() + 20_000; !check();) {
          if (Date.now() > end) throw new Error(`timed out waiting until ${what}`)
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
      }
      try {
        const { port } = h.server.address() as AddressInfo
        const { req, res } = await new Promise<{ req: ClientRequest; res: IncomingMessage }>(
          (resolve, reject) => {
            const req = get(
              {
                host: '127.0.0.1',
                port,
                path: `/api/files/${encodeURIComponent(name)}`,
                headers: { cookie: ann.cookie },
              },
              (res) => {
                res.pause()
                resolve({ req, res })
              },
            )
            req.on('error', reject)
          },
        )
        expect(res.statusCode).toBe(200)
        await until(() => reading.size === 1, "the store's stream is open")
        req.destroy()
        await until(() => reading.size === 0, "the store's stream is closed")
        await download(ann, name).set('Range', 'bytes=0-9').expect(206)
      } finally {
        store.read = read
      }
    })

    it('answer 404 for a name that is no stored file, or not a name', async () => {
      await download(ann, 'nothing___000000000000.pdf').expect(404)
      await download(ann, '.incoming').expect(404)
      await h
        .browser()
        .get('/api/files/..%2F..%2Fetc%2Fpasswd')
        .set('Cookie', ann.cookie)
        .expect(400)
    })

    it("follow a quiz's recordings to the quiz's readers", async () => {
      const res = await upload(ann, 'audio', 'question.webm', sampleWebm()).expect(200)
      const audio = parseAudioUploadAnswer(res.text) ?? ''
      const { domain } = h.api.ctx
      const poll = await domain.polls.create(ann.phone, {
        phoneCreatorPoll: ann.phone,
        title: 'Heard it?',
        questions: [
          {
            isAudio: true,
            questionText: 'Listen',
            audioFileName: audio,
            points: 1,
            isEliminatory: false,
            possibleAnswers: [
              { text: 'yes', isAudio: false, isCorrect: true },
              { text: 'no', isAudio: false, isCorrect: false },
            ],
          },
        ],
      })
      await download(bob, audio).expect(404)
      await shareWithBob('quiz-post', [{ fileDocName: pollFileName(poll.title, poll.pollId) }])
      const heard = await download(bob, audio).expect(200)
      expect(heard.headers['content-type']).toBe('audio/webm')
      await download(dan, audio).expect(404)
    })
  })

  describe('office previews', () => {
    it('convert a document to PDF once, for its readers only', async () => {
      const letter = await uploaded(ann, 'file', 'letter.docx', await sampleOffice('docx'))
      await shareWithBob('preview-post', [{ fileDocName: letter }])
      const preview = (as: Member) =>
        h
          .browser()
          .get(`/api/files/${encodeURIComponent(letter)}/preview`)
          .set('Cookie', as.cookie)
          .responseType('blob')
      // Two readers at once share one conversion.
      const [first, second] = await Promise.all([preview(bob), preview(ann)])
      for (const res of [first, second]) {
        expect(res.status).toBe(200)
        expect(res.headers['content-type']).toBe('application/pdf')
        expect((res.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-')
      }
      expect(first?.headers['content-disposition']).toBe('attachment; filename=letter.pdf')
      // Revalidated as a file is.
      expect(first?.headers['cache-control']).toBe('private, no-cache')
      const etag = String(first?.headers['etag'])
      expect(etag).toMatch(/^"[^"]+"$/)
      await preview(bob).set('If-None-Match', etag).expect(304)
      await preview(dan).set('If-None-Match', etag).expect(404)
      const cached = (await storedKeys(h.api.ctx.store)).filter((key) =>
        key.startsWith('.previews/'),
      )
      expect(cached).toEqual([previewKeys(letter).pdf])
      await preview(dan).expect(404)
    })

    it('exist for office documents only (415)', async () => {
      const pdf = await uploaded(ann, 'file', 'plain.pdf', samplePdf())
      await h.browser().get(`/api/files/${pdf}/preview`).set('Cookie', ann.cookie).expect(415)
    })
  })

  describe('two api nodes on the same database and store', () => {
    it('serve through one a file uploaded through the other, whole and in part', async () => {
      const other = await h.anotherNode()
      const bytes = sampleMp4(8192)
      const res = await request(other.server)
        .post('/api/upload/media')
        .set('Cookie', ann.cookie)
        .attach('fileToUpload', bytes, 'shared.mp4')
        .expect(201)
      const name = filesRoutes.uploadMedia.responses[201].parse(res.body).fileName
      const whole = await download(ann, name).expect(200)
      expect(Buffer.compare(whole.body as Buffer, bytes)).toBe(0)
      const part = await download(ann, name).set('Range', 'bytes=100-1099').expect(206)
      expect(part.headers['content-range']).toBe('bytes 100-1099/8192')
      expect(Buffer.compare(part.body as Buffer, bytes.subarray(100, 1100))).toBe(0)
    })
  })
})
