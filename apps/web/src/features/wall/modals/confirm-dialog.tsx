import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import '../../../components/modal.css'
import '../../../components/modal-forms.css'

export interface ConfirmDialogProps {
  open: boolean
  message: string
  onYes: () => void
  onNo: () => void
}

/**
 * A Yes/No question (docs/wall.md, "Modals"). Its own native dialog rather than the generic
 * Modal, to carry the alertdialog role and be named by its question. 'No' takes the focus, so
 * a stray Enter does not remove anyone; Escape answers No. Once answered, the focus goes back to
 * what asked the question, as every modal gives it back to what opened it.
 */
export const ConfirmDialog = ({ open, message, onYes, onNo }: ConfirmDialogProps) => {
  const ref = useRef<HTMLDialogElement>(null)
  const noRef = useRef<HTMLButtonElement>(null)
  const messageId = useId()
  const { t } = useTranslation()

  useEffect(() => {
    const dialog = ref.current
    if (dialog === null || !open || dialog.open) return
    const opener = document.activeElement
    // jsdom has no showModal: fall back to the attribute there (component tests only).
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    noRef.current?.focus()
    // The dialog leaves the page unclosed once answered, so the browser gives nothing back.
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [open])

  if (!open) return null
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={messageId}
      className="modal confirm-dialog"
      onCancel={(event) => {
        event.preventDefault()
        onNo()
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        // Only this dialog answers: a modal below it stays open.
        event.preventDefault()
        event.stopPropagation()
        onNo()
      }}
    >
      <div className="modal__content">
        <p id={messageId} className="confirm-dialog__message">
          {message}
        </p>
        <div className="confirm-dialog__actions">
          <button type="button" className="btn btn-primary" onClick={onYes}>
            {t('wall.modals.confirm.yes')}
          </button>
          <button ref={noRef} type="button" className="btn btn-secondary" onClick={onNo}>
            {t('wall.modals.confirm.no')}
          </button>
        </div>
      </div>
    </dialog>
  )
}
