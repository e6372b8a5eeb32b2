import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import './toasts.css'

export interface Toast {
  id: number
  text: string
  tone: 'info' | 'error'
}

let nextId = 1

/**
 * Short notices over the wall (docs/wall.md, "Notices"): a folder the person was added to, a
 * post that failed to send, a copy to the clipboard, a folder left. Each stays until dismissed
 * or for 6 s.
 */
export const useToasts = () => {
  const [toasts, setToasts] = useState<Toast[]>([])
  const dismiss = useCallback(
    (id: number) => setToasts((list) => list.filter((t) => t.id !== id)),
    [],
  )
  const show = useCallback(
    (text: string, tone: Toast['tone'] = 'info') => {
      const id = nextId++
      setToasts((list) => [...list.slice(-3), { id, text, tone }])
      setTimeout(() => dismiss(id), 6_000)
    },
    [dismiss],
  )
  return { toasts, show, dismiss }
}

/**
 * The notices, with the connection's state above them while the socket is down. The wall places
 * them where nothing they cover is needed while they show (docs/wall.md, "Notices").
 */
export const Toasts = ({
  toasts,
  onDismiss,
  offline,
}: {
  toasts: Toast[]
  onDismiss: (id: number) => void
  /** 'Offline: reconnecting…' while the socket is down, else null. */
  offline: string | null
}) => {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  // Their height, for the post list to keep room under its last post (toasts.css).
  useLayoutEffect(() => {
    const box = ref.current
    const holder = box?.parentElement
    if (!box || !holder || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() =>
      holder.style.setProperty('--notices-height', `${box.offsetHeight}px`),
    )
    observer.observe(box)
    return () => {
      observer.disconnect()
      holder.style.removeProperty('--notices-height')
    }
  }, [])
  return (
    <div ref={ref} className="toasts" aria-live="polite" data-testid="notices">
      {offline !== null && (
        <p className="toast toast--offline" role="status">
          {offline}
        </p>
      )}
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.tone}`}
          role={toast.tone === 'error' ? 'alert' : 'status'}
        >
          <span>{toast.text}</span>
          <button
            type="button"
            className="toast__close"
            aria-label={t('wall.layout.dismiss')}
            onClick={() => onDismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
