import { useTranslation } from 'react-i18next'
import type { FolderNameTexts } from '../format/folder-name'
import type { RecipientPerson, RecipientSummary } from '../format/recipients'
import { DeactivatedMark, withDeactivated } from '../lists/deactivated-mark'
import { FolderLabel } from '../lists/folder-names'
import { InfoIcon } from './icons'
import './card-icon-button.css'

interface PostRecipientsProps {
  summary: RecipientSummary
  /** A folder's name as shown (docs/wall.md, "Folder names"). */
  folderName: (group: { idGroup: string; name: string }) => FolderNameTexts
  onContact: (phone: string, name: string) => void
  onRecipients: () => void
  onGroup: (idGroup: string) => void
  /**
   * An announcement: with no folder and nobody named, it went to every member, and reads so
   * (docs/wall.md, "Announcements").
   */
  everyone?: boolean
}

/**
 * One person after the arrow: 'You' for the viewer, else a link to their contact info, marked
 * when an administrator deactivated them (docs/wall.md, "Deactivated people").
 */
const Person = ({
  person,
  onContact,
}: { person: RecipientPerson } & Pick<PostRecipientsProps, 'onContact'>) => {
  const { t } = useTranslation()
  if (person.isViewer) return <span className="post-card__person">{t('wall.card.you')}</span>
  const link = (
    <button
      type="button"
      className={withDeactivated('post-card__link post-card__person', person.deactivated)}
      onClick={() => onContact(person.phone, person.name)}
    >
      {person.name}
    </button>
  )
  if (!person.deactivated) return link
  return (
    <>
      {link}
      <DeactivatedMark />
    </>
  )
}

/**
 * The recipients on the post card (docs/wall.md, "Post card"): each folder by name with an info
 * icon (an unnamed one by its people, "Folder names"), then one person, or the first two, '+ N'
 * and an info button for the whole list.
 */
export const PostRecipients = ({
  summary,
  folderName,
  onContact,
  onRecipients,
  onGroup,
  everyone = false,
}: PostRecipientsProps) => {
  const { t } = useTranslation()
  const { groups, people } = summary
  return (
    <span className="post-card__recipients">
      {everyone && groups.length === 0 && people.kind === 'none' && (
        <span className="post-card__person">{t('wall.announcement.toEveryone')}</span>
      )}
      {groups.map((group) => {
        const name = folderName(group)
        return (
          <button
            key={group.idGroup}
            type="button"
            className="post-card__link post-card__group"
            aria-label={t('wall.card.folderInfo', { name: name.full })}
            data-testid="post-folder"
            onClick={() => onGroup(group.idGroup)}
          >
            <FolderLabel name={name} />
            <InfoIcon />
          </button>
        )
      })}
      {people.kind === 'single' && <Person person={people.person} onContact={onContact} />}
      {people.kind === 'several' && (
        <>
          {people.shown.map((person, index) => (
            <span key={person.phone} className="post-card__person-slot">
              {index > 0 && <span aria-hidden="true">, </span>}
              <Person person={person} onContact={onContact} />
            </span>
          ))}
          {people.rest > 0 && (
            <span className="post-card__more">
              {t('wall.card.moreRecipients', { n: people.rest })}
            </span>
          )}
          <button
            type="button"
            className="card-icon-button"
            aria-label={t('wall.card.allRecipients')}
            onClick={onRecipients}
          >
            <InfoIcon />
          </button>
        </>
      )}
    </span>
  )
}
