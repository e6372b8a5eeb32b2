import type { UserProfile } from '@palabre/contracts'
import { postsPerPage } from '@palabre/contracts'
import { useMemo, useSyncExternalStore, type Dispatch, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Language } from '../../../i18n'
import { scopeKey } from '../queries/keys'
import { usePinnedAnnouncements } from '../queries/announcements'
import { useWallPage } from '../queries/use-wall-data'
import { PinnedAnnouncements } from '../announcements/pinned-announcements'
import { unsentPosts } from '../queries/view-lookups'
import { emptyWallText, pageRange } from '../format'
import { useLive } from '../live/live-context'
import { useFolderNames } from '../lists/folder-names'
import type { PostView } from '../model/types'
import type { WallView, WallViewAction } from '../model/wall-view'
import { PostCard } from '../post-card/post-card'
import { PostSearch } from './post-search'
import { ScopeTitle } from './scope-title'
import './centre-column.css'

const noPosts: PostView[] = []

export interface PostActions {
  open: (post: PostView) => void
  expand: (post: PostView) => void
  share: (post: PostView) => void
  copy: (post: PostView) => void
  resend: (post: PostView) => void
  recipients: (post: PostView) => void
  contact: (phone: string, name: string) => void
  group: (idGroup: string) => void
}

export interface CentreColumnProps {
  profile: UserProfile
  view: WallView
  dispatch: Dispatch<WallViewAction>
  openPostId: string | undefined
  actions: PostActions
  /** On mobile the search box shows only when toggled. */
  showSearch: boolean
}

/**
 * The post list of the scope on screen (docs/wall.md, "Scope, paging and search"): its title,
 * the back arrow, the paging counter, the search box, and the posts, with the ones written here
 * and not yet stored on top of the first page; on the general wall, the pinned announcements
 * above them all (docs/wall.md, "Announcements").
 */
export const CentreColumn = ({
  profile,
  view,
  dispatch,
  openPostId,
  actions,
  showSearch,
}: CentreColumnProps) => {
  const { t, i18n } = useTranslation()
  const lang = (i18n.resolvedLanguage ?? 'en') as Language
  const phone = profile.phone
  const live = useLive()
  const { posts, count } = useWallPage(phone, view.scope, view.word, view.page)
  const outbox = useSyncExternalStore(live.outbox.subscribe, live.outbox.snapshot)
  const folderNames = useFolderNames()
  const allPinned = usePinnedAnnouncements(phone)
  // The general wall, unsearched, shows the pinned announcements above its posts, and not again
  // among them (docs/wall.md, "Announcements").
  const pinned = view.scope.kind === 'general' && view.word === '' ? allPinned : noPosts

  const shown = useMemo((): PostView[] => {
    const pinnedIds = new Set(pinned.map((p) => p.data.idPostEmet))
    const stored = (posts.data ?? []).filter((p) => !pinnedIds.has(p.data.idPostEmet))
    if (view.page !== 0 || view.word !== '') return stored
    const unsent = unsentPosts(outbox, view.scope, phone)
    const ids = new Set(unsent.map((p) => p.data.idPostEmet))
    return [...[...unsent].reverse(), ...stored.filter((p) => !ids.has(p.data.idPostEmet))]
  }, [posts.data, outbox, view, phone, pinned])

  const card = (post: PostView, extra: { pinned?: boolean; footer?: ReactNode } = {}) => (
    <PostCard
      key={post.data.idPostEmet}
      post={post}
      viewerPhone={phone}
      isOpen={post.data.idPostEmet === openPostId}
      onOpen={() => actions.open(post)}
      onExpand={() => actions.expand(post)}
      onComment={() => actions.open(post)}
      onShare={() => actions.share(post)}
      onCopy={() => actions.copy(post)}
      onResend={() => actions.resend(post)}
      onContact={actions.contact}
      onRecipients={() => actions.recipients(post)}
      onGroup={actions.group}
      {...extra}
    />
  )

  const range = pageRange(
    view.page * postsPerPage,
    count.data ?? 0,
    postsPerPage,
    lang,
    posts.isSuccess ? posts.data?.length : undefined,
  )
  const searching = view.word !== ''
  const atHome = view.scope.kind === 'general' && !searching
  // The empty wall names a folder as its title does (docs/wall.md, "Folder names").
  const named =
    view.scope.kind === 'folder'
      ? { ...view.scope, name: folderNames.ofScope(view.scope).label }
      : view.scope

  return (
    <section className="centre" aria-label={t('wall.layout.posts')}>
      <header className="centre__bar">
        {/* The back arrow stays beside the title; a long title sends the paging below. */}
        <div className="centre__heading">
          {!atHome && (
            <button
              type="button"
              className="icon-button"
              aria-label={t('wall.layout.backToGeneral')}
              onClick={() => dispatch({ type: 'general' })}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path fill="currentColor" d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z" />
              </svg>
            </button>
          )}
          <ScopeTitle scope={view.scope} />
        </div>
        <div className="centre__paging">
          <span data-testid="paging-counter">{range.label}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={t('wall.layout.previous')}
            disabled={!range.canPrevious}
            onClick={() => dispatch({ type: 'page', page: view.page - 1 })}
          >
            ‹
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t('wall.layout.next')}
            disabled={!range.canNext}
            onClick={() => dispatch({ type: 'page', page: view.page + 1 })}
          >
            ›
          </button>
        </div>
      </header>
      {showSearch && (
        <PostSearch
          key={`${scopeKey(view.scope)}/${view.word}`}
          word={view.word}
          onSearch={(word) => dispatch({ type: 'search', word })}
        />
      )}
      <div className="centre__list" aria-busy={posts.isFetching}>
        <PinnedAnnouncements
          posts={pinned}
          viewerPhone={phone}
          renderCard={(post, footer) => card(post, { pinned: true, footer })}
        />
        {shown.map((post) => card(post))}
        {posts.isSuccess && shown.length === 0 && pinned.length === 0 && (
          <p className="centre__empty" data-testid="empty-wall">
            {emptyWallText(named, searching, lang)}
          </p>
        )}
        {posts.isPending && <p className="centre__empty">{t('wall.layout.loading')}</p>}
      </div>
    </section>
  )
}
