import { z } from 'zod'
import { countSchema } from '../entities/common.js'
import { memberKindSchema } from '../entities/profile.js'
import { dialCodeSchema } from '../phone.js'

/**
 * The CSV form of `POST /api/admin/invitations` (docs/organisation.md, "Invitations"): a header
 * line naming the columns, then one person a line, read on the server.
 */

/** The columns a file may name, in the template's order; `phone` is the one it must. */
export const invitationCsvColumns = ['phone', 'name', 'title', 'team', 'site', 'kind'] as const

export type InvitationCsvColumn = (typeof invitationCsvColumns)[number]

/**
 * The most lines of one file, its header and blank lines counted: one call sends as many
 * WhatsApp messages, which go out a few at a time before the answer, and the body stays within
 * `maxInvitationsCsvChars`.
 */
export const maxInvitationsCsvLines = 5000

/** The most characters of one file: 5,000 lines of 100 characters. */
export const maxInvitationsCsvChars = 500_000

/** The byte order mark Excel writes before a UTF-8 file. */
const bom = '\uFEFF'

/** A column's name in any case (`Phone`, `PHONE`): a pattern has no flags. */
const anyCase = (name: string): string =>
  [...name].map((letter) => `[${letter}${letter.toUpperCase()}]`).join('')

const columnName = `(?:${invitationCsvColumns.map(anyCase).join('|')})`

const headerWith = (separator: string): string =>
  `${columnName}(?:[ \\t]*${separator}[ \\t]*${columnName})*`

/**
 * The header line's rule, as the OpenAPI document states it: known columns, `phone` among them,
 * none twice, all split by ',' or all by ';' (French Excel), an optional byte order mark before.
 */
export const invitationCsvHeaderPattern = [
  `^${bom}?`,
  `(?=[^\\r\\n]*\\b${anyCase('phone')}\\b)`,
  ...invitationCsvColumns.map(
    (name) => `(?![^\\r\\n]*\\b${anyCase(name)}\\b[^\\r\\n]*\\b${anyCase(name)}\\b)`,
  ),
  `[ \\t]*(?:${headerWith(',')}|${headerWith(';')})[ \\t]*(?:\\r?\\n[\\s\\S]*)?$`,
].join('')

/** A header read: its separator and its columns, or what is wrong with it. */
export type InvitationCsvHeader =
  | { ok: true; separator: ',' | ';'; columns: InvitationCsvColumn[] }
  | { ok: false; message: string }

const isColumn = (name: string): name is InvitationCsvColumn =>
  (invitationCsvColumns as readonly string[]).includes(name)

/**
 * Reads the header line (the text up to its first line break): ';' is the separator when the
 * line holds one and no ',', else ','. Names are trimmed and read in any case.
 */
export const readInvitationCsvHeader = (csv: string): InvitationCsvHeader => {
  const line = (csv.startsWith(bom) ? csv.slice(1) : csv).split(/\r?\n/, 1)[0] ?? ''
  const separator = line.includes(';') && !line.includes(',') ? ';' : ','
  const names = line.split(separator).map((name) => name.trim())
  const expected = `The header names the columns ${invitationCsvColumns.join(', ')}, split by ',' or ';'.`
  const unknown = names.find((name) => !isColumn(name.toLowerCase()))
  if (unknown !== undefined)
    return {
      ok: false,
      message: unknown
        ? `Unknown column: ${unknown}. ${expected}`
        : `A column has no name. ${expected}`,
    }
  const columns = names.map((name) => name.toLowerCase()).filter(isColumn)
  const twice = columns.find((name, index) => columns.indexOf(name) !== index)
  if (twice) return { ok: false, message: `The column ${twice} is named twice.` }
  if (!columns.includes('phone'))
    return { ok: false, message: `The header needs a phone column. ${expected}` }
  return { ok: true, separator, columns }
}

/** The number of physical lines of a text, as an editor counts them. */
const lineCount = (text: string): number => text.split(/\r?\n/).length

export const csvInviteSchema = z
  .object({
    /** The file's text: a header line, then one person a line. */
    csv: z
      .string({ error: 'The csv is the text of a file.' })
      .max(maxInvitationsCsvChars, `A file is at most ${maxInvitationsCsvChars} characters.`)
      .refine((text) => lineCount(text) <= maxInvitationsCsvLines, {
        message: `A file is at most ${maxInvitationsCsvLines} lines.`,
      })
      .superRefine((text, ctx) => {
        // Named first: the pattern below says the same rule in the document's words.
        const header = readInvitationCsvHeader(text)
        if (!header.ok) ctx.addIssue({ code: 'custom', message: header.message })
      })
      .regex(new RegExp(invitationCsvHeaderPattern), 'The header line is not one of the columns.'),
    /** The country of numbers typed without '+' or '00' ('33' or '+33'). */
    dialCode: dialCodeSchema.optional(),
    /** The kind of a line whose `kind` is blank; `employee` without it. */
    kind: memberKindSchema.optional(),
    invitations: z
      .never({ error: 'Send either invitations or csv, not both.' })
      .meta({ type: 'string', not: {}, description: 'Not with the other form.' })
      .optional(),
  })
  .meta({ id: 'CsvInvite' })

export type CsvInvite = z.input<typeof csvInviteSchema>

/**
 * Why a line was refused, a stable code: `invalid_phone` (not a phone of an accepted country),
 * `too_long` (a field over 100 characters), `invalid_kind`, `already_member`, `duplicate` (the
 * same phone on an earlier line), `columns` (not as many fields as the header).
 */
export const csvRefusalSchema = z.enum([
  'invalid_phone',
  'too_long',
  'invalid_kind',
  'already_member',
  'duplicate',
  'columns',
])

export type CsvRefusal = z.infer<typeof csvRefusalSchema>

export const refusedLineSchema = z.object({
  /** The file's line, the header being line 1. */
  line: countSchema,
  reason: csvRefusalSchema,
  message: z.string(),
})

export type RefusedLine = z.infer<typeof refusedLineSchema>

export const csvInviteAnswerSchema = z
  .object({
    /** The lines stored, renewed ones included. */
    invited: countSchema,
    /** Of those, the phones whose invitation was pending and is renewed. */
    renewed: countSchema,
    /** Of those, how many WhatsApp messages went out. */
    messagesSent: countSchema,
    refused: z.array(refusedLineSchema),
  })
  .meta({ id: 'CsvInviteAnswer' })

export type CsvInviteAnswer = z.infer<typeof csvInviteAnswerSchema>
