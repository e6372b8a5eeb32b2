import type { ReactNode } from 'react'
import { usePhoneWidth } from '../use-phone-width'

export interface Column<T> {
  id: string
  /** The column's heading; on a card, the field's label. */
  label: string
  cell: (item: T) => ReactNode
  /** On a card, the field goes without its label (the actions speak for themselves). */
  bareOnCard?: boolean
}

/**
 * One of the console's lists (docs/organisation.md, "The console"): a table on a desktop, its
 * first column heading each row; at phone width, a stacked card per row, each field under its
 * label, so nothing is wider than the screen.
 */
export const AdminList = <T,>({
  items,
  columns,
  rowKey,
  caption,
  testId,
}: {
  items: readonly T[]
  columns: readonly Column<T>[]
  rowKey: (item: T) => string
  /** What the list is, for assistive technologies. */
  caption: string
  testId: string
}) => {
  const phone = usePhoneWidth()
  if (phone)
    return (
      <ul className="admin-cards" aria-label={caption}>
        {items.map((item) => (
          <li key={rowKey(item)} className="admin-card" data-testid={testId}>
            <dl className="admin-card__fields">
              {columns.map((column) => (
                <div
                  key={column.id}
                  className={`admin-card__field admin-card__field--${column.id}`}
                >
                  <dt className={column.bareOnCard ? 'visually-hidden' : undefined}>
                    {column.label}
                  </dt>
                  <dd>{column.cell(item)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    )
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={rowKey(item)} data-testid={testId}>
              {columns.map((column, at) =>
                at === 0 ? (
                  <th key={column.id} scope="row">
                    {column.cell(item)}
                  </th>
                ) : (
                  <td key={column.id} className={`admin-table__${column.id}`}>
                    {column.cell(item)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
