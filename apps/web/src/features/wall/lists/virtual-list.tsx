import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import './lists.css'

/** Every row has the same height, so nothing needs measuring (docs/wall.md, "Lists"). */
export const rowHeight = 52
/** Rows drawn beyond the visible ones, so keyboard focus and fast scrolls find them ready. */
const overscan = 6

export type RowData = Record<`data-${string}`, string>

export interface VirtualListProps<T> {
  items: readonly T[]
  /** The accessible name of the list. */
  label: string
  itemKey: (item: T) => string
  /** data-* attributes of a row (test ids, the item's key). */
  rowData: (item: T) => RowData
  renderItem: (item: T) => ReactNode
  /** More items may follow: the set size is unknown until the last page is in. */
  hasMore?: boolean
  isLoading?: boolean
  /** Called when the last row is drawn and more may follow. */
  onEndReached?: () => void
  /** What an empty list shows instead of 'Nothing found' (a first-time invitation). */
  empty?: ReactNode
  className?: string
}

/**
 * A list drawing only the rows in view (docs/wall.md, "Lists"): a thousand contacts or folders
 * cost as much as a dozen. The rows are listitems of a labelled list, each telling its position
 * (aria-posinset), since most of the list is not in the page.
 */
export const VirtualList = <T,>({
  items,
  label,
  itemKey,
  rowData,
  renderItem,
  hasMore = false,
  isLoading = false,
  onEndReached,
  empty,
  className,
}: VirtualListProps<T>) => {
  const { t } = useTranslation()
  const scrollRef = useRef<HTMLDivElement>(null)
  // The virtualizer hands out fresh rows on every scroll from one stable object, so this
  // component is not memoized; nothing memoized below receives the virtualizer itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => {
      const item = items[index]
      return item === undefined ? index : itemKey(item)
    },
    overscan,
  })
  const rows = virtualizer.getVirtualItems()
  // An empty list is at its end too: a page whose items were all excluded asks for the next.
  const atEnd = (rows.at(-1)?.index ?? -1) >= items.length - 1
  const reachEnd = useEffectEvent(() => onEndReached?.())

  // The server gives contacts a page at a time; the next page is asked for at the bottom
  // (docs/wall.md, "Lists"). Never while a page is on its way, so one scroll asks once.
  useEffect(() => {
    if (atEnd && hasMore && !isLoading) reachEnd()
  }, [atEnd, hasMore, isLoading, items.length])

  return (
    <div
      ref={scrollRef}
      className={['virtual-list', className].filter(Boolean).join(' ')}
      aria-busy={isLoading || undefined}
    >
      <div
        role="list"
        aria-label={label}
        className="virtual-list__rows"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => {
          const item = items[row.index]
          if (item === undefined) return null
          return (
            <div
              key={row.key}
              role="listitem"
              aria-posinset={row.index + 1}
              aria-setsize={hasMore ? -1 : items.length}
              className="virtual-list__row"
              style={{ height: row.size, transform: `translateY(${row.start}px)` }}
              {...rowData(item)}
            >
              {renderItem(item)}
            </div>
          )
        })}
      </div>
      {isLoading && (
        <p role="status" className="virtual-list__note">
          {t('wall.modals.lists.loading')}
        </p>
      )}
      {!isLoading &&
        !hasMore &&
        items.length === 0 &&
        (empty ?? <p className="virtual-list__note">{t('wall.modals.lists.nothing')}</p>)}
    </div>
  )
}
