// Names stored before uploads read file names as UTF-8 (docs/files.md, "Names garbled by earlier
// uploads"): a start repairs the stored names whose garbling can be undone exactly, in the file
// store and in every document that names them, and leaves the others as they are. On both stores.
import { extensionOf, pollFileName, storedFileName } from '@palabre/contracts'
import { samplePdf, samplePng, sampleMp4, sampleWebm } from '@palabre/testing/sample-files'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../test/api-harness.js'
import type { ApiHarness, Member } from '../../test/api-harness.js'
import { putBytes, storeEnv, storeKinds, storedBytes, storedKeys } from '../../test/stores.js'
import { previewKeys } from './file-store.js'
import { repairedFileName } from './name-repair.js'
import { safeBase } from './upload-store.js'

const boot = useApiHarness()
let h: ApiHarness
let ann: Member, bob: Member

/**
 * The stored name earlier uploads made of a client's name: multer handed busboy latin1, which
 * read the name's UTF-8 bytes one by one, and the sanitizer then replaced what is no letter.
 */
const garbled = (clientName: string, id: string): string =>
  storedFileName(
    safeBase(Buffer.from(clientName, 'utf8').toString('latin1')),
    id,
    extensionOf(clientName),
  )

/** A file as an earlier upload left it: in the store, and recorded. */
const seedFile = async (
  name: string,
  bytes: Buffer,
  mime: string,
  kind: 'image' | 'media' | 'file' | 'audio',
  durationSeconds?: number,
) => {
  const { store, domain } = h.api.ctx
  await putBytes(store, name, bytes, mime)
  if (kind === 'image') await putBytes(store, `thumb_${name}`, bytes, mime)
  await domain.files.record({
    name,
    uploader: ann.phone,
    kind,
    mime,
    size: bytes.length,
    ...(durationSeconds === undefined ? {} : { durationSeconds }),
  })
}

