import { recipientDisplayName } from '@palabre/contracts'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormAlert } from '../../../components/form-alert'
import { Modal } from '../../../components/modal'
import { DeactivatedMark, deactivatedName } from '../lists/deactivated-mark'
import { useFolderNames } from '../lists/folder-names'
import type { Contact, ContactSource, Group } from '../model/types'
import { AddParticipantsModal } from './add-participants-modal'
import { ConfirmDialog } from './confirm-dialog'
import { RemoveIcon } from '../../../components/icons'
import { Avatar } from '../../../components/avatar'
import { useAsyncAction } from '../../../lib/use-async-action'
import '../../../components/modal-forms.css'

export interface FolderMember {
  name?: string
  phone: string
}

export interface FolderInfoModalProps {
  open: boolean
  onClose: () => void
  folder: Group | null
  /** The signed-in user's phone: their row reads 'You' and they leave rather than remove. */
  viewerPhone: string
  contacts: ContactSource
  onAdd: (participants: Contact[]) => Promise<void>
  onRemove: (member: FolderMember) => Promise<void>
  /** The viewer left the folder (named as shown): the wall says so in a notice. */
  onLeft?: (folderName: string) => void
}

type InfoProps = Omit<FolderInfoModalProps, 'open' | 'folder'> & { folder: Group }

const memberOf = ({ name, phone }: FolderMember): FolderMember =>
  name === undefined ? { phone } : { name, phone }

/**
 * The folder's card. The question and the add modal are drawn beside the card, not inside its
 * dialog, so Escape in them never reaches the card's dialog (docs/wall.md, "Modals").
 */
const FolderInfo = ({
  folder,
  onClose,
  viewerPhone,
  contacts,
  onAdd,
  onRemove,
  onLeft,
}: InfoProps) => {
  const { t } = useTranslation()
  const headingId = useId()
  // An unnamed folder reads as its people (docs/wall.md, "Folder names").
  const folderName = useFolderNames().ofFolder(folder).label
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<FolderMember | null>(null)
  const [leaving, setLeaving] = useState(false)
  const action = useAsyncAction(t('wall.modals.folder.failed'))
  const members = folder.participants
  const memberPhones = useMemo(() => new Set(members.map((member) => member.phone)), [members])
  const labelOf = (member: FolderMember) =>
    member.phone === viewerPhone ? t('wall.modals.folder.you') : recipientDisplayName(member)

  const remove = () => {
    const member = removing
    setRemoving(null)
    if (member !== null) void action.run(() => onRemove(member))
  }
  // Leaving is removing oneself, asked first as removing anyone is; once the viewer is out the
  // card closes and a notice says so (docs/wall.md, "Modals").
  const leave = async () => {
    setLeaving(false)
    const self = members.find((member) => member.phone === viewerPhone) ?? { phone: viewerPhone }
    if (await action.run(() => onRemove(memberOf(self)))) {
      onClose()
      onLeft?.(folderName)
    }
  }

  return (
    <>
      <Modal open title={folderName} onClose={onClose}>
        <div className="folder-info__head">
          <h3 id={headingId} className="folder-info__heading">
            {t('wall.modals.folder.members')} ({members.length})
          </h3>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={action.pending}
            onClick={() => setAdding(true)}
          >
            {t('wall.modals.folder.add')}
          </button>
        </div>
        <ul className="folder-info__members" aria-labelledby={headingId}>
          {members.map((member) => (
            <li key={member.phone} className="folder-info__member" data-phone={member.phone}>
              <span className="folder-info__who">
                <Avatar name={labelOf(member)} photo={member.photo} />
                {/* A member an administrator deactivated is marked (docs/wall.md, "Deactivated people"). */}
                <span
                  className={['folder-info__name', member.deactivated ? deactivatedName : '']
                    .filter(Boolean)
                    .join(' ')}
                >
                  {labelOf(member)}
                </span>
                {member.deactivated && <DeactivatedMark />}
              </span>
              {member.phone !== viewerPhone && (
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('wall.modals.folder.remove', { name: labelOf(member) })}
                  title={t('wall.modals.folder.remove', { name: labelOf(member) })}
                  disabled={action.pending}
                  onClick={() => setRemoving(memberOf(member))}
                >
                  <RemoveIcon />
                </button>
              )}
            </li>
          ))}
        </ul>
        {action.failure !== null && <FormAlert>{action.failure}</FormAlert>}
        <button
          type="button"
          className="btn btn-secondary folder-info__leave"
          disabled={action.pending}
          onClick={() => setLeaving(true)}
        >
          {t('wall.modals.folder.leave')}
        </button>
      </Modal>
      <ConfirmDialog
        open={removing !== null}
        message={
          removing === null
            ? ''
            : t('wall.modals.folder.confirmRemove', {
                contact: labelOf(removing),
                folder: folderName,
              })
        }
        onYes={remove}
        onNo={() => setRemoving(null)}
      />
      <ConfirmDialog
        open={leaving}
        message={t('wall.modals.folder.confirmLeave', { folder: folderName })}
        onYes={() => void leave()}
        onNo={() => setLeaving(false)}
      />
      <AddParticipantsModal
        open={adding}
        onClose={() => setAdding(false)}
        contacts={contacts}
        memberPhones={memberPhones}
        onAdd={onAdd}
      />
    </>
  )
}

/**
 * A shared folder's card (docs/wall.md, "Modals"): its members, 'Add', a remove button per
 * member and 'Left folder', each behind a Yes/No question. Keyed by folder, so each opening
 * starts afresh.
 */
export const FolderInfoModal = ({ open, folder, ...props }: FolderInfoModalProps) =>
  open && folder !== null ? <FolderInfo key={folder.idGroup} folder={folder} {...props} /> : null
