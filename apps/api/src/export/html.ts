import { createHash } from 'node:crypto'
import { tokenize } from 'linkifyjs'

/** HTML of the offline pages (docs/export.md, "index.html"): every text people typed is escaped. */

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text safe in an element or a quoted attribute. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => entities[c] ?? c)

/** The relative address of a stored file in the archive, escaped for an attribute. */
export const fileHref = (storedName: string, from = ''): string =>
  escapeHtml(`${from}files/${encodeURIComponent(storedName)}`)

/** Only these open from a page: never `javascript:`, `data:` or a local file. */
const linkable = /^(https?:\/\/|mailto:)/i

/**
 * A text people typed, escaped, its web addresses and mail addresses made links (linkifyjs,
 * as the wall does): http, https and mailto only, opening apart from the page.
 */
export const linkifiedHtml = (text: string): string =>
  tokenize(text)
    .map((token) => {
      const shown = escapeHtml(token.toString())
      if (!token.isLink) return shown
      const href = token.toHref('https')
      if (!linkable.test(href)) return shown
      return `<a href="${escapeHtml(href)}" rel="noopener noreferrer" target="_blank">${shown}</a>`
    })
    .join('')

/**
 * The page of a conversation in the archive, `conversations/<name>.html`: its id when that is a
 * safe file name, else a digest of it (ids are the clients', up to 128 characters of anything).
 */
export const conversationPath = (postId: string): string =>
  `conversations/${
    /^[A-Za-z0-9_-]{1,100}$/.test(postId)
      ? postId
      : createHash('sha256').update(postId).digest('hex').slice(0, 32)
  }.html`

/**
 * Nothing runs and nothing loads from elsewhere when the page is opened from disk: no script in
 * it, and this policy besides.
 */
export const offlinePolicy =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

const style = `body{font:15px/1.45 system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;color:#1b1b1b}
article{border-top:1px solid #ccc;padding:.75rem 0}a{color:#0b57a4}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}th,td{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f3f3f3}.quiz{border:1px solid #ccc;border-radius:6px;padding:.5rem .75rem;margin:.5rem 0}
.quiz ol{padding-left:1.5rem}.right{color:#14692f}.wrong{color:#a11}.grade{font-weight:bold}
.meta{color:#555;font-size:.85em}.text{white-space:pre-wrap;overflow-wrap:anywhere;margin:.35rem 0}
.thread{list-style:none;margin:.5rem 0 0 1rem;padding:0 0 0 .75rem;border-left:3px solid #ddd}
.thread li{margin:.5rem 0}img{max-width:100%;height:auto}video{max-width:100%}`

/** The page's start in its language, the policy first. */
export const offlineHead = (title: string, lang = 'en'): string =>
  `<!DOCTYPE html>\n<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${offlinePolicy}"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${style}</style></head><body>`
