import { csvDocument, csvPhone } from '../http/csv.js'
import type { CsvValue } from '../http/csv.js'

/** One row of the views export: the viewer and their progress. */
export interface ViewsCsvRow {
  name: string
  /** The phone key (digits): written as people write it, `+33 6 12 00 00 02` (`csvPhone`). */
  phone: string
  watchedFraction: number
  completedAt: Date | null
}

export const viewsCsvHeader = ['name', 'phone', 'percent watched', 'completed at'] as const

/** The share as a percentage with one decimal, rounded down: 89.96 % shows 89.9, not 90. */
export const percentOf = (fraction: number): string =>
  (Math.floor(Math.min(1, Math.max(0, fraction)) * 1000 + 1e-9) / 10).toFixed(1)

/** The whole export as a table: a header row, then a row per viewer. */
export const viewsTable = (rows: readonly ViewsCsvRow[]): CsvValue[][] => [
  [...viewsCsvHeader],
  ...rows.map((row) => [
    row.name,
    csvPhone(row.phone),
    percentOf(row.watchedFraction),
    row.completedAt ? row.completedAt.toISOString() : '',
  ]),
]

/** The whole export as a CSV file, CRLF line ends (RFC 4180). */
export const viewsCsv = (rows: readonly ViewsCsvRow[]): string => csvDocument(viewsTable(rows))
