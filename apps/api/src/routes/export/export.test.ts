// Exports through the api (docs/export.md): a person's zip read back entry by entry, what it holds
// and what it must not, its offline page, its manifest; nothing marked by reading it; the
// organisation's export for administrators only, audited, with every collection and no secret.
import { createHash } from 'node:crypto'
import { filesRoutes, pollFileName } from '@palabre/contracts'
import { neverExportedModels } from '@palabre/domain'
import { samplePdf, samplePng } from '@palabre/testing/sample-files'
import type { Test } from 'supertest'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { storeEnv, storeKinds, storedBytes } from '../../../test/stores.js'
import type { StoreKind } from '../../../test/stores.js'
import { readZip, textOf } from '../../../test/zip.js'
import { conversationPath } from '../../export/html.js'

const BOSS = '33600000100'
const boot = useApiHarness({ ADMIN_PHONES: `+${BOSS}` })
let h: ApiHarness
let boss: Member, ann: Member, bob: Member, cat: Member, dan: Member
const stored: Record<string, string> = {}
let pollId = ''

const XSS_POST = '<img src=x onerror=alert(1)>'
const XSS_COMMENT = 'closing </script><script>alert(2)</script> here'

const upload = async (as: Member, kind: 'image' | 'file', name: string, content: Buffer) => {
  const res = await h
    .browser()
    .post(`/api/upload/${kind}`)
    .set('Cookie', as.cookie)
    .attach('fileToUpload', content, name)
    .expect(201)
  return filesRoutes.uploadImage.responses[201].parse(res.body).fileName
}

let n = 0
const comment = (from: Member, idPostEmet: string, body: { cmt?: string; file?: string }) => {
  h.clock.advance(1000)
  const file = body.file ?? ''
  return h.api.ctx.domain.comments.add(from, {
    idPostEmet,
    idCmtEmet: `c${n++}`,
    cmt: body.cmt ?? '',
    image: /\.png$/.test(file) ? file : '',
    fileDocName: /\.png$/.test(file) ? '' : file,
    type: file === '' ? '3' : '1',
  })
}

const send = (from: Member, idPostEmet: string, text: string, to: Member[]) => {
  h.clock.advance(1000)
  return h.api.ctx.domain.posts.send(from, {
    idPostEmet,
    text,
    typePoste: '0',
    destinataires: to.map(({ phone, name }) => ({ phone, name })),
    groups: [],
  })
}

/** The whole answer as bytes, whatever its type. */
const bytes = (test: Test) => test.responseType('blob')

