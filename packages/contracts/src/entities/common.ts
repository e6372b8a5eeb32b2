import { z } from 'zod'
import { findInputProblem, TOO_DEEP_MESSAGE } from '../input-shape.js'
import { findTooDeepJson } from '../json-depth.js'

/** Dates travel as ISO 8601 strings (`Date.prototype.toJSON`). */
export const isoDateSchema = z.iso.datetime({ offset: true })

/**
 * Something besides spaces. After `trim()` it is what `min(1)` checks, but as a pattern the
 * OpenAPI document carries it too, where a `minLength` of 1 would let a space through.
 */
export const nonBlank = /\S/

/** Ids the clients generate (idPostEmet, idCmtEmet, idGroup) or the server's poll ids. */
export const idSchema = z
  .string({ error: 'An id is required.' })
  .trim()
  .regex(nonBlank, 'An id is required.')
  .max(128, 'An id is at most 128 characters.')

export const countSchema = z.number().int().nonnegative()

/** A delivery mark: 0 nothing yet, 1-2 delivered, 3-4 seen. */
export const deliveryCodeSchema = z.number().int().min(0).max(4)

/** The largest page index or sequence a path or query may name. */
export const MAX_INDEX = 1_000_000_000

const INDEX_MESSAGE = 'Expected a non-negative integer.'

/**
 * A non-negative integer as a path segment or query value carries it: decimal digits only, so
 * '', '0x10', '1e3', ' 1' and a repeated or bracketed parameter are refused, never read as a
 * number. Callers may hand it a number; the OpenAPI document says integer.
 */
export const decimalIndexSchema = (message = INDEX_MESSAGE) =>
  z
    .preprocess<string, z.ZodString, string | number>(
      (value) => (typeof value === 'number' ? String(value) : value),
      z.string({ error: message }).regex(/^\d{1,10}$/, message),
    )
    .transform(Number)
    .pipe(z.number().max(MAX_INDEX, message))
    .meta({ type: 'integer', minimum: 0, maximum: MAX_INDEX })

/** A page index or offset in a path. */
export const indexParamSchema = decimalIndexSchema()

/** A search word in a path: matched as a literal, case-insensitive substring by the server. */
export const searchWordSchema = z
  .string()
  .trim()
  .regex(nonBlank, 'The search word is empty.')
  .max(100, 'The search word is at most 100 characters.')

/** A person's display name. */
export const nameSchema = z.string().trim().max(100, 'A name is at most 100 characters.')

/** The original clients send counts as numbers or as decimal strings: accept both, nothing else. */
export const looseCountSchema = z.union([countSchema, decimalIndexSchema()])

/**
 * Decodes a list sent as JSON text. The payload's shape check (docs/security.md, "Bad input") saw
 * only a string, so the text is held to the same rules here: its nesting before it is parsed,
 * then what it decodes to (a NUL character inside is escaped in the text, `\u0000`, and real only
 * once decoded). A refusal names the field and the place inside the list.
 */
const parseJsonList = (value: unknown, ctx: z.RefinementCtx): unknown => {
  if (typeof value !== 'string') return value
  if (value.trim() === '') return []
  if (findTooDeepJson(value) !== undefined) {
    ctx.addIssue({ code: 'custom', message: TOO_DEEP_MESSAGE, input: value })
    return value
  }
  let decoded: unknown
  try {
    decoded = JSON.parse(value) as unknown
  } catch {
    return value
  }
  const problem = findInputProblem(decoded)
  if (problem === undefined) return decoded
  const path = problem.path === '' ? [] : problem.path.split('.')
  ctx.addIssue({ code: 'custom', message: problem.message, path, input: value })
  return value
}

/**
 * A list field of a socket payload: an array, or the JSON-encoded string the original clients
 * send: `destinataires`, `groups`, participant lists (docs/realtime.md, "Payloads").
 */
export const jsonList = <T extends z.ZodType>(item: T) =>
  z.preprocess(parseJsonList, z.array(item, { error: 'Expected a list, or a JSON-encoded list.' }))
