/** Upload extension allow-lists (docs/behaviour.md, "Files"). Lower case, no dot. */

/** What the file picker offers. */
export const pickerExtensions = [
  'jpg',
  'jpeg',
  'png',
  'pdf',
  'xls',
  'xlsx',
  'xlsm',
  'doc',
  'docx',
  'ppt',
  'pptx',
  'mp4',
] as const

export const uploadExtensions = {
  image: ['jpg', 'jpeg', 'png', 'gif'],
  media: ['mp4', 'ogg'],
  /** Recordings: quizzes' and voice messages (webm from most browsers, m4a from Safari). */
  audio: ['webm', 'm4a'],
  /** Everything else the picker allows. */
  file: ['pdf', 'xls', 'xlsx', 'xlsm', 'doc', 'docx', 'ppt', 'pptx'],
} as const satisfies Record<string, readonly string[]>

export type UploadKind = keyof typeof uploadExtensions

/**
 * A file name each upload takes, the example of the OpenAPI document (whose fuzzing sends a real
 * file of that type under it, docs/testing.md, "Fuzzing").
 */
export const uploadExampleNames: Readonly<Record<UploadKind, string>> = {
  image: 'photo.png',
  media: 'clip.mp4',
  audio: 'recording.webm',
  file: 'minutes.pdf',
}

/** Opened in the reader's document viewer; other types show an icon and the name. */
export const readerDocumentExtensions = [
  'pdf',
  'xls',
  'xlsx',
  'xlsm',
  'csv',
  'doc',
  'docx',
  'ppt',
  'pptx',
] as const

/**
 * The Content-Type a stored file is served with, from its (checked) extension
 * (docs/files.md, "Downloads").
 */
export const servedContentTypes: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  mp4: 'video/mp4',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
  m4a: 'audio/mp4',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xlsm: 'application/vnd.ms-excel.sheet.macroEnabled.12',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
}

/** A stored file of no known extension (none is accepted today) is served as bytes. */
export const fallbackContentType = 'application/octet-stream'

export const defaultUploadLimitBytes = 50 * 1024 * 1024

/** The extension of a file name, lower case without the dot ('' when none). */
export const extensionOf = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.')
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase()
}

/** Which upload a picked file goes to (routing by extension), or null when it is refused. */
export const uploadKindOf = (fileName: string): UploadKind | null => {
  const ext = extensionOf(fileName)
  for (const kind of ['image', 'media', 'audio', 'file'] as const) {
    if ((uploadExtensions[kind] as readonly string[]).includes(ext)) return kind
  }
  return null
}

export const isAllowedFor = (kind: UploadKind, fileName: string): boolean =>
  (uploadExtensions[kind] as readonly string[]).includes(extensionOf(fileName))
