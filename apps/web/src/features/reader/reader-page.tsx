import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useParams } from 'react-router-dom'
import { useProfile } from '../../session/require-session'
import { isOpenedFromWall, readerPath, readerPostOf } from '../../lib/paths'
import { FileView } from './file-view'
import { closePath, fileOfAddress } from './reader-files'
import { ReaderHeader } from './reader-header'
import { registerReaderTexts } from '../../i18n/catalogue/reader'
import { useReaderFiles } from './use-reader-files'
import { useReaderKeys } from './use-reader-keys'
import './reader.css'

const Arrow = ({ d }: { d: string }) => (
  <svg viewBox="0 0 16 16" width="24" height="24" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
)

/**
 * The file reader, at `/wall/discussion/lecteur/<file>?post=<idPost>` (docs/reader.md): one file
 * of a post at a time, full screen, with its sender, its date and its download, and previous
 * and next through the post's files, newest first.
 */
export const ReaderPage = () => {
  const profile = useProfile()
  const { t, i18n } = useTranslation()
  // Before anything of the reader renders: its texts come with its code.
  useState(() => registerReaderTexts(i18n))
  const navigate = useNavigate()
  const name = fileOfAddress(useParams().filedoc ?? '')
  // Read from the location: the router's useSearchParams would add its code to every page's
  // first load (docs/bundle-budgets.md).
  const location = useLocation()
  const postId = readerPostOf(location.search)
  const files = useReaderFiles(profile.phone, postId, name)
  // The file the server said is not there: no download of it (docs/reader.md, "A file that is
  // gone"). Another file starts afresh.
  const [goneName, setGoneName] = useState<string | null>(null)
  const gone = goneName === name
  const markGone = useCallback(() => setGoneName(name), [name])

  // Each step replaces the address: Close and the browser's back leave the reader at once,
  // without walking back through every file seen (docs/reader.md, "Address").
  const go = (file: string | null) => {
    if (file !== null && postId !== null)
      void navigate(readerPath(file, postId), { replace: true, state: location.state })
  }
  // A next page that arrives after the reader moved on, or closed, does not move it.
  const step = useRef(0)
  useEffect(
    () => () => {
      step.current += 1
    },
    [name],
  )
  // Opened from the wall: back to the page that opened it. From a link: to the discussion.
  const close = () =>
    void (isOpenedFromWall(location.state)
      ? navigate(-1)
      : navigate(closePath(postId), { replace: true }))
  const previous = () => {
    if (files.hasPrevious) go(files.previous())
  }
  const next = () => {
    if (!files.hasNext || files.loadingNext) return
    const mine = step.current
    void files.next().then((file) => {
      if (step.current === mine) go(file)
    })
  }
  useReaderKeys({ onPrevious: previous, onNext: next, onClose: close })

  // The wall under the reader is inert: the focus moves to Close, and back to what opened the
  // reader (a bubble's link, a strip's) when it closes (docs/reader.md, "Controls").
  const closeButton = useRef<HTMLButtonElement>(null)
  const [opener] = useState(() => document.activeElement)
  useEffect(() => {
    closeButton.current?.focus()
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [opener])

  // Alone, without previous and next, when the post's files do not hold it.
  const stepping = postId !== null && (files.item !== undefined || files.searching)
  return (
    <div className="reader">
      <ReaderHeader
        name={name}
        viewerPhone={profile.phone}
        item={files.item}
        searching={files.searching}
        gone={gone}
        onClose={close}
        closeRef={closeButton}
      />
      {/* Focusable: a long PDF scrolls with the keyboard too. */}
      <main className="reader__stage" aria-labelledby="reader-name" tabIndex={0}>
        <FileView key={name} name={name} viewer={profile.phone} gone={gone} onGone={markGone} />
      </main>
      {stepping && (
        <nav className="reader__nav" aria-label={t('reader.title')}>
          <button
            type="button"
            className="reader__step reader__step--previous"
            onClick={previous}
            disabled={!files.hasPrevious}
            title={t('reader.previous')}
          >
            <Arrow d="M10 3 5 8l5 5" />
            <span className="visually-hidden">{t('reader.previous')}</span>
          </button>
          <button
            type="button"
            className="reader__step reader__step--next"
            onClick={next}
            disabled={!files.hasNext}
            aria-busy={files.loadingNext}
            title={t('reader.next')}
          >
            <Arrow d="m6 3 5 5-5 5" />
            <span className="visually-hidden">{t('reader.next')}</span>
          </button>
        </nav>
      )}
    </div>
  )
}
