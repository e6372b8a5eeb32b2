import type { Response } from 'express'

/**
 * CSV downloads (docs/security.md, "Downloads people open"): every export a person opens in a
 * spreadsheet is written here, one way.
 */

/**
 * One cell, safe to open in a spreadsheet: a cell that starts with `=`, `+`, `-`, `@`, a tab or
 * a carriage return would be read as a formula, so it gets a leading apostrophe; every cell is
 * quoted, its quotes doubled (RFC 4180).
 */
export const csvCell = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return `"${safe.replaceAll('"', '""')}"`
}

/** A whole file: the header row, then the rows, CRLF line ends. */
export const csvDocument = (rows: readonly (readonly string[])[]): string =>
  rows
    .map((cells) => cells.map(csvCell).join(','))
    .join('\r\n')
    .concat('\r\n')

/** Answers a CSV download: an attachment of that name, never sniffed, never cached. */
export const sendCsv = (res: Response, fileName: string, csv: string): void => {
  res.attachment(fileName)
  res
    .status(200)
    .set({
      'Content-Type': 'text/csv; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    })
    .send(csv)
}
