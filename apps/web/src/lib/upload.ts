import {
  errorBodySchema,
  filesRoutes,
  parseAudioUploadAnswer,
  uploadAnswerSchema,
  uploadField,
  uploadKindOf,
  type UploadKind,
} from '@palabre/contracts'
import { ApiError, codeForStatus } from './api-error'

export interface UploadProgress {
  loaded: number
  total: number
}

export interface Upload {
  /** The stored name the server gave the file. */
  done: Promise<{ kind: UploadKind; fileName: string }>
  abort: () => void
}

const pathOf: Record<UploadKind, string> = {
  image: filesRoutes.uploadImage.path,
  media: filesRoutes.uploadMedia.path,
  file: filesRoutes.uploadFile.path,
  audio: filesRoutes.uploadAudio.path,
}

const failure = (status: number, text: string): ApiError => {
  let message = status === 0 ? 'The server cannot be reached.' : `Upload failed (${status}).`
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text))
    if (parsed.success) message = parsed.data.error.message
  } catch {
    // not our error body
  }
  return new ApiError({ status, code: codeForStatus(status), message, serverMessage: message })
}

/**
 * Uploads one file to the call its extension goes to (docs/files.md, "Uploads"), reporting
 * progress: XMLHttpRequest, since fetch reports none for what it sends. A type no call takes is
 * refused here, before anything is sent.
 */
export const startUpload = (
  file: Blob,
  name: string,
  onProgress: (progress: UploadProgress) => void = () => undefined,
  kind: UploadKind | null = uploadKindOf(name),
): Upload => {
  const request = new XMLHttpRequest()
  const done = new Promise<{ kind: UploadKind; fileName: string }>((resolve, reject) => {
    if (kind === null) {
      reject(
        new ApiError({
          status: 415,
          code: 'unsupported_media_type',
          message: 'This type of file cannot be sent.',
        }),
      )
      return
    }
    request.open('POST', pathOf[kind])
    request.withCredentials = true
    request.upload.onprogress = (event) =>
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size })
    request.onload = () => {
      const text = request.responseText
      if (request.status < 200 || request.status >= 300) {
        reject(failure(request.status, text))
        return
      }
      const fileName =
        kind === 'audio'
          ? parseAudioUploadAnswer(text)
          : (() => {
              try {
                const parsed = uploadAnswerSchema.safeParse(JSON.parse(text))
                return parsed.success ? parsed.data.fileName : null
              } catch {
                return null
              }
            })()
      if (fileName === null) reject(failure(500, text))
      else resolve({ kind, fileName })
    }
    request.onerror = () => reject(failure(0, ''))
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'))
    const form = new FormData()
    form.append(uploadField, file, name)
    request.send(form)
  })
  return { done, abort: () => request.abort() }
}
