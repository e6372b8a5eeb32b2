import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import './modal.css'

export interface ModalProps {
  open: boolean
  title: string
  onClose: () => void
  /** Extra class on the dialog, for a modal that needs its own size or layout. */
  className?: string
  /** Hide the visible title (it still names the dialog for screen readers). */
  hideTitle?: boolean
  children: ReactNode
}

/**
 * The generic modal (docs/wall.md, "Modals"): a native modal `<dialog>`, so the browser moves
 * focus into it, keeps the page behind it inert and gives focus back to what opened it when it
 * closes. Escape closes it (the dialog's cancel event) and so does a click on the overlay (a
 * click whose target is the dialog itself, outside its content box).
 */
export const Modal = ({ open, title, onClose, className, hideTitle, children }: ModalProps) => {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const { t } = useTranslation()

  // Unmounting an open dialog does not give focus back: do it, to what had it before.
  useEffect(() => {
    if (!open) return
    const previous = document.activeElement
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus()
    }
  }, [open])

  useEffect(() => {
    const dialog = ref.current
    if (dialog === null) return
    if (open && !dialog.open) {
      // jsdom has no showModal: fall back to the attribute there (component tests only).
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close()
      else dialog.removeAttribute('open')
    }
  }, [open])

  if (!open) return null
  return (
    <dialog
      ref={ref}
      className={['modal', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          onClose()
        }
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div className="modal__content">
        <header className="modal__header">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal__title'}>
            {title}
          </h2>
          <button
            type="button"
            className="modal__close"
            aria-label={t('wall.layout.close')}
            onClick={onClose}
          >
            ×
          </button>
        </header>
        {children}
      </div>
    </dialog>
  )
}
