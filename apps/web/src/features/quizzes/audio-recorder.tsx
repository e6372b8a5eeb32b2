import { useRef, useState } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useFailureMessage } from '../../lib/failure-message'
import { fileUrl } from '../../lib/file-links'
import { useRecorder, type RecorderFailure } from '../../lib/use-recorder'
import type { PollFormInput, PollFormValues } from './poll-form-schema'

/** The question or the answer of the creation form a recorder records. */
export type RecordedField = `questions.${number}` | `questions.${number}.possibleAnswers.${number}`

export interface AudioRecorderProps {
  /** Names the recorder's group: which question or answer it records. */
  label: string
  /** Its `isAudio` and `audioFileName` (the stored name, once uploaded) are the recorder's. */
  field: RecordedField
  onBusy: (busy: boolean) => void
}

/**
 * Record, Stop, then Play / Stop and Remove (docs/quizzes.md, "Recording"). The state is on the
 * group (`data-state`) and in words, and an error stays next to the recorder it concerns.
 */
export const AudioRecorder = ({ label, field, onBusy }: AudioRecorderProps) => {
  const { t } = useTranslation()
  const failureMessage = useFailureMessage()
  const { setValue } = useFormContext<PollFormInput, unknown, PollFormValues>()
  const fileName = useWatch<PollFormInput, `${RecordedField}.audioFileName`>({
    name: `${field}.audioFileName`,
  })
  // A recording makes its question or answer audio; removing it, text again.
  const recorded = (name: string | undefined) => {
    setValue(`${field}.isAudio`, name !== undefined)
    setValue(`${field}.audioFileName`, name, { shouldValidate: true })
  }
  const recorder = useRecorder({ onRecorded: recorded, onBusy })
  const audio = useRef<HTMLAudioElement>(null)
  const [playing, setPlaying] = useState(false)
  const { state } = recorder
  const failureText = (failure: RecorderFailure): string => {
    if (failure.kind === 'unsupported') return t('quizzes.recordingUnsupported')
    if (failure.kind === 'microphone') return t('quizzes.microphoneRefused')
    return failureMessage(failure.error, t('quizzes.recordingFailed'))
  }
  // The stored file, not the recording as MediaRecorder made it: the server wrote its duration
  // into it (docs/files.md, "Recordings"), so the player knows how long it is before it plays.
  const source = fileName ? fileUrl(fileName) : undefined

  const togglePlay = () => {
    const player = audio.current
    if (player === null) return
    if (playing) {
      player.pause()
      player.currentTime = 0
      setPlaying(false)
      return
    }
    setPlaying(true)
    // A browser may refuse to play (no sound device): the button goes back to Play.
    void Promise.resolve(player.play()).catch(() => setPlaying(false))
  }

  return (
    <div role="group" aria-label={label} className="poll-recorder" data-state={state}>
      {state === 'idle' && (
        <button
          type="button"
          className="btn btn-ghost poll-recorder__button"
          onClick={() => void recorder.start()}
        >
          <span aria-hidden="true">●</span> {t('quizzes.record')}
        </button>
      )}
      {state === 'recording' && (
        <>
          <span className="poll-recorder__live" role="status">
            {t('quizzes.recording')}
          </span>
          <button
            type="button"
            className="btn btn-ghost poll-recorder__button"
            onClick={recorder.stop}
          >
            <span aria-hidden="true">■</span> {t('quizzes.stop')}
          </button>
        </>
      )}
      {state === 'uploading' && (
        <span className="poll-recorder__status" role="status">
          {t('quizzes.uploadingRecording')}
        </span>
      )}
      {state === 'recorded' && (
        <>
          <span className="poll-recorder__status">{t('quizzes.recorded')}</span>
          <button
            type="button"
            className="btn btn-ghost poll-recorder__button"
            onClick={togglePlay}
          >
            {playing ? t('quizzes.stop') : t('quizzes.play')}
          </button>
          <button
            type="button"
            className="btn btn-ghost poll-recorder__button"
            onClick={() => {
              audio.current?.pause()
              setPlaying(false)
              recorder.clear()
              recorded(undefined)
            }}
          >
            {t('quizzes.removeRecording')}
          </button>
          <audio ref={audio} src={source} preload="metadata" onEnded={() => setPlaying(false)} />
        </>
      )}
      {recorder.failure !== null && (
        <p className="field__error poll-recorder__error" role="alert">
          {failureText(recorder.failure)}
        </p>
      )}
    </div>
  )
}
