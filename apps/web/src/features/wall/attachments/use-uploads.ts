import type { UploadKind } from '@palabre/contracts'
import { useCallback, useEffect, useRef, useState } from 'react'
import { displayFileName } from '../format/file-name'
import { newClientId } from '../model/ids'

/** One file chosen for a post or a comment, on its way to the server or there. */
export interface PickedFile {
  key: string
  /** The name the person chose (display), or the quiz's title. */
  name: string
  state: 'uploading' | 'done' | 'failed'
  /** 0 to 1. */
  progress: number
  /** What it became on the server: a stored upload, or a quiz attachment. */
  kind?: UploadKind | 'poll'
  fileName?: string
  error?: string
}

/** A picked file's place in a comment: images in `image`, everything else in `fileDocName`. */
export const attachmentOf = (file: PickedFile): { image: string; fileDocName: string } =>
  file.kind === 'image'
    ? { image: file.fileName ?? '', fileDocName: '' }
    : { image: '', fileDocName: file.fileName ?? '' }

const storedFile = ({ image, fileDocName }: { image: string; fileDocName: string }): PickedFile => {
  const fileName = image !== '' ? image : fileDocName
  return {
    key: newClientId(),
    name: displayFileName(fileName),
    state: 'done',
    progress: 1,
    kind: image !== '' ? 'image' : 'file',
    fileName,
  }
}

/**
 * Files chosen in the send modal or the discussion footer (docs/wall.md, "Attachments"): each
 * uploads as soon as it is chosen, with its progress; a failure keeps its row with the server's
 * reason until removed. Removing or leaving cancels what is still uploading. With `onDone`, a
 * stored file is handed over and its row goes.
 */
export const useUploads = (
  onDone?: (file: PickedFile) => void,
  /** Files already stored (a shared post's): chosen, with nothing to upload. */
  stored: readonly { image: string; fileDocName: string }[] = [],
) => {
  const [files, setFiles] = useState<PickedFile[]>(() => stored.map(storedFile))
  const aborts = useRef(new Map<string, () => void>())
  const doneRef = useRef(onDone)
  useEffect(() => {
    doneRef.current = onDone
  })

  useEffect(() => {
    const running = aborts.current
    return () => {
      for (const abort of running.values()) abort()
      running.clear()
    }
  }, [])

  const update = (key: string, change: Partial<PickedFile>) =>
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)))

  const add = useCallback((chosen: readonly File[]) => {
    const entries = chosen.map((file) => ({
      file,
      row: { key: newClientId(), name: file.name, state: 'uploading' as const, progress: 0 },
    }))
    setFiles((list) => [...list, ...entries.map((e) => e.row)])
    // The uploader is fetched with the first file: the wall's first load does not carry it.
    void import('../../../lib/upload').then(({ startUpload }) => {
      for (const { file, row } of entries) {
        const upload = startUpload(file, file.name, ({ loaded, total }) =>
          update(row.key, { progress: total > 0 ? loaded / total : 0 }),
        )
        aborts.current.set(row.key, upload.abort)
        upload.done.then(
          ({ kind, fileName }) => {
            aborts.current.delete(row.key)
            const done: PickedFile = { ...row, state: 'done', progress: 1, kind, fileName }
            const handOver = doneRef.current
            if (handOver) {
              setFiles((list) => list.filter((f) => f.key !== row.key))
              handOver(done)
            } else update(row.key, done)
          },
          (error: unknown) => {
            aborts.current.delete(row.key)
            if (error instanceof DOMException && error.name === 'AbortError') return
            update(row.key, {
              state: 'failed',
              error: error instanceof Error ? error.message : String(error),
            })
          },
        )
      }
    })
  }, [])

  /** A quiz created for this post: an attachment that needs no upload. */
  const addPoll = useCallback((title: string, fileName: string) => {
    setFiles((list) => [
      ...list,
      { key: newClientId(), name: title, state: 'done', progress: 1, kind: 'poll', fileName },
    ])
  }, [])

  const remove = useCallback((key: string) => {
    aborts.current.get(key)?.()
    aborts.current.delete(key)
    setFiles((list) => list.filter((f) => f.key !== key))
  }, [])

  return {
    files,
    add,
    addPoll,
    remove,
    uploading: files.some((f) => f.state === 'uploading'),
  }
}

export type Uploads = ReturnType<typeof useUploads>
