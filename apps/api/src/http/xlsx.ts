import { displayPhoneKey } from '@palabre/contracts'
import type { Response } from 'express'
import writeXlsxFile from 'write-excel-file/node'
import type { CsvValue } from './csv.js'

/**
 * The spreadsheet downloads beside the CSV ones (docs/security.md, "Downloads people open"): the
 * same rows in an .xlsx workbook, where every cell is typed a text. A text cell is never a
 * formula, whatever it starts with, so no cell needs a mark: a name reads as typed, a phone as
 * written (`+33 6 12 00 00 02`), in any spreadsheet.
 */
export const xlsxDocument = (rows: readonly (readonly CsvValue[])[]): Promise<Buffer> =>
  writeXlsxFile(
    rows.map((cells) =>
      cells.map((value) => {
        const text = typeof value === 'string' ? value : displayPhoneKey(value.phone)
        return text === '' ? null : { type: String, value: text }
      }),
    ),
  ).toBuffer()

/** Answers an .xlsx download: an attachment of that name, never sniffed, never cached. */
export const sendXlsx = (res: Response, fileName: string, xlsx: Buffer): void => {
  res.attachment(fileName)
  res
    .status(200)
    .set({
      'Content-Type': xlsxType,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    })
    .send(xlsx)
}

export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
