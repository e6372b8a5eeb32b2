import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { startUpload, type Upload } from '../../lib/upload'
import { useFailureMessage } from '../../lib/failure-message'

/** idle -> recording -> uploading -> recorded (docs/quizzes.md, "Recording"). */
export type RecorderState = 'idle' | 'recording' | 'uploading' | 'recorded'

export interface RecorderOptions {
  /** The stored name the server gave the recording. */
  onRecorded: (fileName: string) => void
  /** Recording or uploading: the quiz must wait for it before it is created. */
  onBusy: (busy: boolean) => void
}

const webm = 'audio/webm'

/** The recording's name on the way up; the server stores it under `<base>___<id>.webm`. */
const recordingName = () => `recording-${Date.now().toString(36)}.webm`

/**
 * One recording of a question or an answer (docs/quizzes.md, "Recording"): the microphone through
 * getUserMedia and MediaRecorder (webm, the only type the audio upload takes, docs/files.md), and
 * on stop the file uploads at once. A refused microphone or a failed upload leaves an error and
 * the idle state. Leaving stops the microphone and cancels the upload.
 */
export const useRecorder = ({ onRecorded, onBusy }: RecorderOptions) => {
  const { t } = useTranslation()
  const failureMessage = useFailureMessage()
  const [state, setState] = useState<RecorderState>('idle')
  const [error, setError] = useState<string | null>(null)
  const recorder = useRef<MediaRecorder | null>(null)
  const upload = useRef<Upload | null>(null)
  const disposed = useRef(false)
  const callbacks = useRef({ onRecorded, onBusy })
  useEffect(() => {
    callbacks.current = { onRecorded, onBusy }
  })

  const moveTo = (next: RecorderState) => {
    setState(next)
    callbacks.current.onBusy(next === 'recording' || next === 'uploading')
  }

  useEffect(() => {
    disposed.current = false
    return () => {
      disposed.current = true
      if (recorder.current?.state === 'recording') recorder.current.stop()
      upload.current?.abort()
      // A recorder removed with its answer or question no longer holds the quiz back.
      callbacks.current.onBusy(false)
    }
  }, [])

  const send = async (blob: Blob) => {
    moveTo('uploading')
    const started = startUpload(blob, recordingName(), undefined, 'audio')
    upload.current = started
    try {
      const { fileName } = await started.done
      if (disposed.current) return
      moveTo('recorded')
      callbacks.current.onRecorded(fileName)
    } catch (failure) {
      if (disposed.current) return
      setError(failureMessage(failure, t('quizzes.recordingFailed')))
      moveTo('idle')
    } finally {
      upload.current = null
    }
  }

  const start = async () => {
    setError(null)
    // The audio upload takes webm only (docs/files.md, "Uploads"): a browser that cannot record
    // it (Safari records mp4) is told so before the microphone is asked for.
    if (typeof MediaRecorder === 'undefined' || !MediaRecorder.isTypeSupported(webm)) {
      setError(t('quizzes.recordingUnsupported'))
      return
    }
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    } catch {
      setError(t('quizzes.microphoneRefused'))
      return
    }
    if (disposed.current) {
      for (const track of stream.getTracks()) track.stop()
      return
    }
    const chunks: Blob[] = []
    const media = new MediaRecorder(stream, { mimeType: webm })
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data)
    }
    media.onstop = () => {
      for (const track of stream.getTracks()) track.stop()
      recorder.current = null
      if (!disposed.current) void send(new Blob(chunks, { type: webm }))
    }
    recorder.current = media
    media.start()
    moveTo('recording')
  }

  const stop = () => {
    if (recorder.current?.state === 'recording') recorder.current.stop()
  }

  /** Back to no recording: the question or answer is no longer audio. */
  const clear = () => {
    setError(null)
    moveTo('idle')
  }

  return { state, error, start, stop, clear }
}