/** Ann's post to Bob with one comment per attachment. */
const share = async (idPostEmet: string, files: { image?: string; fileDocName?: string }[]) => {
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

/** Starts another api node on the same database and store, as a restart would: it repairs. */
const restart = async () => {
  // A database written by an earlier version has no marker of the repair (this file's first
  // node set it on an empty database).
  await h.api.ctx.domain.connection.collection('repairs').deleteMany({})
  return h.anotherNode()
}

const collection = (name: string) => h.api.ctx.domain.connection.collection(name)

const attachments = async (idPostEmet: string) =>
  (
    await collection('comments')
      .find({ idPostEmet }, { projection: { image: 1, fileDocName: 1, _id: 0 } })
      .sort({ _id: 1 })
      .toArray()
  ).map((c) => [c['image'], c['fileDocName']])

describe.each(storeKinds)('on the %s store', (kind) => {
  beforeAll(async () => {
    h = await boot(storeEnv(kind, `name-repair-${kind}`))
    ann = await h.member('33600000001', 'Ann A')
    bob = await h.member('33600000002', 'Bob B')
    await h.acquaint(ann, bob)
  })
  afterAll(() => h.close({ dropDatabase: true }))

  it('repairs the names whose garbling can be undone, everywhere, and leaves the others', async () => {
    // ê, ü: their second UTF-8 byte reads in latin1 as a letter (ª) or a number (¼), which the
    // sanitizer kept. é's reads as ©, which it replaced: that one is lost.
    const photo = garbled('Fenêtre.png', 'Photo0000001')
    const video = garbled('Müller.mp4', 'Video0000001')
    const letter = garbled('Büro.docx', 'Docum0000001')
    const voice = garbled('Stimme für.webm', 'Audio0000001')
    const lost = garbled('Procédure été.pdf', 'Lost00000001')
    expect([photo, video, letter, voice, lost]).toEqual([
      'FenÃªtre___Photo0000001.png',
      'MÃ¼ller___Video0000001.mp4',
      'BÃ¼ro___Docum0000001.docx',
      'Stimme fÃ¼r___Audio0000001.webm',
      'ProcÃ_dure Ã_tÃ____Lost00000001.pdf',
    ])
    const { store, domain } = h.api.ctx
    await seedFile(photo, samplePng(), 'image/png', 'image')
    await seedFile(video, sampleMp4(2048), 'video/mp4', 'media', 20)
    await seedFile(letter, samplePdf(), 'application/pdf', 'file')
    await putBytes(store, previewKeys(letter).pdf, samplePdf(), 'application/pdf')
    await seedFile(voice, sampleWebm(), 'audio/webm', 'audio', 2)
    await seedFile(lost, samplePdf(), 'application/pdf', 'file')
    const quiz = await domain.polls.create(ann.phone, {
      phoneCreatorPoll: ann.phone,
      title: 'Heard it?',
      questions: [
        {
          isAudio: true,
          questionText: 'Listen',
          audioFileName: voice,
          points: 1,
          isEliminatory: false,
          possibleAnswers: [
            { text: '', isAudio: true, audioFileName: voice, isCorrect: true },
            { text: 'no', isAudio: false, isCorrect: false },
          ],
        },
      ],
    })
    const quizName = pollFileName(quiz.title, quiz.pollId)
    await share('repair-post', [
      { image: photo },
      { image: `thumb_${photo}` },
      { fileDocName: video },
      { fileDocName: letter },
      { fileDocName: lost },
      { fileDocName: quizName },
    ])
    await domain.fileViews.report({
      file: video,
      viewer: bob.phone,
      durationSeconds: 20,
      ranges: [[0, 5]],
    })
    const bobsProgress = await domain.fileViews.progressOf(video, bob.phone, 20)

    await restart()

    const fixed = {
      photo: 'Fenêtre___Photo0000001.png',
      video: 'Müller___Video0000001.mp4',
      letter: 'Büro___Docum0000001.docx',
      voice: 'Stimme für___Audio0000001.webm',
    }
    // The store: every key of a repaired name moved, bytes and all; the lost one stays.
    const keys = await storedKeys(store)
    expect(keys).toEqual(
      [
        fixed.photo,
        `thumb_${fixed.photo}`,
        fixed.video,
        fixed.letter,
        previewKeys(fixed.letter).pdf,
        fixed.voice,
        lost,
      ].sort(),
    )
    expect(Buffer.compare(await storedBytes(store, fixed.photo), samplePng())).toBe(0)
    expect(Buffer.compare(await storedBytes(store, `thumb_${fixed.photo}`), samplePng())).toBe(0)
    expect(Buffer.compare(await storedBytes(store, fixed.video), sampleMp4(2048))).toBe(0)
    // The records, under the repaired names.
    expect(
      (await collection('files').find({}).sort({ _id: 1 }).toArray()).map((f) => f['_id']),
    ).toEqual([fixed.letter, fixed.photo, fixed.video, lost, fixed.voice].sort())
    expect(await domain.files.find(fixed.video)).toMatchObject({
      uploader: ann.phone,
      mime: 'video/mp4',
      size: 2048,
      durationSeconds: 20,
    })
    // The comments, the quiz's recordings and the proof of viewing name them.
    expect(await attachments('repair-post')).toEqual([
      [fixed.photo, ''],
      [`thumb_${fixed.photo}`, ''],
      ['', fixed.video],
      ['', fixed.letter],
      ['', lost],
      ['', quizName],
    ])
    const stored = await collection('polls').findOne({ _id: quiz.pollId as never })
    expect(stored?.['questions'][0].audioFileName).toBe(fixed.voice)
    expect(stored?.['questions'][0].possibleAnswers[0].audioFileName).toBe(fixed.voice)
    expect(await domain.fileViews.progressOf(fixed.video, bob.phone, 20)).toEqual(bobsProgress)
    expect(await collection('fileviews').countDocuments({ file: video })).toBe(0)

    // Bob reads them under their repaired names, shown with their accents; the old names are gone.
    const download = (name: string) => h.getAs(bob, `/api/files/${encodeURIComponent(name)}`)
    const res = await download(fixed.photo).expect(200)
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Fen?tre.png"; filename*=UTF-8''Fen%C3%AAtre.png`,
    )
    await download(`thumb_${fixed.photo}`).expect(200)
    await download(fixed.voice).expect(200)
    await download(photo).expect(404)
    // The lost one is read as before, under its stored name.
    await download(lost).expect(200)
  })

  it('finishes a repair that stopped half-way, and a repaired database is left as it is', async () => {
    const name = garbled('Crème brûlée Ñandú.png', 'Half00000001')
    // è and û are lost ('¨' and '»' were replaced), so this one stays; ò is not.
    const kept = garbled('Parlò.png', 'Half00000002')
    expect(kept).toBe('ParlÃ²___Half00000002.png')
    const fixed = 'Parlò___Half00000002.png'
    const { store } = h.api.ctx
    await seedFile(name, samplePng(), 'image/png', 'image')
    await seedFile(kept, samplePng(), 'image/png', 'image')
    await share('half-post', [{ image: name }, { image: kept }])
    // A start stopped after copying the file and pointing the comment at the new name: the old
    // key, its thumbnail and its record are still there.
    await putBytes(store, fixed, samplePng(), 'image/png')
    await collection('comments').updateOne({ image: kept }, { $set: { image: fixed } })

    await restart()

    const after = await storedKeys(store)
    expect(after).toContain(fixed)
    expect(after).toContain(`thumb_${fixed}`)
    expect(after).not.toContain(kept)
    expect(after).not.toContain(`thumb_${kept}`)
    expect(after).toContain(name)
    expect(await collection('files').countDocuments({ _id: kept as never })).toBe(0)
    expect(await h.api.ctx.domain.files.find(fixed)).toMatchObject({ uploader: ann.phone })
    expect(await attachments('half-post')).toEqual([
      [name, ''],
      [fixed, ''],
    ])

    // Started again on the repaired database: nothing changes.
    const files = await collection('files').find({}).sort({ _id: 1 }).toArray()
    await restart()
    expect(await storedKeys(store)).toEqual(after)
    expect(await collection('files').find({}).sort({ _id: 1 }).toArray()).toEqual(files)
  })
})

describe('repairedFileName', () => {
  it('undoes a latin1 reading whose every byte survived', () => {
    expect(repairedFileName('FenÃªtre___Photo0000001.png')).toBe('Fenêtre___Photo0000001.png')
    expect(repairedFileName(garbled('Camões.pdf', 'Poem00000002'))).toBe(
      'Camões___Poem00000002.pdf',
    )
  })

  it.each([
    ['an ASCII name', 'minutes___Ascii0000001.pdf'],
    ['a name read right (an RFC 5987 filename*)', 'Procédure été___Right0000001.pdf'],
    ['a name beyond latin1', '日本___Japan0000001.pdf'],
    ['a byte the sanitizer replaced', garbled('Procédure.pdf', 'Lost00000001')],
    ['a sequence cut by the length limit', `${'Ãª'.repeat(49)}Ã___Cut000000001.pdf`],
    ['no stored suffix', 'FenÃªtre.png'],
  ])('leaves %s as it is', (_, name) => {
    expect(repairedFileName(name)).toBeUndefined()
  })
})
