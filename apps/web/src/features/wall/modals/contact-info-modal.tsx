import { contactStatuses } from '@palabre/contracts'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../../components/modal'
import { contactLabel } from '../lists/contact-item'
import './modals.css'

export interface ContactInfo {
  name: string
  phone: string
  status?: string
}

export interface ContactInfoModalProps {
  open: boolean
  onClose: () => void
  contact: ContactInfo | null
}

/**
 * A contact's card (docs/wall.md, "Modals"): its name as the title, '+phone', and the
 * 'non inscris' mark when the contact has no account.
 */
export const ContactInfoModal = ({ open, onClose, contact }: ContactInfoModalProps) => {
  const { t } = useTranslation()
  if (contact === null) return null
  const phone = `+${contact.phone}`
  return (
    <Modal open={open} title={contactLabel(contact)} onClose={onClose}>
      <div className="contact-info">
        <a className="contact-info__phone" href={`tel:${phone}`}>
          {phone}
        </a>
        {contact.status !== contactStatuses.registered && (
          <span className="contact-info__mark">{t('wall.modals.contact.notRegistered')}</span>
        )}
      </div>
    </Modal>
  )
}
