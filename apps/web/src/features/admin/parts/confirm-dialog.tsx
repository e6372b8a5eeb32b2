import { useEffect, useId, useRef } from 'react'
import '../../../components/modal.css'
import '../../../components/modal-forms.css'

export interface ConfirmDialogProps {
  message: string
  confirm: string
  cancel: string
  onConfirm: () => void
  onCancel: () => void
}

/**
 * A question before an action that cannot be taken back at once (docs/organisation.md, "The
 * console"), on a native modal dialog with the alertdialog role, named by its question. Cancel
 * takes the focus, so a stray Enter does nothing; Escape cancels. Once answered, the focus goes
 * back to what asked, as the wall's questions do (docs/wall.md, "Modals").
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
