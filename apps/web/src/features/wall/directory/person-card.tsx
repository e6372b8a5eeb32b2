import { displayPhoneKey, type Contact, type DirectoryPerson, type Group } from '@palabre/contracts'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Avatar } from '../../../components/avatar'
import { FormAlert } from '../../../components/form-alert'
import { Modal } from '../../../components/modal'
import { useFailureMessage } from '../../../lib/failure-message'
import { useFolderNames } from '../lists/folder-names'
import { findContact } from '../queries/directory'
import type { DirectoryActions } from './directory'
import '../../../components/modal-forms.css'

export interface PersonCardProps {
  /** The person shown; none, the card is closed. */
  person: DirectoryPerson | null
  onClose: () => void
  viewerPhone: string
  folders: readonly Group[]
  actions: DirectoryActions
}

/** A person's card from the directory (docs/wall.md, "Directory"): a dialog of its own. */
export const PersonCard = ({ person, onClose, ...props }: PersonCardProps) => (
  <Modal
    open={person !== null}
    title={person?.name ?? ''}
    onClose={onClose}
    className="person-card"
  >
    {person && <CardBody key={person.phone} person={person} {...props} />}
  </Modal>
)

const CardBody = ({
  person,
  viewerPhone,
  folders,
  actions,
}: Omit<PersonCardProps, 'person' | 'onClose'> & { person: DirectoryPerson }) => {
  const { t } = useTranslation()
  const fields = [
    { label: t('wall.directory.jobTitle'), value: person.title },
    { label: t('wall.directory.team'), value: person.team },
    { label: t('wall.directory.site'), value: person.site },
  ].filter((field) => field.value.trim() !== '')
  return (
    <div className="person-card__body">
      <div className="person-card__head">
        <Avatar name={person.name} photo={person.photo} size="large" />
        {person.kind === 'partner' && (
          <span className="person-card__kind">{t('wall.directory.partner')}</span>
        )}
      </div>
      <dl className="person-card__fields">
        {fields.map((field) => (
          <div key={field.label} className="person-card__field">
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
        <div className="person-card__field">
          <dt>{t('wall.directory.phone')}</dt>
          <dd data-testid="person-phone">{displayPhoneKey(person.phone)}</dd>
        </div>
      </dl>
      {/* Nobody posts to themselves nor adds themselves (docs/wall.md, "Directory"). */}
      {person.phone !== viewerPhone && (
        <CardActions
          person={person}
          viewerPhone={viewerPhone}
          folders={folders}
          actions={actions}
        />
      )}
    </div>
  )
}

/**
 * 'Post to' and 'Add to a folder' (docs/wall.md, "Directory"): either saves the person among the
 * viewer's contacts first, under the name they gave themselves, unless they are one already,
 * whose name the viewer gave them stays.
 */
const CardActions = ({
  person,
  viewerPhone,
  folders,
  actions,
}: Omit<PersonCardProps, 'person' | 'onClose'> & { person: DirectoryPerson }) => {
  const { t } = useTranslation()
  const failureMessage = useFailureMessage()
  const folderNames = useFolderNames()
  const selectId = useId()
  const [busy, setBusy] = useState(false)
  const [choosing, setChoosing] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  // The folders the person is not in yet: any member of a folder may add people to it
  // (docs/behaviour.md, "Folders").
  const open = folders.filter(
    (folder) => !folder.participants.some((p) => p.phone === person.phone),
  )
  const [picked, setChosen] = useState('')
  // The folder picked while it is still one to choose, else the first one.
  const chosen = open.some((g) => g.idGroup === picked) ? picked : (open[0]?.idGroup ?? '')

  const asContact = async (): Promise<Contact> => {
    const known = await findContact(viewerPhone, person.phone)
    if (known) return { ...known, status: '1' }
    await actions.saveContact({ name: person.name, phone: `+${person.phone}` })
    return { name: person.name, phone: person.phone, status: '1' }
  }
  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true)
    setFailure(null)
    setDone(null)
    try {
      await work()
    } catch (error) {
      setFailure(failureMessage(error, fallback))
    } finally {
      setBusy(false)
    }
  }
  const post = () =>
    run(async () => actions.post(await asContact()), t('wall.directory.failedToSave'))
  const add = () =>
    run(async () => {
      const folder = open.find((g) => g.idGroup === chosen)
      if (!folder) return
      const contact = await asContact()
      await actions.addMembers(folder, [contact])
      const name = folderNames.ofFolder(folder).label
      setDone(t('wall.directory.added', { name: contact.name, folder: name }))
    }, t('wall.directory.failedToAdd'))

  return (
    <>
      <div className="modal-actions person-card__actions">
        <button
          type="button"
          className="btn btn-secondary"
          aria-expanded={choosing}
          onClick={() => setChoosing((was) => !was)}
        >
          {t('wall.directory.addToFolder')}
        </button>
        <button
          type="button"
          className="btn btn-primary modal-actions__end"
          disabled={busy}
          onClick={() => void post()}
        >
          {t('wall.directory.postTo', { name: person.name })}
        </button>
      </div>
      {choosing &&
        (open.length === 0 ? (
          <p className="person-card__note">
            {folders.length === 0
              ? t('wall.directory.noFolder')
              : t('wall.directory.alreadyIn', { name: person.name })}
          </p>
        ) : (
          <form
            className="person-card__folder"
            onSubmit={(event) => {
              event.preventDefault()
              void add()
            }}
          >
            <label htmlFor={selectId} className="field__label">
              {t('wall.directory.chooseFolder')}
            </label>
            <div className="person-card__folder-row">
              <select
                id={selectId}
                className="field__input"
                value={chosen}
                onChange={(event) => setChosen(event.target.value)}
              >
                {open.map((folder) => (
                  <option key={folder.idGroup} value={folder.idGroup}>
                    {folderNames.ofFolder(folder).full}
                  </option>
                ))}
              </select>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {t('wall.directory.add')}
              </button>
            </div>
          </form>
        ))}
      {failure !== null && <FormAlert>{failure}</FormAlert>}
      {done !== null && <FormAlert tone="success">{done}</FormAlert>}
    </>
  )
}
