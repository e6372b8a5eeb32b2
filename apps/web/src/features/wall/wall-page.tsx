import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useMemo, useReducer, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation, useNavigate, useParams } from 'react-router-dom'
import { useProfile } from '../../session/require-session'
import { loadProfileLanguage } from '../profile'
import { CentreColumn } from './centre/centre-column'
import { readerPostOf } from '../../lib/paths'
import { newPost } from './queries/sending/new-post'
import { useFolderActions } from './queries/use-folder-actions'
import { useContactSource, useGroups } from './queries/use-wall-data'
import { findPostView } from './queries/view-lookups'
import { DiscussionPanel } from './discussion/discussion-panel'
import { LazyDirectory } from './directory/lazy-directory'
import { LiveContext } from './live/live-context'
import { FolderNamesProvider } from './lists/folder-names'
import { PeoplePhotosProvider, usePeoplePhotos } from './lists/people-photos'
import { initialWallView, wallViewReducer } from './model/wall-view'
import { DesktopSide } from './shell/desktop-side'
import { MobileBar, MobileFilters, NewMessageButton } from './shell/mobile-shell'
import { Toasts, useToasts } from './shell/toasts'
import { useBackGuard } from './shell/use-back-guard'
import { useMediaQuery } from '../../lib/use-media-query'
import { mobileWallQuery } from './shell/use-media-query'
import { useTabTitle } from './shell/use-tab-title'
import { WallPlaceholder } from './shell/wall-placeholder'
import { registerWallTexts } from '../../i18n/catalogue/wall'
import { usePostActions } from './use-post-actions'
import { useWallLive } from './use-wall-live'
import type { WallModal } from './wall-modals'
import './wall-page.css'

// The modals' code is not part of the wall's first load (docs/bundle-budgets.md): it is fetched
// once the wall is on screen, so a modal still opens after the network goes away.
const loadModals = () => import('./wall-modals')
const WallModals = lazy(async () => ({ default: (await loadModals()).WallModals }))

/**
 * The wall (docs/wall.md): folders and contacts, the posts of the scope on screen, and the open
 * post's discussion; three columns on a desktop, one screen at a time on a phone. Everything on
 * it is server state in TanStack Query, changed live by the tab's socket.
 */
