import { useCallback, useState } from 'react'
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
 * post that failed to send, a copy to the clipboard. Each stays until dismissed or for 6 s.
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

export const Toasts = ({
  toasts,
  onDismiss,
}: {
  toasts: Toast[]
  onDismiss: (id: number) => void
}) => {
  const { t } = useTranslation()
  return (
    <div className="toasts" aria-live="polite">
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
