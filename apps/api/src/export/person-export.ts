import { displayPhoneKey } from '@palabre/contracts'
import type { ExportLanguage } from '@palabre/contracts'
import type { Domain, ExportComment, ExportPerson, ExportPost } from '@palabre/domain'
import type { FileStore } from '../files/file-store.js'
import { conversationPage, conversationRow, conversationTableHead } from './conversation-html.js'
import type { PageComment, PageContext, PagePost } from './conversation-html.js'
import { conversationPath, escapeHtml, offlineHead } from './html.js'
import { NameBook } from './names.js'
import { exportTexts, formatDate } from './texts.js'
import type { ManifestFile, ZipWriter } from './zip-writer.js'

/** What a person's export counts, for its manifest (docs/export.md, "A person's export"). */
export interface PersonCounts {
  posts: number
  comments: number
  folders: number
  contacts: number
  quizResponses: number
  quizzes: number
  quizResults: number
  files: number
  filesMissing: number
  /** Conversations' pages. */
  pages: number
}

type Reader = Domain['exports']['person']

const json = (value: unknown): string => JSON.stringify(value)

/** `[` the items `]`, each written by `write`, separated by commas. */
async function* list<T>(
  items: AsyncIterable<T>,
  write: (item: T) => AsyncIterable<string> | string,
): AsyncGenerator<string> {
  yield '['
  let first = true
  for await (const item of items) {
    if (!first) yield ','
    first = false
    const written = write(item)
    if (typeof written === 'string') yield written
    else yield* written
  }
  yield ']'
}

/** A JSON object whose last fields are written later: `{"a":1,"b":2` (no closing brace). */
const openObject = (fields: Record<string, unknown>): string => json(fields).slice(0, -1)

const marksOf = (entry: { delivred: number; delivredtoWeb: number }) => ({
  delivered: entry.delivred,
  deliveredToWeb: entry.delivredtoWeb,
})

/** The files a comment carries that the person may read, gathered for the archive. */
type FileSink = (comment: ExportComment['comment']) => Promise<void>

async function* postJson(p: ExportPost, counts: PersonCounts, sink: FileSink) {
  const { post, entry } = p
  counts.posts++
  yield openObject({
    id: post.idPostEmet,
    type: post.typePoste,
    text: post.text,
    sender: { phone: post.emetr_phone, name: post.emetr_name },
    createdAt: post.dateCreation,
    lastActivityAt: entry.dateLastEvent,
    recipients: post.destinataires.map((r) => ({
      phone: r.phone,
      name: r.name,
      folders: r.idGroupe,
    })),
    folders: post.groups.map((g) => ({ id: g.idGroup, name: g.name })),
    yours: {
      role: entry.role,
      ...(entry.role === 'recipient' ? marksOf(entry) : {}),
      unreadComments: entry.cmtnonlu,
      ...(post.typePoste === 'announcement' && entry.role === 'recipient'
        ? { confirmedAt: entry.confirmedAt ?? null }
        : {}),
    },
  })
  if (entry.role === 'sender') {
    yield ',"recipientMarks":'
    yield* list(p.recipientMarks(), (mark) =>
      json({
        phone: mark.phone,
        ...marksOf(mark),
        unreadComments: mark.cmtnonlu,
        ...(mark.confirmedAt ? { confirmedAt: mark.confirmedAt } : {}),
      }),
    )
  }
  yield ',"comments":'
  yield* list(p.comments(), (c) => commentJson(c, entry.phone, counts, sink))
  yield '}'
}

async function* commentJson(
  { comment, own, receipts }: ExportComment,
  viewer: string,
  counts: PersonCounts,
  sink: FileSink,
) {
  counts.comments++
  await sink(comment)
  const mine = comment.emetr_phone === viewer
  yield openObject({
    id: comment.idCmtEmet,
    author: { phone: comment.emetr_phone, name: comment.emetr_name },
    text: comment.cmt,
    image: comment.image,
    file: comment.fileDocName,
    createdAt: comment.dateCreation,
    ...(mine
      ? { status: comment.tagcmtstatut }
      : { yours: own ? marksOf(own) : marksOf({ delivred: 0, delivredtoWeb: 0 }) }),
  })
  if (mine) {
    yield ',"recipientMarks":'
    yield* list(receipts(), (r) => json({ phone: r.phone, ...marksOf(r) }))
  }
  yield '}'
}

/**
 * `messages.json`, written as it is read (docs/export.md, "messages.json"): the person, their
 * posts with the comments they see and the marks, their folders, contacts and quizzes.
 */
async function* messagesJson(
  reader: Reader,
  person: ExportPerson,
  exportedAt: Date,
  counts: PersonCounts,
  sink: FileSink,
): AsyncGenerator<string> {
  const phone = person.phone
  yield openObject({ format: 'palabre-export/1', exportedAt, person })
  yield ',"posts":'
  yield* list(reader.posts(phone), (p) => postJson(p, counts, sink))
  yield ',"folders":'
  yield* list(reader.folders(phone), (g) => {
    counts.folders++
    return json({
      id: g.idGroup,
      name: g.nomGroup,
      unnamed: g.noName === '1',
      createdBy: g.createdBy,
      admins: g.admin,
      members: g.participants.map((m) => ({ phone: m.phone, name: m.name })),
      createdAt: g.datecreation,
      lastActivityAt: g.datelastevent,
    })
  })
  yield ',"contacts":'
  yield* list(reader.contacts(phone), (c) => {
    counts.contacts++
    return json({ phone: c.phone, name: c.name, createdAt: c.createdAt })
  })
  yield ',"quizResponses":'
  yield* list(reader.quizResponses(phone), (r) => {
    counts.quizResponses++
    return json({
      quizId: r.pollId,
      title: r.title,
      name: r.respondentName,
      grade: r.grade,
      answers: r.answers,
      correction: r.correctionDetails,
      createdAt: r.createdAt,
    })
  })
  yield ',"quizzes":'
  yield* list(reader.ownQuizzes(phone), async function* (poll) {
    counts.quizzes++
    yield openObject({
      id: poll._id,
      title: poll.title,
      createdAt: poll.createdAt,
      questions: poll.questions,
    })
    yield ',"results":'
    yield* list(reader.quizResults(poll._id), (r) => {
      counts.quizResults++
      return json({
        phone: r.respondentPhone,
        name: r.respondentName,
        grade: r.grade,
        answers: r.answers,
        correction: r.correctionDetails,
        createdAt: r.createdAt,
      })
    })
    yield '}'
  })
  yield '}'
}

