import {
  buildPath,
  extensionOf,
  filesRoutes,
  thumbPrefix,
  uploadExtensions,
} from '@palabre/contracts'

/**
 * Where the browser reads a stored file (docs/files.md, "Downloads"): the api answers it only to
 * the participants of a conversation holding it. Names are percent-escaped.
 */
export const fileUrl = (stored: string): string =>
  buildPath(filesRoutes.getFile.path, { name: stored })

/** An image's thumbnail (docs/files.md, "Thumbnails"): what strips and bubbles show. */
export const thumbnailUrl = (image: string): string =>
  fileUrl(image.startsWith(thumbPrefix) ? image : `${thumbPrefix}${image}`)

/**
 * The stored name of a file of a post's comments (`GET /api/commentFiles`): its image when it
 * has one, else its document.
 */
export const storedNameOf = (file: { image: string; fileDoc: string }): string =>
  file.image !== '' ? file.image : file.fileDoc

/** An office document as PDF, converted on the server (docs/files.md, "Previews"). */
export const previewUrl = (stored: string): string =>
  buildPath(filesRoutes.getFilePreview.path, { name: stored })

/** How a stored file is shown (docs/reader.md): by its extension, as the server checked it. */
export type FileKind = 'image' | 'video' | 'audio' | 'pdf' | 'office' | 'poll' | 'other'

const kinds: Record<string, FileKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  mp4: 'video',
  ogg: 'audio',
  webm: 'audio',
  m4a: 'audio',
  pdf: 'pdf',
  doc: 'office',
  docx: 'office',
  xls: 'office',
  xlsx: 'office',
  xlsm: 'office',
  ppt: 'office',
  pptx: 'office',
  poll: 'poll',
}

export const fileKindOf = (stored: string): FileKind => kinds[extensionOf(stored)] ?? 'other'

/**
 * Whether a stored file is a recording, a quiz's or a voice message's: what the audio upload
 * takes (docs/files.md, "Recordings"), webm or m4a.
 */
export const isRecording = (stored: string): boolean =>
  (uploadExtensions.audio as readonly string[]).includes(extensionOf(stored))