export const WallPage = () => {
  const profile = useProfile()
  const phone = profile.phone
  const { t, i18n } = useTranslation()
  // Before anything of the wall renders: its texts come with its code.
  useState(() => registerWallTexts(i18n))
  const client = useQueryClient()
  const navigate = useNavigate()
  const params = useParams()
  const search = useLocation().search
  // Under the reader, its post's discussion stays open (docs/reader.md, "Address").
  const readerOpen = params.filedoc !== undefined
  const openPostId = params.id ?? (readerOpen ? (readerPostOf(search) ?? undefined) : undefined)
  const mobile = useMediaQuery(mobileWallQuery)
  const [view, dispatch] = useReducer(wallViewReducer, initialWallView)
  const [modal, setModal] = useState<WallModal>(null)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const [directoryOpen, setDirectoryOpen] = useState(false)
  const [searchOpen, setSearchOpen] = useState(false)
  const { toasts, show, dismiss } = useToasts()
  const contacts = useContactSource(phone)
  // The modals search on their own: a word typed in a picker does not filter the left column.
  const pickerContacts = useContactSource(phone)
  const groups = useGroups(phone)
  const folders = groups.data ?? []
  useBackGuard()
  useEffect(() => {
    void loadModals().catch(() => undefined)
    // Once signed in, the profile's language wins when set (docs/languages.md, "The language
    // setting"); a failed read leaves the browser's.
    void loadProfileLanguage()
      .then(({ applyProfileLanguage }) => applyProfileLanguage(client, i18n))
      .catch(() => undefined)
  }, [client, i18n])
  useTabTitle(phone, t('wall.layout.appName'))

  const live = useWallLive({ profile, openPostId, view, dispatch, setModal, show })

  const folderActions = useFolderActions(profile, live)
  const postActions = usePostActions({
    profile,
    live,
    contacts,
    folders,
    setModal,
    notify: (text) => show(text),
    copiedText: t('wall.layout.copied'),
  })
  const folderNames = useMemo(
    () => ({ viewerPhone: phone, folders: groups.data ?? [] }),
    [phone, groups.data],
  )
  const photoOf = usePeoplePhotos(contacts.items, folders, profile)
  const closeModal = () => setModal(null)
  const send = async (input: Parameters<typeof newPost>[1]) => {
    if (!live) throw new Error(t('server.message.failedToSend'))
    const item = newPost(profile, input)
    void live.sender.submit(item)
    closeModal()
  }

  const side = {
    folders,
    contacts,
    scope: view.scope,
    onFolder: (group: (typeof folders)[number]) => {
      dispatch({
        type: 'scope',
        scope: { kind: 'folder', idGroup: group.idGroup, name: group.nomGroup },
      })
      setFiltersOpen(false)
    },
    onContact: (contact: (typeof contacts.items)[number]) => {
      dispatch({
        type: 'scope',
        scope: {
          kind: 'contact',
          phone: contact.phone,
          name: contact.name,
          registered: contact.status === '1',
        },
      })
      setFiltersOpen(false)
    },
    onContactInfo: (contact: (typeof contacts.items)[number]) =>
      setModal({
        kind: 'contact',
        contact: {
          name: contact.name,
          phone: contact.phone,
          ...(contact.status ? { status: contact.status } : {}),
          saved: true,
        },
      }),
    onCreateFolder: () => setModal({ kind: 'newFolder' }),
    onCreateContact: () => setModal({ kind: 'newContact' }),
    onDirectory: () => {
      setFiltersOpen(false)
      setDirectoryOpen(true)
    },
  }
  // A renamed contact's name follows on the centre column's title too.
  const contactActions = {
    ...folderActions,
    renameContact: async (contactPhone: string, name: string) => {
      await folderActions.renameContact(contactPhone, name)
      dispatch({ type: 'contactRenamed', phone: contactPhone, name })
    },
  }

  // 'Post to' from the directory's card (docs/wall.md, "Directory"): the wall on that contact's
  // posts, as choosing them in the contacts does, and the composer addressed to them.
  const directoryActions = {
    saveContact: folderActions.saveContact,
    addMembers: folderActions.addMembers,
    post: (contact: (typeof contacts.items)[number]) => {
      setDirectoryOpen(false)
      side.onContact(contact)
      setModal({ kind: 'send', initialContacts: [contact] })
    },
  }

  if (!live) return null
  // Notices sit where nothing they cover is needed while they show (docs/wall.md, "Notices"):
  // over the foot of the post list, or on a phone's discussion over the foot of its thread.
  const notices = (
    <Toasts
      toasts={toasts}
      onDismiss={dismiss}
      offline={live.status === 'offline' ? t('wall.layout.offline') : null}
    />
  )
  const discussion = openPostId ? (
    <DiscussionPanel
      key={openPostId}
      profile={profile}
      postId={openPostId}
      mobile={mobile}
      onBack={() => void navigate('/wall')}
      onInfo={() => {
        const post = findPostView(client, phone, openPostId)
        if (post) setModal({ kind: 'postInfo', post })
      }}
      onContact={postActions.contact}
      onGroup={postActions.group}
      {...(mobile ? { notices } : {})}
    />
  ) : null

  // The post list: on a phone, its search box shows when toggled.
  const centre = (
    <main className="wall__centre">
      <CentreColumn
        profile={profile}
        view={view}
        dispatch={dispatch}
        openPostId={openPostId}
        actions={postActions}
        showSearch={!mobile || searchOpen}
      />
      {notices}
    </main>
  )

  return (
    <LiveContext.Provider value={live}>
      <FolderNamesProvider value={folderNames}>
        <PeoplePhotosProvider value={photoOf}>
          {/* Under the reader the wall is inert: out of the keyboard's and screen readers' way
          (aria-hidden too, for tools that do not read inert). */}
          <div
            className={mobile ? 'wall wall--mobile' : 'wall'}
            data-connection={live.status}
            inert={readerOpen}
            aria-hidden={readerOpen || undefined}
          >
            {mobile ? (
              (discussion ?? (
                <>
                  <MobileBar
                    onFilters={() => setFiltersOpen((open) => !open)}
                    onSearch={() => setSearchOpen((open) => !open)}
                    filtersOpen={filtersOpen}
                    searchOpen={searchOpen}
                    onLogout={() => live.outbox.clear()}
                  />
                  {centre}
                  <MobileFilters open={filtersOpen} profile={profile} {...side} />
                  <NewMessageButton onClick={() => setModal({ kind: 'send' })} />
                </>
              ))
            ) : (
              <>
                <DesktopSide
                  {...side}
                  profile={profile}
                  onNewMessage={() => setModal({ kind: 'send' })}
                  onLogout={() => live.outbox.clear()}
                />
                {centre}
                <aside className="wall__discussion">{discussion ?? <WallPlaceholder />}</aside>
              </>
            )}
            <LazyDirectory
              open={directoryOpen}
              onClose={() => setDirectoryOpen(false)}
              viewerPhone={phone}
              folders={folders}
              actions={directoryActions}
            />
            {modal !== null && (
              <Suspense fallback={null}>
                <WallModals
                  modal={modal}
                  onClose={closeModal}
                  profile={profile}
                  contacts={pickerContacts}
                  folders={folders}
                  actions={contactActions}
                  onSend={send}
                  onContact={postActions.contact}
                  onGroup={postActions.group}
                  notify={(text) => show(text)}
                />
              </Suspense>
            )}
          </div>
          {/* The reader, over the wall (docs/reader.md, "Address"); nothing on other addresses. */}
          <Outlet context={profile} />
        </PeoplePhotosProvider>
      </FolderNamesProvider>
    </LiveContext.Provider>
  )
}
