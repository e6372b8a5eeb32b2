/** HTML of the offline page (docs/export.md, "index.html"): every text people typed is escaped. */

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
export const fileHref = (storedName: string): string =>
  escapeHtml(`files/${encodeURIComponent(storedName)}`)

/**
 * Nothing runs and nothing loads from elsewhere when the page is opened from disk: no script in
 * it, and this policy besides.
 */
export const offlinePolicy =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

const style = `body{font:15px/1.45 system-ui,sans-serif;max-width:48rem;margin:1rem auto;padding:0 1rem;color:#1b1b1b}
article{border-top:1px solid #ccc;padding:.75rem 0}
.meta{color:#555;font-size:.85em}.text{white-space:pre-wrap;overflow-wrap:anywhere;margin:.35rem 0}
.thread{list-style:none;margin:.5rem 0 0 1rem;padding:0 0 0 .75rem;border-left:3px solid #ddd}
.thread li{margin:.5rem 0}img{max-width:100%;height:auto}video{max-width:100%}`

/** The page's start, the policy first. */
export const offlineHead = (title: string): string =>
  `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${offlinePolicy}"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${style}</style></head><body>`
