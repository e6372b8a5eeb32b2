import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { CommentView } from '../model/types'
import { CommentBubble } from '../post-card/comment-bubble'

export interface CommentThreadProps {
  comments: readonly CommentView[]
  viewerPhone: string
  viewerName: string
  onResend: (idCmtEmet: string) => void
}

/** Rows are measured once drawn; this is only the first guess. */
const ESTIMATED_ROW_PX = 84
/** Closer than this to the end, the thread counts as scrolled to the bottom. */
const AT_BOTTOM_PX = 4

/**
 * The comments of the open post, oldest first, virtualized so a thread of thousands scrolls
 * smoothly; it scrolls to the bottom a moment after the comments change, and stays there while
 * rows grow once what they show is loaded (a video's or an image's size), unless the person has
 * scrolled up meanwhile (docs/wall.md, "Discussion").
 */
export const CommentThread = ({
  comments,
  viewerPhone,
  viewerName,
  onResend,
}: CommentThreadProps) => {
  const { t } = useTranslation()
  const scroller = useRef<HTMLDivElement>(null)
  // The virtualizer hands out fresh rows on every scroll from one stable object, so this
  // component is not memoized; nothing memoized below receives the virtualizer itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: comments.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => comments[index]?.data.idCmtEmet ?? index,
    overscan: 6,
  })

  // Whether the thread is held at its bottom: from the start and after each scroll there,
  // until the person scrolls up. Only the person lets go of the bottom: the virtualizer's own
  // scrolls (to an estimated end, while rows are still being measured) land short of it without
  // meaning anything, so a scroll away from the bottom unpins only after a wheel, a touch, a key
  // or a press on the scrollbar.
  const pinned = useRef(true)
  const personScrolls = useRef(false)
  const last = comments.at(-1)?.data.idCmtEmet
  useEffect(() => {
    if (comments.length === 0) return
    const timer = setTimeout(() => {
      pinned.current = true
      personScrolls.current = false
      virtualizer.scrollToIndex(comments.length - 1, { align: 'end' })
    }, 30)
    return () => clearTimeout(timer)
  }, [comments.length, last, virtualizer])

  // A row measured taller once its video, image or quiz has loaded makes the thread longer:
  // held at its bottom, it follows.
  const height = virtualizer.getTotalSize()
  useLayoutEffect(() => {
    const element = scroller.current
    if (element !== null && pinned.current) element.scrollTop = element.scrollHeight
  }, [height])

  const grab = () => {
    personScrolls.current = true
  }

  return (
    <div
      ref={scroller}
      className="comment-thread"
      role="log"
      aria-label={t('wall.layout.comments')}
      tabIndex={0}
      onWheel={grab}
      onTouchMove={grab}
      onKeyDown={grab}
      onPointerDown={grab}
      onScroll={(event) => {
        const element = event.currentTarget
        const atBottom =
          element.scrollHeight - element.scrollTop - element.clientHeight <= AT_BOTTOM_PX
        if (atBottom) pinned.current = true
        else if (personScrolls.current) pinned.current = false
      }}
    >
      <div className="comment-thread__inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const comment = comments[row.index]
          if (!comment) return null
          return (
            <div
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className="comment-thread__row"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              <CommentBubble
                comment={comment}
                viewerPhone={viewerPhone}
                viewerName={viewerName}
                onResend={() => onResend(comment.data.idCmtEmet)}
              />
            </div>
          )
        })}
      </div>
    </div>
  )
}
