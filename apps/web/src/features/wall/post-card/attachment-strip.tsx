import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { displayFileName } from '../format/file-name'
import { fileKindOf, storedNameOf, thumbnailUrl } from '../../../lib/file-links'
import { openedFromWall, readerPath } from '../../../lib/paths'
import { usePostFiles } from '../queries/use-post-files'
import { FileIcon } from '../../../components/file-icon'
import '../../../components/loading-screen.css'
import './attachment-strip.css'

export interface AttachmentStripProps {
  viewerPhone: string
  postId: string
  /** A post without comments has no files: nothing is asked for. */
  hasComments: boolean
}

/** Within this many pixels of its right edge, the strip counts as scrolled to the end. */
const EDGE_PX = 24

/**
 * The files of a post's comments on its card (docs/wall.md, "Attachments"): newest first, 7 at
 * first, more once the strip is scrolled to its right edge (or when its end is already in
 * view). Each opens the reader.
 */
export const AttachmentStrip = ({ viewerPhone, postId, hasComments }: AttachmentStripProps) => {
  const { t } = useTranslation()
  const { files, hasMore, loadingMore, loadMore } = usePostFiles(viewerPhone, postId, hasComments)
  const list = useRef<HTMLUListElement>(null)

  const atEnd = () => {
    const el = list.current
    return el !== null && el.scrollLeft + el.clientWidth >= el.scrollWidth - EDGE_PX
  }
  // A strip whose end shows without scrolling cannot be scrolled to it: load on.
  useEffect(() => {
    if (hasMore && !loadingMore && atEnd()) loadMore()
  })

  if (files.length === 0) return null
  return (
    <ul
      ref={list}
      className="attachment-strip"
      aria-label={t('wall.card.files.strip')}
      data-testid="attachment-strip"
      onScroll={() => {
        if (atEnd()) loadMore()
      }}
    >
      {files.map((file) => {
        const name = storedNameOf(file)
        const shown = displayFileName(name)
        const image = fileKindOf(name) === 'image'
        return (
          <li key={`${file.idCmtEmet ?? ''}:${name}`} className="attachment-strip__item">
            <Link
              className="attachment-strip__link"
              to={readerPath(name, postId)}
              state={openedFromWall}
              aria-label={t('wall.card.files.open', { name: shown })}
              title={shown}
            >
              {image ? (
                <img
                  className="attachment-strip__thumb"
                  src={thumbnailUrl(name)}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <>
                  <FileIcon name={name} size={36} />
                  <span className="attachment-strip__name">{shown}</span>
                </>
              )}
            </Link>
          </li>
        )
      })}
      {loadingMore && (
        <li className="attachment-strip__more" role="status">
          <span className="loading-screen__spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('wall.card.files.more')}</span>
        </li>
      )}
    </ul>
  )
}
