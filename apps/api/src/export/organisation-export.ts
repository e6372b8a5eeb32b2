import { displayPhoneKey } from '@palabre/contracts'
import type { ExportLanguage } from '@palabre/contracts'
import type { Domain, ExportUser, OrganisationPagesReader } from '@palabre/domain'
import type { FileStore } from '../files/file-store.js'
import { conversationPage, conversationRow, conversationTableHead } from './conversation-html.js'
import type { PageContext } from './conversation-html.js'
import { conversationPath, escapeHtml, offlineHead } from './html.js'
import { NameBook } from './names.js'
import { exportTexts, formatDate } from './texts.js'
import type { ExportTexts } from './texts.js'
import type { ManifestFile, ZipWriter } from './zip-writer.js'

/** One JSON line per row. */
async function* jsonLines(
  rows: AsyncIterable<Record<string, unknown>>,
  count: () => void,
): AsyncGenerator<string> {
  for await (const row of rows) {
    count()
    yield `${JSON.stringify(row)}\n`
  }
}

const th = (t: ExportTexts, ...keys: (keyof ExportTexts)[]) =>
  `<thead><tr>${keys.map((k) => `<th>${escapeHtml(String(t[k]))}</th>`).join('')}</tr></thead>`

const statusOf = (t: ExportTexts, user: ExportUser): string =>
  user.deactivatedAt
    ? t.deactivatedSince(formatDate(t, user.deactivatedAt))
    : user.role === 'admin'
      ? `${t.active}, ${t.administrator}`
      : t.active

/**
 * The organisation's `index.html` (docs/export.md, "The organisation's index"): the people
 * (name, phone, status), the folders (name, members) and every conversation linked to its page,
 * all plain HTML, so the browser's own search finds anyone. Written as the walks read.
 */
async function* organisationIndex(
  reader: OrganisationPagesReader,
  exportedAt: Date,
  ctx: PageContext,
): AsyncGenerator<string> {
  const { t, names } = ctx
  yield offlineHead(t.organisationTitle, ctx.lang)
  yield `<h1>${escapeHtml(t.organisationTitle)}</h1>`
  yield `<p class="meta">${escapeHtml(t.exportedAt(formatDate(t, exportedAt)))} ${escapeHtml(t.searchHint)} ${escapeHtml(t.dataFiles('*.jsonl'))}</p>`
  yield `<h2 id="people">${escapeHtml(t.people)}</h2><table>${th(t, 'nameColumn', 'phoneColumn', 'statusColumn')}<tbody>`
  for await (const user of reader.people())
    yield `<tr><td>${escapeHtml(user.nomPrenom)}</td><td>${escapeHtml(displayPhoneKey(user.phone))}</td><td>${escapeHtml(statusOf(t, user))}</td></tr>`
  yield '</tbody></table>'
  yield `<h2 id="folders">${escapeHtml(t.foldersHeading)}</h2><table>${th(t, 'nameColumn', 'membersColumn')}<tbody>`
  for await (const folder of reader.folders()) {
    await names.learn(folder.members)
    const name = folder.noName === '1' || folder.nomGroup === '' ? t.unnamedFolder : folder.nomGroup
    yield `<tr><td>${escapeHtml(name)}</td><td>${folder.members.map((p) => escapeHtml(names.full(p))).join(', ')}</td></tr>`
  }
  yield '</tbody></table>'
  yield `<h2 id="conversations">${escapeHtml(t.conversations)}</h2>`
  let rows = 0
  for await (const post of reader.posts()) {
    if (rows++ === 0) yield conversationTableHead(ctx)
    yield await conversationRow(post, ctx)
  }
  yield rows === 0 ? `<p>${escapeHtml(t.noConversations)}</p>` : '</tbody></table>'
  yield '</body></html>\n'
}

/**
 * The organisation's export (docs/export.md, "The organisation's export"): one JSON lines file
 * per exported collection, every stored file under files/, a page per conversation and
 * index.html, then manifest.json. The collections
 * and the users' fields are the domain's allow-lists: secrets are never read.
 */
export const writeOrganisationExport = async (
  writer: ZipWriter,
  domain: Domain,
  store: FileStore,
  exportedAt: Date,
  lang: ExportLanguage,
): Promise<void> => {
  const reader = domain.exports.organisation
  const rows: Record<string, number> = {}
  for (const collection of reader.collections) {
    rows[collection.file] = 0
    await writer.text(
      collection.file,
      jsonLines(collection.rows(), () => {
        rows[collection.file] = (rows[collection.file] ?? 0) + 1
      }),
      exportedAt,
    )
  }
  const files: ManifestFile[] = []
  const written = new Set<string>()
  for await (const record of reader.files()) {
    const name = record._id
    const result = await writer.file(name, `files/${name}`, store, record.createdAt)
    files.push(result)
    if (!('error' in result)) written.add(name)
  }
  // Every conversation's page, written as the posts are walked, then the index.
  const pagesReader = domain.exports.pages
  const ctx: PageContext = {
    t: exportTexts[lang],
    lang,
    names: new NameBook(pagesReader),
    reader: pagesReader,
    written: (name) => written.has(name),
    root: '../',
    who: { kind: 'results', key: false },
  }
  let pages = 0
  for await (const post of pagesReader.posts()) {
    pages++
    await writer.text(
      conversationPath(post.idPostEmet),
      conversationPage(post, pagesReader.comments(post.idPostEmet), ctx),
      exportedAt,
    )
  }
  await writer.text(
    'index.html',
    organisationIndex(pagesReader, exportedAt, { ...ctx, root: '' }),
    exportedAt,
  )
  const manifest = {
    format: 'palabre-export/1',
    kind: 'organisation',
    exportedAt,
    entries: [...reader.collections.map((c) => c.file), 'index.html', 'manifest.json'],
    counts: { rows, files: written.size, filesMissing: files.length - written.size, pages },
    files,
  }
  await writer.text('manifest.json', [JSON.stringify(manifest, null, 2)], exportedAt)
}
