import { useEffect, useState } from 'react'
import { useFailureMessage } from '../../../lib/failure-message'
import { useRecorder, type RecorderFailure } from '../../../lib/use-recorder'
import { clockText } from './media-format'
import { useMediaTexts } from './use-media-texts'
import './voice.css'

export interface VoiceRecorderProps {
  /** The recording is stored: it goes as a comment carrying it. */
  onRecorded: (fileName: string) => void
  /** Recording or uploading: the footer gives the row to the recorder. */
  onBusy: (busy: boolean) => void
  /** A refused microphone, a browser that cannot record, a failed upload: in words. */
  onFailure: (message: string) => void
}

export const MicrophoneIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11z"
    />
  </svg>
)

const SendIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />
  </svg>
)

/** Seconds since `since`, ticking while it is set. */
const useElapsed = (since: number | null): number => {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (since === null) return
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [since])
  return since === null ? 0 : Math.max(0, (now - since) / 1000)
}

/**
 * The discussion footer's voice message (docs/wall.md, "Voice messages"): the microphone button
 * starts recording; while it records, the time recorded so far, Cancel (nothing is kept) and
 * Send (it stops, uploads, and goes as a comment); then it is ready again.
 */
export const VoiceRecorder = ({ onRecorded, onBusy, onFailure }: VoiceRecorderProps) => {
  const { t } = useMediaTexts()
  const failureMessage = useFailureMessage()
  const recorder = useRecorder({
    onRecorded: (fileName) => {
      onRecorded(fileName)
      recorder.clear()
    },
    onBusy,
  })
  const elapsed = useElapsed(recorder.startedAt)
  const { failure } = recorder

  const failureText = (what: RecorderFailure): string => {
    if (what.kind === 'unsupported') return t('wall.media.voice.unsupported')
    if (what.kind === 'microphone') return t('wall.media.voice.microphoneRefused')
    return failureMessage(what.error, t('wall.media.voice.uploadFailed'))
  }
  const failed = failure === null ? null : failureText(failure)
  useEffect(() => {
    if (failed !== null) onFailure(failed)
  }, [failed]) // eslint-disable-line react-hooks/exhaustive-deps

  if (recorder.state === 'recording')
    return (
      <div
        className="voice-recorder"
        role="group"
        aria-label={t('wall.media.voice.message')}
        data-state="recording"
      >
        <span className="voice-recorder__dot" aria-hidden="true" />
        <span className="voice-recorder__time" role="timer" data-testid="voice-elapsed">
          {t('wall.media.voice.recording')} {clockText(elapsed)}
        </span>
        <button
          type="button"
          className="btn btn-ghost voice-recorder__cancel"
          aria-label={t('wall.media.voice.cancelLabel')}
          onClick={recorder.cancel}
        >
          {t('wall.media.voice.cancel')}
        </button>
        <button
          type="button"
          className="composer__send composer__send--icon btn btn-primary"
          aria-label={t('wall.media.voice.send')}
          title={t('wall.media.voice.send')}
          onClick={recorder.stop}
        >
          <SendIcon />
        </button>
      </div>
    )
  if (recorder.state === 'uploading')
    return (
      <div className="voice-recorder" data-state="uploading">
        <span className="voice-recorder__time" role="status">
          {t('wall.media.voice.uploading')}
        </span>
        <button
          type="button"
          className="btn btn-ghost voice-recorder__cancel"
          aria-label={t('wall.media.voice.cancelLabel')}
          onClick={recorder.cancel}
        >
          {t('wall.media.voice.cancel')}
        </button>
      </div>
    )
  return (
    <button
      type="button"
      className="composer__attach"
      aria-label={t('wall.media.voice.record')}
      title={t('wall.media.voice.record')}
      onClick={() => void recorder.start()}
    >
      <MicrophoneIcon />
    </button>
  )
}
