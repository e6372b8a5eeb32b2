import { useEffect, useId, useRef } from 'react'
import './modal.css'
import './modal-forms.css'

export interface ConfirmDialogProps {
  message: string
  confirm: string
  cancel: string
  onConfirm: () => void
  onCancel: () => void
}

/**
 * A question before an action that cannot be taken back at once (docs/wall.md, "Modals"; the
 * console's, docs/organisation.md, "The console"): its own native modal dialog rather than the
 * generic Modal, to carry the alertdialog role and be named by its question. Cancel takes the
 * focus, so a stray Enter does nothing; Escape cancels, and only this dialog (a modal below it
 * stays open). Once answered, the focus goes back to what asked.
 */
export const ConfirmDialog = ({
  message,
  confirm,
  cancel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) => {
  const ref = useRef<HTMLDialogElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const messageId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (dialog === null || dialog.open) return
    const opener = document.activeElement
    // jsdom has no showModal: fall back to the attribute there (component tests only).
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    cancelRef.current?.focus()
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [])

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={messageId}
      className="modal confirm-dialog"
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        event.preventDefault()
        event.stopPropagation()
        onCancel()
      }}
    >
      <div className="modal__content">
        <p id={messageId} className="confirm-dialog__message">
          {message}
        </p>
        <div className="confirm-dialog__actions">
          <button type="button" className="btn btn-primary" onClick={onConfirm}>
            {confirm}
          </button>
          <button ref={cancelRef} type="button" className="btn btn-secondary" onClick={onCancel}>
            {cancel}
          </button>
        </div>
      </div>
    </dialog>
  )
}
