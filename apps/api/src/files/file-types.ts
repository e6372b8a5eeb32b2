import type { UploadKind } from '@palabre/contracts'
import { uploadExtensions } from '@palabre/contracts'

/**
 * What the content of a file must sniff as for its extension (docs/files.md, "Uploads"): the
 * extension decides how the file is served, so a file whose bytes say otherwise is refused.
 * The values are file-type's extensions; legacy Office files are all one container (cfb).
 */
export const sniffedAs: Record<string, readonly string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  // ISO media files: phones write mp4 with these brands.
  mp4: ['mp4', 'm4v', 'mov'],
  ogg: ['ogg', 'oga', 'ogv', 'opus', 'spx', 'ogm', 'ogx'],
  webm: ['webm'],
  // AAC in an ISO media file: Safari's MediaRecorder writes mp4 brands, other tools M4A.
  m4a: ['m4a', 'mp4'],
  pdf: ['pdf'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  xlsm: ['xlsm', 'xlsx'],
  pptx: ['pptx'],
}

/** Shown in the browser (the bubbles play and show them); everything else is a download. */
export const inlineExtensions = new Set(['jpg', 'jpeg', 'png', 'gif', 'mp4', 'ogg', 'webm', 'm4a'])

/**
 * The type recorded for a checked file: what its content sniffed as, but an m4a is audio
 * whatever brand its container has (file-type names Safari's recordings video/mp4).
 */
export const storedMime = (ext: string, sniffed: string): string =>
  ext === 'm4a' ? 'audio/mp4' : sniffed

/** The refusal of a file whose extension another upload takes, or none does. */
export const wrongExtensionMessage = (kind: UploadKind): string => {
  const list = [...uploadExtensions[kind]]
  const last = list.pop() ?? ''
  const names = list.length === 0 ? last : `${list.join(', ')} or ${last}`
  return `This upload takes ${names} files only.`
}
