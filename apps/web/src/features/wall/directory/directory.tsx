import {
  directoryPageSize,
  type Contact,
  type DirectoryPerson,
  type Group,
} from '@palabre/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Avatar } from '../../../components/avatar'
import { FormAlert } from '../../../components/form-alert'
import { Modal } from '../../../components/modal'
import { registerDirectoryTexts } from '../../../i18n/catalogue/wall/directory'
import { useLang } from '../../../i18n/use-lang'
import { pageRange } from '../format'
import { SearchBox } from '../lists/search-box'
import { useDirectoryPage } from '../queries/directory'
import { PersonCard } from './person-card'
import { personLine } from './person-line'
import { useDebounced } from './use-debounced'
import './directory.css'

/** What the directory's card does with a person (docs/wall.md, "Directory"). */
export interface DirectoryActions {
  /** Saves a contact, as the new-contact modal does (the phone with its '+'). */
  saveContact: (input: { name: string; phone: string }) => Promise<void>
  /** Adds people to one of the viewer's folders, as the folder card's 'Add' does. */
  addMembers: (folder: Group, added: readonly Contact[]) => Promise<void>
  /** Opens the composer addressed to that contact, with the wall on their posts. */
  post: (contact: Contact) => void
}

export interface DirectoryProps {
  open: boolean
  onClose: () => void
  viewerPhone: string
  folders: readonly Group[]
  actions: DirectoryActions
}

/**
 * The directory's texts, added before its first render: they travel with its code
 * (docs/languages.md, "The catalogue").
 */
export const useDirectoryTexts = () => {
  const translation = useTranslation()
  useState(() => registerDirectoryTexts(translation.i18n))
  return translation
}

/**
 * The organisation's directory (docs/wall.md, "Directory"): a search, asked once typing pauses,
 * over the people the viewer may see, 20 a page with the wall's paging, and a person's card on a
 * click. Lives only while open, so each opening starts afresh.
 */
export const Directory = ({ open, ...props }: DirectoryProps) =>
  open ? <DirectoryScreen {...props} /> : null

const DirectoryScreen = ({
  onClose,
  viewerPhone,
  folders,
  actions,
}: Omit<DirectoryProps, 'open'>) => {
  const { t } = useDirectoryTexts()
  const lang = useLang()
  const [word, setWord] = useState('')
  const [shown, setShown] = useState<DirectoryPerson | null>(null)
  const term = useDebounced(word.trim())
  // A new search starts at its first page.
  const [paging, setPaging] = useState({ term: '', n: 0 })
  const n = paging.term === term ? paging.n : 0
  const page = useDirectoryPage(viewerPhone, term, n)
  const total = page.data?.total ?? 0
  const people = page.data?.items ?? []
  const range = pageRange(n, total, directoryPageSize, lang, people.length)
  const toPage = (next: number) => setPaging({ term, n: next })
  return (
    <>
      <Modal open title={t('wall.directory.title')} onClose={onClose} className="directory">
        <SearchBox label={t('wall.directory.search')} value={word} onChange={setWord} />
        <div className="directory__bar">
          <p className="directory__total" role="status">
            {page.isPending
              ? t('wall.directory.loading')
              : t('wall.directory.total', { count: total })}
          </p>
          <div className="directory__paging">
            <span data-testid="directory-paging">{range.label}</span>
            <button
              type="button"
              className="icon-button"
              aria-label={t('wall.layout.previous')}
              disabled={!range.canPrevious}
              onClick={() => toPage(Math.max(0, n - directoryPageSize))}
            >
              ‹
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={t('wall.layout.next')}
              disabled={!range.canNext}
              onClick={() => toPage(n + directoryPageSize)}
            >
              ›
            </button>
          </div>
        </div>
        {page.isError && <FormAlert>{t('wall.directory.failed')}</FormAlert>}
        {page.isSuccess && people.length === 0 && (
          <p className="directory__empty">
            {term === '' ? t('wall.directory.empty') : t('wall.directory.nobody', { word: term })}
          </p>
        )}
        {people.length > 0 && (
          <ul className="directory__list" aria-label={t('wall.directory.title')}>
            {people.map((person) => (
              <li key={person.phone}>
                <button
                  type="button"
                  className="directory__person"
                  onClick={() => setShown(person)}
                >
                  <Avatar name={person.name} photo={person.photo} />
                  <span className="directory__who">
                    <span className="directory__name">{person.name}</span>
                    <span className="directory__line">{personLine(person)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Modal>
      {/* Beside the directory, not in it: the card's Escape closes the card only. */}
      <PersonCard
        person={shown}
        onClose={() => setShown(null)}
        viewerPhone={viewerPhone}
        folders={folders}
        actions={actions}
      />
    </>
  )
}
