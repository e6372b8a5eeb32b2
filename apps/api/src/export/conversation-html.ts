import { displayFileName, extensionOf, isPollFileName, stripThumbPrefix } from '@palabre/contracts'
import type { ExportComment, ExportPost } from '@palabre/domain'
import { conversationPath, escapeHtml, fileHref, linkifiedHtml, offlineHead } from './html.js'
import type { NameBook } from './names.js'
import { quizHtml } from './quiz-html.js'
import type { QuizContext, QuizReader } from './quiz-html.js'
import { formatDate } from './texts.js'

/** A post as the pages read it. */
export type PagePost = ExportPost['post']
export type PageComment = ExportComment['comment']

/** What a page needs besides the post: the texts, the names, the archive, the quiz reader. */
export interface PageContext extends QuizContext {
  lang: string
  who: QuizReader
}

const TEXT_IN_INDEX = 120

/** Everyone a post names: its sender, then its recipients. */
export const phonesOf = (post: PagePost): string[] => [
  post.emetr_phone,
  ...post.destinataires.map((r) => r.phone),
]

/** The names of everyone a post names, and which of its folders are unnamed. */
const learnPost = async (post: PagePost, names: NameBook): Promise<void> => {
  await names.learn(phonesOf(post))
  await names.learnFolders(post.groups.map((g) => g.idGroup))
}

const when = (ctx: Pick<PageContext, 't'>, date: Date) => escapeHtml(formatDate(ctx.t, date))

/** A comment's attachment: a link to its copy in the archive, an image or a player for media. */
const attachmentHtml = (name: string, ctx: PageContext): string => {
  if (name === '') return ''
  const stored = stripThumbPrefix(name)
  const shown = escapeHtml(displayFileName(stored))
  if (!ctx.written(stored))
    return `<p class="file">${shown} <em>${escapeHtml(ctx.t.notInArchive)}</em></p>`
  const href = fileHref(stored, ctx.root)
  const ext = extensionOf(stored)
  if (['jpg', 'jpeg', 'png', 'gif'].includes(ext))
    return `<p class="file"><a href="${href}"><img src="${href}" alt="${shown}"></a></p>`
  if (['mp4', 'ogg'].includes(ext))
    return `<p class="file"><video controls preload="none" src="${href}"></video><br><a href="${href}">${shown}</a></p>`
  if (['webm', 'm4a'].includes(ext))
    return `<p class="file"><audio controls preload="none" src="${href}"></audio><br><a href="${href}">${shown}</a></p>`
  return `<p class="file"><a href="${href}">${shown}</a></p>`
}

/** Who a post went to: its recipients by their own names, its folders, or the announcement. */
const audienceHtml = (post: PagePost, ctx: PageContext): string => {
  const { t, names } = ctx
  if (post.typePoste === 'announcement')
    return escapeHtml(t.announcementTo(post.recipientCount ?? post.destinataires.length))
  const to = post.destinataires.map((r) => escapeHtml(names.full(r.phone))).join(', ')
  const folders = post.groups
    .flatMap((g) => names.folder(g) ?? [])
    .map(escapeHtml)
    .join(', ')
  return [
    to === '' ? '' : `${escapeHtml(t.to)} ${to}`,
    folders === '' ? '' : `${escapeHtml(t.folders)} ${folders}`,
  ]
    .filter((part) => part !== '')
    .join(' · ')
}

/**
 * One conversation's page (docs/export.md, "index.html"): the post, then its comments in order,
 * each with its author by their own name, its date in the page's language, its text with links,
 * its files linked to their copies in the archive and its quiz. Every text is escaped.
 */
export async function* conversationPage(
  post: PagePost,
  comments: AsyncIterable<PageComment>,
  ctx: PageContext,
): AsyncGenerator<string> {
  const { t, names } = ctx
  await learnPost(post, names)
  const sender = names.full(post.emetr_phone)
  yield offlineHead(`Palabre — ${t.conversationOf(names.of(post.emetr_phone))}`, ctx.lang)
  yield `<p><a href="${ctx.root}index.html">${escapeHtml(t.backToIndex)}</a></p>`
  yield `<article><header><h1>${escapeHtml(sender)}</h1><p class="meta">${when(ctx, post.dateCreation)} · ${audienceHtml(post, ctx)}</p></header>`
  yield `<div class="text">${linkifiedHtml(post.text)}</div></article>`
  yield `<h2>${escapeHtml(t.commentsHeading)}</h2>`
  let opened = false
  for await (const comment of comments) {
    if (!opened) yield '<ol class="thread">'
    opened = true
    await names.learn([comment.emetr_phone])
    yield `<li><strong>${escapeHtml(names.full(comment.emetr_phone))}</strong> <span class="meta">${when(ctx, comment.dateCreation)}</span>`
    if (comment.cmt !== '') yield `<div class="text">${linkifiedHtml(comment.cmt)}</div>`
    yield attachmentHtml(comment.image, ctx)
    if (isPollFileName(comment.fileDocName)) yield* quizHtml(comment.fileDocName, ctx.who, ctx)
    else yield attachmentHtml(comment.fileDocName, ctx)
    yield '</li>'
  }
  yield opened ? '</ol>' : `<p>${escapeHtml(t.noComments)}</p>`
  yield '</body></html>\n'
}

/** The start of a post's text for an index, whole words, escaped. */
const excerpt = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= TEXT_IN_INDEX) return escapeHtml(flat)
  const cut = flat.slice(0, TEXT_IN_INDEX)
  return `${escapeHtml(cut.slice(0, cut.lastIndexOf(' ') > 60 ? cut.lastIndexOf(' ') : cut.length))}…`
}

/**
 * A conversation's row in an index: its date, who it is with (by their own names, less
 * `viewer`), who started it and the start of its text, linked to its page.
 */
export const conversationRow = async (
  post: PagePost,
  ctx: Pick<PageContext, 't' | 'names'>,
  viewer?: string,
): Promise<string> => {
  const { t, names } = ctx
  await learnPost(post, names)
  const folders = post.groups.flatMap((g) => names.folder(g) ?? [])
  const withWhom =
    post.typePoste === 'announcement'
      ? [t.announcement]
      : folders.length > 0
        ? folders
        : phonesOf(post)
            .filter((p) => p !== viewer)
            .map((p) => names.full(p))
  const text = post.text.trim() === '' ? '—' : excerpt(post.text)
  return `<tr><td>${when(ctx, post.dateCreation)}</td><td>${escapeHtml([...new Set(withWhom)].join(', '))}</td><td>${escapeHtml(names.full(post.emetr_phone))}</td><td><a href="${escapeHtml(conversationPath(post.idPostEmet))}">${text}</a></td></tr>`
}

/** The head of an index's table of conversations. */
export const conversationTableHead = ({ t }: Pick<PageContext, 't'>): string =>
  `<table><thead><tr><th>${escapeHtml(t.dateColumn)}</th><th>${escapeHtml(t.withColumn)}</th><th>${escapeHtml(t.fromColumn)}</th><th>${escapeHtml(t.textColumn)}</th></tr></thead><tbody>`
