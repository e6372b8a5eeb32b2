import { useTranslation } from 'react-i18next'
import type { PostView } from '../model/types'
import { isSender } from '../format/post-state'
import { isAnnouncement } from '../announcements/announcement-line'
import { FolderLabel, useFolderNames } from '../lists/folder-names'
import { toPerson } from '../format/recipients'
import { recipientTickKind } from '../format/ticks'
import { DeactivatedMark, withDeactivated } from '../lists/deactivated-mark'
import { InfoIcon } from './icons'
import { Ticks } from './ticks'
import './recipient-list.css'
import './card-icon-button.css'

export interface RecipientListProps {
  post: PostView
  viewerPhone: string
  onContact: (phone: string, name: string) => void
  onGroup: (idGroup: string) => void
}

/**
 * Every recipient of a post (docs/wall.md, "Discussion" and "Ticks"): the folders, each with an
 * info button, then each person ('You' for the viewer), marked when an administrator
 * deactivated them ("Deactivated people"). Only the sender sees each person's ticks: a
 * recipient's item carries no one else's marks.
 */
export const RecipientList = ({ post, viewerPhone, onContact, onGroup }: RecipientListProps) => {
  const { t } = useTranslation()
  const folderNames = useFolderNames()
  const sender = isSender(post, viewerPhone)
  // An announcement to every member names nobody (docs/wall.md, "Announcements").
  const everyone =
    isAnnouncement(post) && post.data.groups.length === 0 && post.data.recipients.length === 0
  return (
    <ul className="recipient-list" aria-label={t('wall.card.recipients')}>
      {everyone && (
        <li className="recipient-list__item" data-testid="recipient-everyone">
          <span className="recipient-list__name">{t('wall.announcement.toEveryone')}</span>
        </li>
      )}
      {post.data.groups.map((group) => {
        // An unnamed folder reads as its people (docs/wall.md, "Folder names").
        const name = folderNames.ofPostGroup(group, post)
        return (
          <li
            key={`group-${group.idGroup}`}
            className="recipient-list__item recipient-list__item--group"
            data-testid="recipient-group"
            data-group-id={group.idGroup}
          >
            <FolderLabel name={name} className="recipient-list__name" />
            <button
              type="button"
              className="card-icon-button"
              aria-label={t('wall.card.folderInfo', { name: name.full })}
              onClick={() => onGroup(group.idGroup)}
            >
              <InfoIcon />
            </button>
          </li>
        )
      })}
      {post.data.recipients.map((recipient) => {
        const person = toPerson(recipient, viewerPhone)
        const ticks = recipientTickKind(recipient, sender)
        return (
          <li
            key={person.phone}
            className="recipient-list__item"
            data-testid="recipient"
            data-phone={person.phone}
            data-ticks={ticks ?? undefined}
            data-deactivated={person.deactivated}
          >
            {person.isViewer ? (
              <span className="recipient-list__name">{t('wall.card.you')}</span>
            ) : (
              <button
                type="button"
                className={withDeactivated(
                  'recipient-list__name recipient-list__contact',
                  person.deactivated,
                )}
                onClick={() => onContact(person.phone, person.name)}
              >
                {person.name}
              </button>
            )}
            {person.deactivated && <DeactivatedMark />}
            {ticks !== null && ticks !== 'none' && <Ticks kind={ticks} />}
          </li>
        )
      })}
    </ul>
  )
}
