import { fileSuffixSeparator, pollExtension, pollSeparator, thumbPrefix } from './constants.js'
import { extensionOf } from './uploads.js'

/** 'thumb_photo.jpg' -> 'photo.jpg': thumbnails carry a six-character prefix (docs/behaviour.md, "Files"). */
export const stripThumbPrefix = (name: string): string =>
  name.startsWith(thumbPrefix) ? name.slice(thumbPrefix.length) : name

/** 'report___k3j9.pdf' -> 'report.pdf': the display name is cut before the stored suffix. */
export const displayFileName = (storedName: string): string => {
  const name = stripThumbPrefix(storedName)
  const cut = name.lastIndexOf(fileSuffixSeparator)
  if (cut <= 0) return name
  const ext = extensionOf(name)
  return ext === '' ? name.slice(0, cut) : `${name.slice(0, cut)}.${ext}`
}

/** The stored name of an upload: `<base>___<id>.<ext>` (docs/behaviour.md, "Files"), never the client's path. */
export const storedFileName = (base: string, id: string, ext: string): string =>
  `${base}${fileSuffixSeparator}${id}${ext === '' ? '' : `.${ext}`}`

/**
 * A poll travels as a fileDoc named `<title>_____<pollId>.poll`. A slash of the title becomes a
 * dash there: an attachment name is never a path (the quiz keeps its own title).
 */
export const pollFileName = (title: string, pollId: string): string =>
  `${title.replace(/[/\\]/g, '-')}${pollSeparator}${pollId}.${pollExtension}`

export const isPollFileName = (name: string): boolean => extensionOf(name) === pollExtension

/** Title and poll id of a poll attachment name, or null when the name is not one. */
export const parsePollFileName = (name: string): { title: string; pollId: string } | null => {
  if (!isPollFileName(name)) return null
  const stem = name.slice(0, -(pollExtension.length + 1))
  const cut = stem.lastIndexOf(pollSeparator)
  if (cut < 0) return null
  const pollId = stem.slice(cut + pollSeparator.length)
  return pollId === '' ? null : { title: stem.slice(0, cut), pollId }
}
