import type { CsvRefusal, InvitationCsvColumn, MemberKind, RefusedLine } from '@palabre/contracts'
import {
  canonicalPhone,
  memberKindSchema,
  messages,
  nameSchema,
  profileText,
  readInvitationCsvHeader,
} from '@palabre/contracts'
import { parse } from 'csv-parse/sync'
import { DomainError } from '../posts/domain-error.js'

/** One person of a file, read and checked (docs/organisation.md, "Invitations"). */
export interface CsvPerson {
  line: number
  phone: string
  name?: string
  title?: string
  team?: string
  site?: string
  kind: MemberKind
}

export interface ReadCsv {
  people: CsvPerson[]
  refused: RefusedLine[]
}

const refusal = (line: number, reason: CsvRefusal, message: string): RefusedLine => ({
  line,
  reason,
  message,
})

/** The profile rules of each text column (docs/organisation.md, "Profiles"). */
const textRules = {
  name: nameSchema,
  title: profileText('A title', messages.profile.titleTooLong),
  team: profileText('A team', messages.profile.teamTooLong),
  site: profileText('A site', messages.profile.siteTooLong),
} as const

/**
 * Reads a file's text: the header says the separator and the columns, each later line is one
 * person, blank lines skipped, quoted fields with "" escapes (RFC 4180, by csv-parse). A line is
 * numbered as an editor shows it, the header being line 1. A line that cannot be read (its
 * field count is not the header's, a quote left open) is refused as `columns`.
 */
export const readInvitationCsv = (
  csv: string,
  options: { dialCode?: string | undefined; kind?: MemberKind | undefined },
): ReadCsv => {
  const header = readInvitationCsvHeader(csv)
  // The contract checked the header already; a caller that did not gets the same message.
  if (!header.ok) throw new DomainError('bad_request', header.message)
  const refused: RefusedLine[] = []
  const records = parse(csv, {
    bom: true,
    delimiter: header.separator,
    from_line: 2,
    skip_empty_lines: true,
    skip_records_with_error: true,
    info: true,
    on_skip: (error) => {
      if (error)
        refused.push(
          refusal(
            Number(error.lines),
            'columns',
            `This line cannot be read as CSV: ${error.message}`,
          ),
        )
      return undefined
    },
  }) as unknown as { record: string[]; info: { lines: number } }[]
  const people: CsvPerson[] = []
  for (const { record, info } of records) {
    const line = info.lines
    if (record.length !== header.columns.length) {
      refused.push(
        refusal(
          line,
          'columns',
          `This line has ${record.length} fields; the header names ${header.columns.length}.`,
        ),
      )
      continue
    }
    const cell = (column: InvitationCsvColumn): string | undefined => {
      const index = header.columns.indexOf(column)
      return index < 0 ? undefined : record[index]
    }
    const person = readPerson(line, cell, options)
    if ('reason' in person) refused.push(person)
    else people.push(person)
  }
  refused.sort((a, b) => a.line - b.line)
  return { people, refused }
}

const readPerson = (
  line: number,
  cell: (column: InvitationCsvColumn) => string | undefined,
  options: { dialCode?: string | undefined; kind?: MemberKind | undefined },
): CsvPerson | RefusedLine => {
  const typed = cell('phone') ?? ''
  const phone = canonicalPhone(typed, options.dialCode)
  if (phone === null)
    return refusal(
      line,
      'invalid_phone',
      `${typed.trim() || 'An empty phone'} is not a phone number of an accepted country.`,
    )
  const person: CsvPerson = { line, phone, kind: options.kind ?? 'employee' }
  for (const column of ['name', 'title', 'team', 'site'] as const) {
    const read = textRules[column].safeParse(cell(column) ?? '')
    if (!read.success) return refusal(line, 'too_long', read.error.issues[0]?.message ?? '')
    if (read.data) person[column] = read.data
  }
  const kind = cell('kind')?.trim()
  if (kind) {
    const read = memberKindSchema.safeParse(kind)
    if (!read.success) return refusal(line, 'invalid_kind', messages.profile.kindInvalid)
    person.kind = read.data
  }
  return person
}
