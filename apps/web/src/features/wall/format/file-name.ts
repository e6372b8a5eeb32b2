import { displayFileName as contractsDisplayName } from '@palabre/contracts'

/**
 * The name a comment's attachment is shown by (docs/wall.md, "Discussion"): without the
 * thumbnail's `thumb_` prefix and the stored `___<id>` suffix, the extension kept:
 * 'thumb_report___a1b2.pdf' reads 'report.pdf'. The contracts hold the rule for every client.
 */
export const displayFileName = (stored: string): string => contractsDisplayName(stored)

/** The stored names of what a comment carries: its image, then its document. */
export const commentAttachments = (data: { image: string; fileDocName: string }): string[] =>
  [data.image, data.fileDocName].filter((name) => name.trim() !== '')
