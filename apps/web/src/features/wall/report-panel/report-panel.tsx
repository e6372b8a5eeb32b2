import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../../components/modal'
import { registerPanelTexts } from '../../../i18n/catalogue/wall/panel'
import { SearchBox } from '../lists/search-box'
import './report-panel.css'

/** Every row has the same height, so nothing needs measuring (docs/wall.md, "Report panels"). */
export const panelRowHeight = 52
/** Rows drawn beyond the visible ones, so a fast scroll finds them ready. */
const overscan = 8

/**
 * The panels' texts, added before the first render of a panel's opener: they travel with its
 * code (docs/languages.md, "The catalogue").
 */
export const usePanelTexts = () => {
  const translation = useTranslation()
  useState(() => registerPanelTexts(translation.i18n))
  return translation
}

export interface ReportPanelProps {
  open: boolean
  onClose: () => void
  /** The dialog's name, its visible title. */
  title: string
  /** What the panel says above its search: the counts, the CSV download, the reminder. */
  top?: ReactNode
  search: string
  onSearch: (word: string) => void
  /** How many rows the search leaves. */
  shown: number
  children: ReactNode
}

/**
 * A dialog as tall as the screen for one report's people (docs/wall.md, "Report panels"):
 * its counts and downloads, a search box, and its rows, which scroll in the room left. Escape
 * or the close button closes it, and focus goes back to what opened it (the generic modal).
 */
export const ReportPanel = (props: ReportPanelProps) => {
  const { t } = usePanelTexts()
  return (
    <Modal open={props.open} title={props.title} onClose={props.onClose} className="report-panel">
      {props.top}
      <SearchBox label={t('wall.panel.search')} value={props.search} onChange={props.onSearch} />
      <p className="report-panel__shown" role="status">
        {props.shown === 0 && props.search.trim() !== ''
          ? t('wall.panel.noMatch')
          : t('wall.panel.shown', { count: props.shown })}
      </p>
      {props.children}
    </Modal>
  )
}

export interface PanelRowsProps {
  count: number
  rowKey: (index: number) => string
  /** A row, placed by `place` (its offset and height) in the scrolled body. */
  renderRow: (index: number, place: CSSProperties) => ReactNode
  /** The element around the rows (a list, or a table's body): it is as tall as all of them. */
  body: (height: number, rows: ReactNode) => ReactNode
  /**
   * The scrolled area's accessible name, a group around a list; none inside a table, whose rows
   * it must not come between. Either way it takes the keyboard's focus, to scroll.
   */
  label?: string
}

/**
 * The rows of a panel, only those in view drawn (docs/wall.md, "Report panels"): five thousand
 * people cost as much as a screenful.
 */
export const PanelRows = ({ count, rowKey, renderRow, body, label }: PanelRowsProps) => {
  const scrollRef = useRef<HTMLDivElement>(null)
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => panelRowHeight,
    getItemKey: rowKey,
    overscan,
  })
  const rows = virtualizer.getVirtualItems().map((row) =>
    renderRow(row.index, {
      position: 'absolute',
      top: 0,
      left: 0,
      width: '100%',
      height: row.size,
      transform: `translateY(${row.start}px)`,
    }),
  )
  return (
    <div
      ref={scrollRef}
      className="report-panel__scroll"
      tabIndex={0}
      role={label === undefined ? undefined : 'group'}
      aria-label={label}
      data-testid="report-panel-scroll"
    >
      {body(virtualizer.getTotalSize(), rows)}
    </div>
  )
}
