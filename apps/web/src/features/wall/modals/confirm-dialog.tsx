import { useTranslation } from 'react-i18next'
import { ConfirmDialog as Question } from '../../../components/confirm-dialog'

export interface ConfirmDialogProps {
  open: boolean
  message: string
  onYes: () => void
  onNo: () => void
}

/**
 * The wall's Yes/No question (docs/wall.md, "Modals"): the shared question dialog, answered
 * 'Yes' or 'No', shown while `open`.
 */
export const ConfirmDialog = ({ open, message, onYes, onNo }: ConfirmDialogProps) => {
  const { t } = useTranslation()
  if (!open) return null
  return (
    <Question
      message={message}
      confirm={t('wall.modals.confirm.yes')}
      cancel={t('wall.modals.confirm.no')}
      onConfirm={onYes}
      onCancel={onNo}
    />
  )
}
