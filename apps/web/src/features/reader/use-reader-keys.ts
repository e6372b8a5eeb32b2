import { useEffect, useRef } from 'react'

export interface ReaderKeys {
  onPrevious: () => void
  onNext: () => void
  onClose: () => void
}

/** Keys a player or a field uses for itself: an arrow there seeks or moves the caret. */
const ownsArrows = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.closest('input, textarea, select, video, audio') !== null)

/**
 * The reader's keys (docs/reader.md, "Controls"): ArrowLeft the previous file, ArrowRight the
 * next, Escape closes. On the whole page, so they work wherever the focus is.
 */
export const useReaderKeys = (handlers: ReaderKeys): void => {
  // The latest handlers, without listening again at every render.
  const latest = useRef(handlers)
  useEffect(() => {
    latest.current = handlers
  })
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      if (event.key === 'Escape') {
        event.preventDefault()
        latest.current.onClose()
      } else if (event.key === 'ArrowLeft' && !ownsArrows(event.target)) {
        event.preventDefault()
        latest.current.onPrevious()
      } else if (event.key === 'ArrowRight' && !ownsArrows(event.target)) {
        event.preventDefault()
        latest.current.onNext()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