const exportOf = async (member: Member) => {
  const res = await bytes(h.getAs(member, '/api/export')).expect(200)
  const zip = res.body as Buffer
  return { res, zip, entries: await readZip(zip) }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')

interface Manifest {
  counts: Record<string, number>
  files: (
    { name: string; path: string; size: number; sha256: string } | { name: string; error: string }
  )[]
  entries: string[]
}

interface Messages {
  person: { phone: string; name: string }
  posts: {
    id: string
    text: string
    yours: Record<string, unknown>
    recipientMarks?: { phone: string; delivered: number }[]
    comments: { id: string; text: string; author: { phone: string }; file: string; image: string }[]
  }[]
  folders: { id: string; members: { phone: string }[] }[]
  contacts: { phone: string; name: string }[]
  quizResponses: { quizId: string; grade: number }[]
  quizzes: { id: string; results: { phone: string }[] }[]
}

/** What a manifest says of a file gone from the store (docs/export.md). */
const missing: Record<StoreKind, string> = {
  disk: 'missing on disk (ENOENT)',
  s3: 'missing from the bucket (NoSuchKey)',
}

const seed = async (kind: StoreKind) => {
  h = await boot(storeEnv(kind, `export-${kind}`))
  boss = await h.member(BOSS, 'Boss')
  ann = await h.member('33600000101', 'Ann')
  bob = await h.member('33600000102', 'Bob')
  cat = await h.member('33600000103', 'Cat')
  dan = await h.member('33600000104', 'Dan')
  await h.acquaint(ann, bob, cat, dan)
  const { domain } = h.api.ctx

  stored['photo'] = await upload(ann, 'image', 'photo.png', samplePng())
  stored['notes'] = await upload(ann, 'file', 'notes.pdf', samplePdf('Ann notes'))
  stored['orphan'] = await upload(ann, 'file', 'kept for later.pdf', samplePdf('Not shared'))
  stored['bobs'] = await upload(bob, 'file', 'bob reply.pdf', samplePdf('Bob reply'))
  stored['vanishing'] = await upload(ann, 'file', 'vanishing.pdf', samplePdf('Gone soon'))
  stored['secret'] = await upload(cat, 'file', 'catdan-secret.pdf', samplePdf('Cat and Dan'))

  await send(ann, 'p-xss', XSS_POST, [bob])
  await comment(ann, 'p-xss', { file: stored['photo'] })
  await comment(ann, 'p-xss', { cmt: 'the notes', file: stored['notes'] })
  await comment(bob, 'p-xss', { cmt: XSS_COMMENT })
  await comment(bob, 'p-xss', { file: stored['bobs'] })
  await comment(ann, 'p-xss', { file: stored['vanishing'] })

  await send(cat, 'p-catdan', 'cat-dan-only-7Q', [dan])
  await comment(cat, 'p-catdan', { file: stored['secret'] })

  await domain.groups.create(ann, {
    idGroup: 'f-ann-bob',
    nomGroup: 'Ann and Bob',
    noName: '0',
    participants: [{ phone: bob.phone, name: 'Bob' }],
  })

  const quiz = await domain.polls.create(ann.phone, {
    phoneCreatorPoll: ann.phone,
    title: 'Export quiz',
    questions: [
      {
        isAudio: false,
        questionText: 'Right?',
        points: 1,
        isEliminatory: false,
        possibleAnswers: [
          { text: 'yes', isAudio: false, isCorrect: true },
          { text: 'no', isAudio: false, isCorrect: false },
        ],
      },
    ],
  })
  pollId = quiz.pollId
  await comment(ann, 'p-xss', { file: pollFileName(quiz.title, quiz.pollId) })
  await domain.polls.submit({ phone: bob.phone, name: 'Bob' }, pollId, {
    nameRespondent: 'Bob',
    phoneRespondent: bob.phone,
    answers: [{ questionIndex: 0, selectedAnswers: [0] }],
  })

  h.clock.advance(1000)
  await domain.announcements.announce(boss, { text: 'Read this, everyone' })
  const announcement = await h.api.ctx.domain.connection.models['Post']!.findOne({
    typePoste: 'announcement',
  }).lean<{ _id: string }>()
  await comment(bob, announcement!._id, { cmt: 'bob-to-boss-note' })
  await comment(cat, announcement!._id, { cmt: 'cat-to-boss-note' })

  // The file of Ann's last comment is gone from the store (an operator's mistake, a bad disk).
  await h.api.ctx.store.remove(stored['vanishing']!)
}

// The same on both file stores (docs/files.md, "Where files are kept").
describe.each(storeKinds)('on the %s store', (kind) => {
  beforeAll(() => seed(kind))
  afterAll(() => h.close({ dropDatabase: true }))

  describe("a person's export", () => {
    it('is a zip download, never cached nor buffered by a proxy', async () => {
      const { res, entries } = await exportOf(ann)
      expect(res.headers['content-type']).toBe('application/zip')
      const day = h.clock.now().toISOString().slice(0, 10)
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="palabre-export-${ann.phone}-${day}.zip"`,
      )
      expect(res.headers['x-accel-buffering']).toBe('no')
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers['content-length']).toBeUndefined()
      const names = [...entries.keys()]
      expect(names[0]).toBe('messages.json')
      expect(names.at(-2)).toBe('index.html')
      expect(names.at(-1)).toBe('manifest.json')
    })

    it('holds their posts, the comments they see, folders, contacts and quizzes', async () => {
      const { entries } = await exportOf(ann)
      const messages = JSON.parse(textOf(entries, 'messages.json')) as Messages
      expect(messages.person).toMatchObject({ phone: ann.phone, name: 'Ann' })
      const ids = messages.posts.map((p) => p.id)
      expect(ids).toContain('p-xss')
      expect(ids).not.toContain('p-catdan')
      const post = messages.posts.find((p) => p.id === 'p-xss')!
      expect(post.text).toBe(XSS_POST)
      expect(post.yours).toMatchObject({ role: 'sender' })
      // Her own post: each recipient's marks.
      expect(post.recipientMarks?.map((m) => m.phone)).toEqual([bob.phone])
      expect(post.comments.map((c) => c.text)).toContain(XSS_COMMENT)
      expect(post.comments).toHaveLength(6)
      expect(messages.folders.map((f) => f.id)).toEqual(['f-ann-bob'])
      expect(messages.folders[0]!.members.map((m) => m.phone).sort()).toEqual(
        [ann.phone, bob.phone].sort(),
      )
      expect(messages.contacts.map((c) => c.phone).sort()).toEqual(
        [bob.phone, cat.phone, dan.phone].sort(),
      )
      expect(messages.quizzes.map((q) => q.id)).toEqual([pollId])
      expect(messages.quizzes[0]!.results.map((r) => r.phone)).toEqual([bob.phone])

      const bobs = JSON.parse(textOf((await exportOf(bob)).entries, 'messages.json')) as Messages
      expect(bobs.quizResponses).toEqual([
        expect.objectContaining({ quizId: pollId, title: 'Export quiz', grade: 100 }),
      ])
      expect(bobs.posts.find((p) => p.id === 'p-xss')?.yours).toMatchObject({ role: 'recipient' })
    })

    it('carries every file they may read, byte for byte as stored, hashed in the manifest', async () => {
      const { entries } = await exportOf(ann)
      const manifest = JSON.parse(textOf(entries, 'manifest.json')) as Manifest
      const inZip = [...entries.keys()].filter((name) => name.startsWith('files/')).sort()
      // Shared in her posts (hers and Bob's), and her upload shared nowhere.
      expect(inZip).toEqual(
        [stored['photo'], stored['notes'], stored['orphan'], stored['bobs']]
          .map((name) => `files/${name!}`)
          .sort(),
      )
      for (const path of inZip) {
        const name = path.slice('files/'.length)
        const inStore = await storedBytes(h.api.ctx.store, name)
        const data = entries.get(path)!
        expect(sha256(data)).toBe(sha256(inStore))
        expect(manifest.files).toContainEqual({
          name,
          path,
          size: inStore.length,
          sha256: sha256(inStore),
        })
      }
    })

    it('lists a file missing from the store with its error, and writes no entry for it', async () => {
      const { entries } = await exportOf(ann)
      const manifest = JSON.parse(textOf(entries, 'manifest.json')) as Manifest
      expect(manifest.files).toContainEqual({
        name: stored['vanishing'],
        error: missing[kind],
      })
      expect([...entries.keys()].some((name) => name.includes(stored['vanishing']!))).toBe(false)
      expect(manifest.counts['filesMissing']).toBe(1)
    })

    it('counts in its manifest what it holds', async () => {
      const { entries } = await exportOf(ann)
      const manifest = JSON.parse(textOf(entries, 'manifest.json')) as Manifest
      const messages = JSON.parse(textOf(entries, 'messages.json')) as Messages
      expect(manifest.counts).toMatchObject({
        posts: messages.posts.length,
        comments: messages.posts.reduce((sum, p) => sum + p.comments.length, 0),
        folders: messages.folders.length,
        contacts: messages.contacts.length,
        quizzes: 1,
        quizResults: 1,
        quizResponses: 0,
        files: [...entries.keys()].filter((name) => name.startsWith('files/')).length,
      })
      expect(manifest.entries).toEqual(['messages.json', 'index.html', 'manifest.json'])
    })

    it('has offline pages that run nothing: no script, every text escaped, a strict policy', async () => {
      const { entries } = await exportOf(ann)
      const index = textOf(entries, 'index.html')
      expect(index).not.toMatch(/<script/i)
      expect(index).toContain(`href="${conversationPath('p-xss')}"`)
      // The conversation's page holds the post and its thread.
      const html = textOf(entries, conversationPath('p-xss'))
      expect(html).not.toMatch(/<script/i)
      expect(html).not.toContain(XSS_POST)
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
      expect(html).not.toContain('</script>')
      expect(html).toContain('closing &lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt; here')
      expect(html).toContain(
        `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'`,
      )
      // The policy comes before anything people typed.
      expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('&lt;img'))
      // Files are linked where they are in the archive.
      expect(html).toContain(`<img src="../files/${encodeURIComponent(stored['photo']!)}"`)
      expect(html).toContain(`href="../files/${encodeURIComponent(stored['notes']!)}"`)
    })

    it('holds nothing of a conversation the person is not in', async () => {
      const { zip, entries } = await exportOf(ann)
      const everything = Buffer.concat([zip, ...entries.values()]).toString('latin1')
      expect(everything).not.toContain('cat-dan-only-7Q')
      expect(everything).not.toContain('catdan-secret')
      // Dan, who is in it, has both.
      const dans = Buffer.concat([...(await exportOf(dan)).entries.values()]).toString('latin1')
      expect(dans).toContain('cat-dan-only-7Q')
      expect(dans).toContain(stored['secret'])
    })

    it("gives a recipient of an announcement their comments and the author's, not another recipient's", async () => {
      const bobs = Buffer.concat([...(await exportOf(bob)).entries.values()]).toString('utf8')
      expect(bobs).toContain('Read this, everyone')
      expect(bobs).toContain('bob-to-boss-note')
      expect(bobs).not.toContain('cat-to-boss-note')
      const boss_ = Buffer.concat([...(await exportOf(boss)).entries.values()]).toString('utf8')
      expect(boss_).toContain('bob-to-boss-note')
      expect(boss_).toContain('cat-to-boss-note')
    })
  })

  describe('reading for an export', () => {
    it('marks nothing delivered or seen, and tells no sender', async () => {
      await send(dan, 'p-unread', 'not delivered yet', [ann])
      await comment(dan, 'p-unread', { cmt: 'nor this comment' })
      const { models } = h.api.ctx.domain.connection
      const entry = () =>
        models['InboxEntry']!.findOne({ _id: `p-unread:${ann.phone}` }).lean<{
          delivred: number
          delivredtoWeb: number
          cmtnonlu: number
        }>()
      const receipt = () =>
        models['CommentReceipt']!.findOne({ idPostEmet: 'p-unread', phone: ann.phone }).lean<{
          delivred: number
          delivredtoWeb: number
        }>()
      expect(await entry()).toMatchObject({ delivred: 0, delivredtoWeb: 0, cmtnonlu: 1 })
      const tell = vi.spyOn(h.api.ctx.notices, 'tell')
      try {
        const { entries } = await exportOf(ann)
        expect(textOf(entries, 'messages.json')).toContain('nor this comment')
        expect(await entry()).toMatchObject({ delivred: 0, delivredtoWeb: 0, cmtnonlu: 1 })
        expect(await receipt()).toMatchObject({ delivred: 0, delivredtoWeb: 0 })
        expect(tell).not.toHaveBeenCalled()
        // The same spy sees what a read of the wall tells: the sender hears of the delivery.
        await h.getAs(ann, `/api/post/${ann.phone}/0`).expect(200)
        expect(tell).toHaveBeenCalledWith(
          dan.phone,
          'callback',
          expect.objectContaining({ idPostEmet: 'p-unread' }),
        )
        expect(await entry()).toMatchObject({ delivred: 2 })
      } finally {
        tell.mockRestore()
      }
    })
  })

  describe("the organisation's export", () => {
    it('is refused to a member (403) and without a session (401)', async () => {
      await h.getAs(ann, '/api/admin/export').expect(403)
      await h.browser().get('/api/admin/export').expect(401)
      await h.browser().get('/api/export').expect(401)
    })

    it('is audited', async () => {
      const before = await h.getAs(boss, '/api/admin/audit').expect(200)
      await bytes(h.getAs(boss, '/api/admin/export')).expect(200)
      const after = await h.getAs(boss, '/api/admin/audit').expect(200)
      const total = (page: { body: unknown }) => (page.body as { total: number }).total
      expect(total(after)).toBe(total(before) + 1)
      expect((after.body as { items: unknown[] }).items[0]).toMatchObject({
        action: 'export',
        actor: boss.phone,
      })
    })

    it('answers a HEAD with the headers only, making and recording nothing', async () => {
      const audit = () => h.api.ctx.domain.connection.models['AuditEntry']!.countDocuments()
      const before = await audit()
      for (const path of ['/api/export', '/api/admin/export']) {
        const res = await h.browser().head(path).set('Cookie', boss.cookie).expect(200)
        expect(res.headers['content-type']).toBe('application/zip')
      }
      expect(await audit()).toBe(before)
    })

    it("holds every exported collection's rows and every file, and no secret", async () => {
      // Secrets that exist in the database while it is exported.
      const { models } = h.api.ctx.domain.connection
      const issued = await h.api.ctx.domain.otp.issue('whatsapp', cat.phone, '127.0.0.9')
      if (issued.kind !== 'issued') throw new Error('no code was issued')
      const otp = await models['OtpCode']!.findOne({ destination: cat.phone }).lean<{
        codeHash: string
        salt: string
      }>()
      const user = await models['User']!.findOne({ phone: ann.phone }).lean<{
        passwordHash: string
      }>()
      const session = await models['Session']!.findOne({ phone: ann.phone }).lean<{
        tokenHash: string
      }>()
      const token = ann.cookie.split('=')[1]!

      const res = await bytes(h.getAs(boss, '/api/admin/export')).expect(200)
      expect(res.headers['content-type']).toBe('application/zip')
      expect(res.headers['x-accel-buffering']).toBe('no')
      const zip = res.body as Buffer
      const entries = await readZip(zip)
      const manifest = JSON.parse(textOf(entries, 'manifest.json')) as Manifest & {
        counts: { rows: Record<string, number> }
      }

      // Every collection, each row of it.
      for (const [file, model] of [
        ['users.jsonl', 'User'],
        ['contacts.jsonl', 'Contact'],
        ['groups.jsonl', 'Group'],
        ['posts.jsonl', 'Post'],
        ['inbox_entries.jsonl', 'InboxEntry'],
        ['comments.jsonl', 'Comment'],
        ['receipts.jsonl', 'CommentReceipt'],
        ['polls.jsonl', 'Poll'],
        ['poll_responses.jsonl', 'PollResponse'],
        ['files.jsonl', 'File'],
        ['audit.jsonl', 'AuditEntry'],
      ] as const) {
        const lines = textOf(entries, file).split('\n').filter(Boolean)
        const rows = await models[model]!.countDocuments()
        expect(rows, file).toBeGreaterThan(0)
        expect(lines, file).toHaveLength(rows)
        expect(manifest.counts.rows[file], file).toBe(rows)
      }
      const users = textOf(entries, 'users.jsonl')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
      expect(Object.keys(users[0]!).sort()).toEqual([
        'createdAt',
        'deactivatedAt',
        'indicatif',
        'lastSeenAt',
        'mail',
        'nomPrenom',
        'phone',
        'role',
      ])
      const audit = textOf(entries, 'audit.jsonl')
      expect(audit).toContain('"action":"export"')
      const files = [...entries.keys()].filter((name) => name.startsWith('files/'))
      const records = await models['File']!.countDocuments()
      // Every stored file but the one missing from the store, which the manifest lists.
      expect(files).toHaveLength(records - 1)
      expect(manifest.files).toContainEqual({
        name: stored['vanishing'],
        error: missing[kind],
      })
      expect(files).toContain(`files/${stored['secret']!}`)

      // No secret anywhere: neither in the archive's bytes nor in any entry.
      const everything = Buffer.concat([zip, ...entries.values()])
      const text = everything.toString('latin1')
      for (const secret of [
        user!.passwordHash,
        session!.tokenHash,
        otp!.codeHash,
        otp!.salt,
        token,
      ])
        expect(text).not.toContain(secret)
      expect(text).not.toContain('$2b$')
      expect(text).not.toContain(`"${issued.code}"`)
      expect(zip.includes(Buffer.from(issued.code))).toBe(false)
      expect(text).not.toMatch(/passwordHash|tokenHash|codeHash/)
    })

    it('leaves out only the collections of secrets and bookkeeping, and says so for each model', () => {
      const exported = h.api.ctx.domain.exports.organisation.collections.map((c) => c.model)
      const models = Object.keys(h.api.ctx.domain.connection.models).sort()
      // Every model of the domain is in one list or the other, never both.
      expect([...exported, ...neverExportedModels].sort()).toEqual(models)
    })
  })
})
