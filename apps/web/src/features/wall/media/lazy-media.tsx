import { lazy, Suspense } from 'react'
import type { VideoViewsProps } from './video-views'
import type { VoiceMessageProps } from './voice-message'
import type { VoiceRecorderProps } from './voice-recorder'

// Who watched a video, the voice player and the recorder come after the wall's first load, as
// its discussion shows them, not with the wall's page (docs/bundle-budgets.md).
const VideoViews = lazy(async () => ({ default: (await import('./video-views')).VideoViews }))
const VoiceMessage = lazy(async () => ({
  default: (await import('./voice-message')).VoiceMessage,
}))
const VoiceRecorder = lazy(async () => ({
  default: (await import('./voice-recorder')).VoiceRecorder,
}))

/** Under a video: the viewer's progress, or everyone's (docs/wall.md, "Proof of viewing"). */
export const LazyVideoViews = (props: VideoViewsProps) => (
  <Suspense fallback={null}>
    <VideoViews {...props} />
  </Suspense>
)

/** A voice message's player (docs/wall.md, "Voice messages"); its room is kept while it loads. */
export const LazyVoiceMessage = (props: VoiceMessageProps) => (
  <Suspense fallback={<div className="comment-attachment" style={{ minHeight: '2.25rem' }} />}>
    <VoiceMessage {...props} />
  </Suspense>
)

/** The footer's microphone (docs/wall.md, "Voice messages"); its room is kept while it loads. */
export const LazyVoiceRecorder = (props: VoiceRecorderProps) => (
  <Suspense fallback={<span className="composer__attach" style={{ width: 36 }} />}>
    <VoiceRecorder {...props} />
  </Suspense>
)