type Kind = 'announcement' | 'folder' | 'contact'

const kindOf = (post: PagePost): Kind =>
  post.typePoste === 'announcement' ? 'announcement' : post.groups.length > 0 ? 'folder' : 'contact'

/**
 * `index.html`, readable offline in the language asked for (docs/export.md, "index.html"): the
 * person's conversations, announcements, then those in folders, then those with contacts, newest
 * first, each row linked to the conversation's page. Each section walks the posts again rather
 * than keep them: memory does not grow with the export. Only escaped text and markup of our own.
 */
async function* indexHtml(
  reader: Reader,
  person: ExportPerson,
  exportedAt: Date,
  ctx: PageContext,
  pages: ReadonlySet<string>,
): AsyncGenerator<string> {
  const { t } = ctx
  yield offlineHead(t.personTitle(person.name), ctx.lang)
  yield `<h1>${escapeHtml(person.name)} <small>${escapeHtml(displayPhoneKey(person.phone))}</small></h1>`
  yield `<p class="meta">${escapeHtml(t.exportedAt(formatDate(t, exportedAt)))} ${escapeHtml(t.searchHint)} ${escapeHtml(t.dataFiles('messages.json'))}</p>`
  const sections: [Kind, string][] = [
    ['announcement', t.announcements],
    ['folder', t.inFolders],
    ['contact', t.withContacts],
  ]
  for (const [kind, heading] of sections) {
    yield `<h2>${escapeHtml(heading)}</h2>`
    let rows = 0
    for await (const { post } of reader.posts(person.phone)) {
      if (kindOf(post) !== kind || !pages.has(post.idPostEmet)) continue
      if (rows++ === 0) yield conversationTableHead(ctx)
      yield await conversationRow(post, ctx, person.phone)
    }
    yield rows === 0 ? `<p>${escapeHtml(t.noConversations)}</p>` : '</tbody></table>'
  }
  yield '</body></html>\n'
}

/** The comments of a post as its pages read them. */
async function* commentsOnly(post: ExportPost): AsyncGenerator<PageComment> {
  for await (const { comment } of post.comments()) yield comment
}

/**
 * A person's export (docs/export.md): messages.json, every file they may read, index.html, then
 * manifest.json, written to `writer` as they are read.
 */
export const writePersonExport = async (
  writer: ZipWriter,
  domain: Domain,
  store: FileStore,
  person: ExportPerson,
  exportedAt: Date,
  lang: ExportLanguage,
): Promise<void> => {
  const reader = domain.exports.person
  const counts: PersonCounts = {
    posts: 0,
    comments: 0,
    folders: 0,
    contacts: 0,
    quizResponses: 0,
    quizzes: 0,
    quizResults: 0,
    files: 0,
    filesMissing: 0,
    pages: 0,
  }
  // The stored names of the files the person may read (docs/files.md, "Who reads a file"):
  // what the comments they see carry, quizzes' recordings included, and their own uploads.
  const names = new Set<string>()
  const sink: FileSink = async (comment) => {
    for (const name of await reader.filesOf(comment)) names.add(name)
  }
  await writer.text(
    'messages.json',
    messagesJson(reader, person, exportedAt, counts, sink),
    exportedAt,
  )
  for await (const upload of reader.ownUploads(person.phone)) names.add(upload._id)

  const files: ManifestFile[] = []
  const written = new Set<string>()
  for (const name of [...names].sort()) {
    const record = await reader.fileRecord(name)
    // A name no upload recorded is no file anyone reads (docs/files.md, "Who reads a file").
    if (!record) continue
    const result = await writer.file(name, `files/${name}`, store, record.createdAt)
    files.push(result)
    if ('error' in result) counts.filesMissing++
    else {
      counts.files++
      written.add(name)
    }
  }
  // A page per conversation, then the index of those written (docs/export.md, "index.html").
  const ctx: PageContext = {
    t: exportTexts[lang],
    lang,
    names: new NameBook(domain.exports.pages),
    reader: domain.exports.pages,
    written: (name) => written.has(name),
    root: '../',
    who: { kind: 'respondent', phone: person.phone },
  }
  const pages = new Set<string>()
  for await (const post of reader.posts(person.phone)) {
    if (pages.has(post.post.idPostEmet)) continue
    pages.add(post.post.idPostEmet)
    counts.pages++
    await writer.text(
      conversationPath(post.post.idPostEmet),
      conversationPage(post.post, commentsOnly(post), ctx),
      exportedAt,
    )
  }
  await writer.text(
    'index.html',
    indexHtml(reader, person, exportedAt, { ...ctx, root: '' }, pages),
    exportedAt,
  )
  const manifest = {
    format: 'palabre-export/1',
    kind: 'person',
    exportedAt,
    phone: person.phone,
    entries: ['messages.json', 'index.html', 'manifest.json'],
    counts,
    files,
  }
  await writer.text('manifest.json', [JSON.stringify(manifest, null, 2)], exportedAt)
}
