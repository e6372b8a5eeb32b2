// A download read as a spreadsheet reads it (docs/security.md, "Downloads people open"):
// LibreOffice, headless, opens the file and saves it as a flat OpenDocument sheet, whose cells
// say what it made of each field: a text, a number, or a formula.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../src/config.js'
import { findOnPath, runBounded } from '../src/files/sandbox.js'

/** One cell as LibreOffice read it. */
export interface SheetCell {
  /** `string`, `float`, `date`…, or '' for an empty cell. */
  type: string
  /** The text shown. */
  text: string
  /** The formula, when the cell is one. */
  formula: string | undefined
}

/** Only a hung LibreOffice meets it (docs/testing.md, "Timeouts"). */
const SAFETY_NET_MS = 10 * 60_000

/** A CSV opened as the downloads say they are: comma, double quote, UTF-8 (76), from row 1. */
const CSV_FILTER = 'CSV:44,34,76,1'

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
}
const unescapeXml = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => entities[name] ?? '')

const attribute = (attributes: string, name: string): string | undefined => {
  const found = new RegExp(`${name}="([^"]*)"`).exec(attributes)
  return found?.[1] === undefined ? undefined : unescapeXml(found[1])
}

/** The cells of a flat ODS's first sheet, row by row; trailing empty cells are left out. */
const cellsOf = (fods: string): SheetCell[][] => {
  const table = /<table:table [\s\S]*?<\/table:table>/.exec(fods)?.[0] ?? ''
  const rows = table.match(/<table:table-row[\s\S]*?<\/table:table-row>/g) ?? []
  return rows.map((row) => {
    const cells: SheetCell[] = []
    const cell = /<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g
    for (const [, attributes = '', body = ''] of row.matchAll(cell)) {
      const text = [...body.matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)]
        .map(([, line = '']) => unescapeXml(line.replace(/<[^>]*>/g, '')))
        .join('\n')
      const repeated = Number(attribute(attributes, 'table:number-columns-repeated') ?? '1')
      const read: SheetCell = {
        type: attribute(attributes, 'office:value-type') ?? '',
        text,
        formula: attribute(attributes, 'table:formula'),
      }
      for (let i = 0; i < repeated; i++) cells.push(read)
    }
    while (cells.length > 0 && cells.at(-1)?.type === '') cells.pop()
    return cells
  })
}

/**
 * What LibreOffice makes of a downloaded file (`csv` or `xlsx`): every cell of its first sheet.
 * Each reading has its own folder and LibreOffice profile, so parallel runs never share one.
 */
export const readSpreadsheet = async (
  bytes: Buffer | string,
  extension: 'csv' | 'xlsx',
): Promise<SheetCell[][]> => {
  const soffice = await findOnPath('soffice', loadConfig({}).previews.searchPath)
  if (soffice === undefined) throw new Error('This test needs LibreOffice (soffice) on the PATH.')
  const dir = await mkdtemp(join(tmpdir(), 'palabre-spreadsheet-'))
  try {
    await writeFile(join(dir, `download.${extension}`), bytes)
    await runBounded(
      soffice,
      [
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--headless',
        '--norestore',
        '--nolockcheck',
        ...(extension === 'csv' ? [`--infilter=${CSV_FILTER}`] : []),
        '--convert-to',
        'fods',
        '--outdir',
        join(dir, 'out'),
        join(dir, `download.${extension}`),
      ],
      {
        cwd: dir,
        env: { PATH: '/usr/bin:/bin', HOME: dir, LANG: 'C.UTF-8' },
        timeoutMs: SAFETY_NET_MS,
        what: 'LibreOffice',
      },
    )
    return cellsOf(await readFile(join(dir, 'out', 'download.fods'), 'utf8'))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
