import { displayPhoneKey } from '@palabre/contracts'
import type { Response } from 'express'

/**
 * CSV downloads (docs/security.md, "Downloads people open"): every export a person opens in a
 * spreadsheet is written here, one way.
 */

/** A phone in a row: the key, written as people write it rather than as a text of theirs. */
export interface CsvPhone {
  readonly phone: string
}

/** What a row holds: a text (a name, a status, a date) or a phone. */
export type CsvValue = string | CsvPhone

/** The phone cell of a key (digits). */
export const csvPhone = (key: string): CsvPhone => ({ phone: key })

/** The byte order mark that tells a spreadsheet the file is UTF-8 ('Chloé', not 'ChloÃ©'). */
export const utf8Bom = '\uFEFF'

/** A cell a spreadsheet would read as a formula: it starts with `=`, `+`, `-`, `@`, tab or CR. */
const formulaStart = /^[=+\-@\t\r]/

/** A phone in groups, `+33 6 12 00 00 02`: spaces keep it text, and nothing in it can call. */
const groupedPhone = /^\+\d+(?: \d+)+$/

const quoted = (text: string): string => `"${text.replaceAll('"', '""')}"`

/**
 * One cell, safe to open in a spreadsheet, quoted with its quotes doubled (RFC 4180):
 * - a text that starts like a formula gets a leading apostrophe;
 * - a phone is written in groups, which a spreadsheet keeps as text as it stands, with no mark;
 *   a key no number plan can group (`+` and digits alone would be read as a number) is a text.
 */
export const csvCell = (value: CsvValue): string => {
  if (typeof value !== 'string') {
    const written = displayPhoneKey(value.phone)
    return groupedPhone.test(written) ? quoted(written) : csvCell(written)
  }
  return quoted(formulaStart.test(value) ? `'${value}` : value)
}

/** A whole file: the byte order mark, the header row, then the rows, CRLF line ends. */
export const csvDocument = (rows: readonly (readonly CsvValue[])[]): string =>
  utf8Bom.concat(
    rows
      .map((cells) => cells.map(csvCell).join(','))
      .join('\r\n')
      .concat('\r\n'),
  )

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
