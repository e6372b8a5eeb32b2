// The one CSV writer (docs/security.md, "Downloads people open"): UTF-8 with its byte order
// mark, a text that would run as a formula kept a text, a phone written in groups with no mark.
import { describe, expect, it } from 'vitest'
import { readSpreadsheet } from '../../test/spreadsheet.js'
import { csvCell, csvDocument, csvPhone } from './csv.js'

describe('csvDocument', () => {
  it('starts with the UTF-8 byte order mark, then the rows with CRLF line ends', () => {
    const csv = csvDocument([['name'], ['Chloé']])
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    expect(csv).toBe('\uFEFF"name"\r\n"Chloé"\r\n')
  })
})

describe('csvCell', () => {
  it('keeps a text that starts like a formula a text, with a leading apostrophe', () => {
    expect(csvCell('=SUM(1)')).toBe(`"'=SUM(1)"`)
    expect(csvCell('@x')).toBe(`"'@x"`)
    expect(csvCell('-1+1')).toBe(`"'-1+1"`)
    expect(csvCell('+Plus')).toBe(`"'+Plus"`)
    expect(csvCell('\tTab')).toBe(`"'\tTab"`)
    expect(csvCell('\rReturn')).toBe(`"'\rReturn"`)
    expect(csvCell('Zoé "Z", the last')).toBe('"Zoé ""Z"", the last"')
  })

  it('writes a phone in its groups, with no apostrophe', () => {
    expect(csvCell(csvPhone('33612000002'))).toBe('"+33 6 12 00 00 02"')
    expect(csvCell(csvPhone('12025550143'))).toBe('"+1 202 555 0143"')
    expect(csvCell(csvPhone('2250707123456'))).toBe('"+225 07 07 12 3456"')
  })

  it('keeps a key no number plan can group a text, as it would otherwise be a number', () => {
    expect(csvCell(csvPhone('999123'))).toBe(`"'+999123"`)
  })
})

describe('a CSV opened in LibreOffice', () => {
  it('reads the names as written, runs no formula and keeps each phone the text written', async () => {
    const names = ['Chloé', '=SUM(1)', '@x', '-1+1', '+1+1']
    const phones = ['33612000002', '12025550143', '442079460958', '2290197000000', '33600000011']
    const csv = csvDocument([
      ['name', 'phone'],
      ...names.map((name, i) => [name, csvPhone(phones[i]!)]),
    ])
    const sheet = await readSpreadsheet(csv, 'csv')
    expect(sheet.flat().filter((cell) => cell.formula !== undefined)).toEqual([])
    expect(sheet.flat().every((cell) => cell.type === 'string')).toBe(true)
    expect(sheet.map((row) => row.map((cell) => cell.text))).toEqual([
      ['name', 'phone'],
      ['Chloé', '+33 6 12 00 00 02'],
      ["'=SUM(1)", '+1 202 555 0143'],
      ["'@x", '+44 20 7946 0958'],
      ["'-1+1", '+229 01 97 00 00 00'],
      ["'+1+1", '+33 6 00 00 00 11'],
    ])
  })
})
