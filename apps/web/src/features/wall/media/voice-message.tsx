import { useRef, useState, type ReactNode } from 'react'
import { fileUrl } from '../../../lib/file-links'
import { useFileInfo } from '../queries/use-file-info'
import { clockText, durationText } from './media-format'
import { useMediaTexts } from './use-media-texts'
import './voice.css'

export interface VoiceMessageProps {
  /** The stored name of the recording (webm or m4a). */
  name: string
  viewerPhone: string
  /** The download of the file. */
  download: ReactNode
}

const PlayIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M8 5v14l11-7z" />
  </svg>
)

const PauseIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M7 5h4v14H7zm6 0h4v14h-4z" />
  </svg>
)

/**
 * A recording carried by a comment, a voice message (docs/wall.md, "Voice messages"): Play /
 * Pause, how far it played, and its length before it is played, from the server
 * (`GET /api/files/<name>/info`) or else from the file's own header.
 */
export const VoiceMessage = ({ name, viewerPhone, download }: VoiceMessageProps) => {
  const { t } = useMediaTexts()
  const info = useFileInfo(viewerPhone, name)
  const audio = useRef<HTMLAudioElement>(null)
  const [fromHeader, setFromHeader] = useState<number | null>(null)
  const [playing, setPlaying] = useState(false)
  const [position, setPosition] = useState(0)
  const duration = info?.durationSeconds ?? fromHeader
  const shownDuration = duration === null ? null : durationText(duration)

  const toggle = () => {
    const player = audio.current
    if (player === null) return
    if (!player.paused) {
      player.pause()
      return
    }
    setPlaying(true)
    // A browser may refuse to play (no sound device, no gesture): the button says Play again.
    void Promise.resolve(player.play()).catch(() => setPlaying(false))
  }

  const share = duration !== null && duration > 0 ? Math.min(1, position / duration) : 0
  return (
    <div
      className="comment-attachment voice-message"
      role="group"
      aria-label={
        shownDuration === null
          ? t('wall.media.voice.playerUnknown')
          : t('wall.media.voice.player', { duration: shownDuration })
      }
      data-testid="voice-message"
      data-playing={String(playing)}
    >
      <button
        type="button"
        className="voice-message__toggle"
        aria-label={playing ? t('wall.media.voice.pause') : t('wall.media.voice.play')}
        title={playing ? t('wall.media.voice.pause') : t('wall.media.voice.play')}
        onClick={toggle}
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <span className="voice-message__track" aria-hidden="true">
        <span style={{ width: `${share * 100}%` }} />
      </span>
      <span className="voice-message__time" data-testid="voice-duration">
        {playing || position > 0 ? `${clockText(position)} / ` : ''}
        {shownDuration ?? '-:--'}
      </span>
      {download}
      <audio
        ref={audio}
        src={fileUrl(name)}
        preload="metadata"
        onLoadedMetadata={(event) => {
          const length = event.currentTarget.duration
          if (Number.isFinite(length) && length > 0) setFromHeader(length)
        }}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          // Played to its end: it shows its length again, and plays from the start next time.
          setPlaying(false)
          setPosition(0)
        }}
      />
    </div>
  )
}
