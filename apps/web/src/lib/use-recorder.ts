import { useEffect, useRef, useState } from 'react'
import { startUpload, type Upload } from './upload'

/** idle -> recording -> uploading -> recorded (docs/quizzes.md, "Recording"; docs/wall.md, "Voice messages"). */
export type RecorderState = 'idle' | 'recording' | 'uploading' | 'recorded'

/** Why a recording did not happen; each screen says it in its words. */
export type RecorderFailure =
  { kind: 'unsupported' } | { kind: 'microphone' } | { kind: 'upload'; error: unknown }

/** A type the browser's MediaRecorder writes and `POST /api/upload/audio` takes (docs/files.md). */
export interface RecordingFormat {
  mimeType: string
  extension: 'webm' | 'm4a'
}

/** Opus in webm where the browser records it (Chrome, Edge, Firefox), else AAC in mp4 (Safari). */
export const recordingFormats: readonly RecordingFormat[] = [
  { mimeType: 'audio/webm', extension: 'webm' },
  { mimeType: 'audio/mp4', extension: 'm4a' },
]

/** The first format this browser records, or null when it records none of them. */
export const recordingFormat = (): RecordingFormat | null => {
  if (typeof MediaRecorder === 'undefined') return null
  return recordingFormats.find((format) => MediaRecorder.isTypeSupported(format.mimeType)) ?? null
}

export interface RecorderOptions {
  /** The stored name the server gave the recording. */
  onRecorded: (fileName: string) => void
  /** Recording or uploading: what the recording is for waits for it. */
  onBusy?: (busy: boolean) => void
}

/** The recording's name on the way up; the server stores it under `<base>___<id>.<ext>`. */
const recordingName = (extension: string) => `recording-${Date.now().toString(36)}.${extension}`

/**
 * One recording through the microphone (getUserMedia and MediaRecorder, in the first of
 * `recordingFormats` the browser writes), uploaded to the audio call as soon as it stops. A
 * refused microphone, a browser that records none of the formats or a failed upload leaves a
 * failure and the idle state; `cancel` drops the recording under way, or its upload. Leaving
 * stops the microphone and cancels the upload. The quizzes' recorders and the discussion's voice
 * messages share it.
 */
export const useRecorder = ({ onRecorded, onBusy }: RecorderOptions) => {
  const [state, setState] = useState<RecorderState>('idle')
  const [failure, setFailure] = useState<RecorderFailure | null>(null)
  /** When the recording under way started (`Date.now()`), for its elapsed time. */
  const [startedAt, setStartedAt] = useState<number | null>(null)
  const recorder = useRef<MediaRecorder | null>(null)
  const cancelled = useRef(false)
  const starting = useRef(false)
  const upload = useRef<Upload | null>(null)
  const disposed = useRef(false)
  const callbacks = useRef({ onRecorded, onBusy })
  useEffect(() => {
    callbacks.current = { onRecorded, onBusy }
  })

  const moveTo = (next: RecorderState) => {
    setState(next)
    if (next !== 'recording') setStartedAt(null)
    callbacks.current.onBusy?.(next === 'recording' || next === 'uploading')
  }

  useEffect(() => {
    disposed.current = false
    return () => {
      disposed.current = true
      if (recorder.current?.state === 'recording') recorder.current.stop()
      upload.current?.abort()
      // A recorder that goes no longer holds anything back.
      callbacks.current.onBusy?.(false)
    }
  }, [])

  const send = async (blob: Blob, extension: string) => {
    moveTo('uploading')
    const started = startUpload(blob, recordingName(extension), undefined, 'audio')
    upload.current = started
    try {
      const { fileName } = await started.done
      if (disposed.current || upload.current !== started) return
      moveTo('recorded')
      callbacks.current.onRecorded(fileName)
    } catch (error) {
      if (disposed.current || upload.current !== started) return
      setFailure({ kind: 'upload', error })
      moveTo('idle')
    } finally {
      if (upload.current === started) upload.current = null
    }
  }

  const start = async () => {
    if (recorder.current !== null || starting.current) return
    setFailure(null)
    // Told before the microphone is asked for: this browser cannot record what the server takes.
    const format = recordingFormat()
    if (format === null) {
      setFailure({ kind: 'unsupported' })
      return
    }
    let stream: MediaStream
    starting.current = true
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    } catch {
      setFailure({ kind: 'microphone' })
      return
    } finally {
      starting.current = false
    }
    if (disposed.current) {
      for (const track of stream.getTracks()) track.stop()
      return
    }
    const chunks: Blob[] = []
    const media = new MediaRecorder(stream, { mimeType: format.mimeType })
    cancelled.current = false
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data)
    }
    media.onstop = () => {
      for (const track of stream.getTracks()) track.stop()
      recorder.current = null
      if (disposed.current || cancelled.current) return
      void send(new Blob(chunks, { type: format.mimeType }), format.extension)
    }
    recorder.current = media
    media.start()
    setStartedAt(Date.now())
    moveTo('recording')
  }

  /** Ends the recording: it uploads. */
  const stop = () => {
    if (recorder.current?.state === 'recording') recorder.current.stop()
  }

  /** Drops the recording under way, or its upload: nothing is stored, nothing is sent. */
  const cancel = () => {
    cancelled.current = true
    if (recorder.current?.state === 'recording') recorder.current.stop()
    const running = upload.current
    upload.current = null
    running?.abort()
    setFailure(null)
    moveTo('idle')
  }

  /** Back to no recording. */
  const clear = () => {
    setFailure(null)
    moveTo('idle')
  }

  return { state, failure, startedAt, start, stop, cancel, clear }
}
