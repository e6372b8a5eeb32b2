import { MAX_INPUT_DEPTH, NUL, NUL_TEXT_MESSAGE } from './input-shape.js'
import { internationalPhonePattern, nationalPhonePattern } from './number-plans.js'
import {
  acceptedDialCodes,
  numberPlanMark,
  phoneMaxDigits,
  phoneMinDigits,
  type NumberPlanMark,
} from './phone.js'

/**
 * The rules the generated OpenAPI document states beyond what zod-to-openapi writes from the
 * contracts (docs/security.md, "Bad input"; docs/testing.md, "Fuzzing"): the shape every request
 * has (no NUL anywhere), the number plans of the phones people type, and the exact length of a
 * tuple. Each is made from the constant or function the servers check with, never retyped.
 */

type Schema = Record<string, unknown>

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Text without the NUL character, which `findInputProblem` refuses anywhere in a request. */
export const nulFreePattern = `^[^${NUL}]*$`

/** The components the NUL rule adds: one text, and any JSON value, free of NUL. */
export const nulFreeComponents = {
  NulFreeText: { type: 'string', pattern: nulFreePattern, description: NUL_TEXT_MESSAGE },
  NulFreeJson: {
    description: `Any JSON value sent beside the declared fields (the server ignores it), whose texts and keys hold no NUL, nested at most ${MAX_INPUT_DEPTH} levels.`,
    anyOf: [
      { type: ['null', 'boolean', 'number'] },
      { $ref: '#/components/schemas/NulFreeText' },
      { type: 'array', items: { $ref: '#/components/schemas/NulFreeJson' } },
      {
        type: 'object',
        propertyNames: { $ref: '#/components/schemas/NulFreeText' },
        additionalProperties: { $ref: '#/components/schemas/NulFreeJson' },
      },
    ],
  },
} as const

const componentName = (ref: string): string | undefined =>
  ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined

/** Keys whose value is one schema or a list of schemas that a value must match. */
const oneSchemaKeys = ['items', 'then', 'else', 'contains'] as const
const schemaListKeys = ['prefixItems', 'anyOf', 'oneOf', 'allOf'] as const

/**
 * Calls `visit` on a schema and on every schema a value must match inside it, components
 * included (each once). Conditions (`if`, `not`, `propertyNames`) are left alone: a rule added
 * there would change what they select.
 */
export const eachSchema = (
  schema: unknown,
  components: Record<string, unknown>,
  visit: (schema: Schema) => void,
  seen: Set<unknown> = new Set(),
): void => {
  if (!isSchema(schema) || seen.has(schema)) return
  seen.add(schema)
  const ref = typeof schema['$ref'] === 'string' ? componentName(schema['$ref']) : undefined
  if (ref !== undefined) eachSchema(components[ref], components, visit, seen)
  visit(schema)
  const properties = schema['properties']
  if (isSchema(properties))
    for (const value of Object.values(properties)) eachSchema(value, components, visit, seen)
  eachSchema(schema['additionalProperties'], components, visit, seen)
  for (const key of oneSchemaKeys) eachSchema(schema[key], components, visit, seen)
  for (const key of schemaListKeys) {
    const list = schema[key]
    if (Array.isArray(list)) for (const item of list) eachSchema(item, components, visit, seen)
  }
}

const hasType = (schema: Schema, type: string): boolean => {
  const declared = schema['type']
  return declared === type || (Array.isArray(declared) && declared.includes(type))
}

/**
 * Whether a pattern may match text holding NUL, read conservatively: unless it is anchored at
 * both ends, has no alternative outside a group, and names its characters only by positive
 * classes and escapes that exclude NUL (`\d`, `\s`, `[0-9+]`), it may.
 */
export const mayMatchNul = (pattern: string): boolean => {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return true
  let depth = 0
  let inClass = false
  for (let i = 1; i < pattern.length - 1; i += 1) {
    const char = pattern[i]
    if (char === '\\') {
      const next = pattern[i + 1] ?? ''
      // \S, \D, \W and property classes can name NUL; \0, \x00 and \u0000 are NUL.
      if ('SDWpPxu0c'.includes(next)) return true
      i += 1
    } else if (inClass) inClass = char !== ']'
    else if (char === '[') {
      if (pattern[i + 1] === '^') return true
      inClass = true
    } else if (char === '.') return true
    else if (char === '(') depth += 1
    else if (char === ')') depth -= 1
    else if (char === '|' && depth === 0) return true
    else if (char === NUL) return true
  }
  return false
}

/**
 * No text of a request holds NUL (docs/security.md, "Bad input"): every string of a request gets
 * the NUL-free pattern, beside its own when that one may match NUL, and an object that keeps
 * fields it does not declare gets NUL-free keys and values for them. An uploaded file's bytes
 * are not text.
 */
export const refuseNul = (schema: Schema): void => {
  if (hasType(schema, 'string') && schema['contentMediaType'] === undefined) {
    if (schema['enum'] !== undefined || schema['const'] !== undefined) return
    if (schema['pattern'] === undefined) schema['pattern'] = nulFreePattern
    else if (schema['pattern'] !== nulFreePattern && mayMatchNul(String(schema['pattern']))) {
      const allOf = Array.isArray(schema['allOf']) ? schema['allOf'] : []
      schema['allOf'] = [...allOf, { pattern: nulFreePattern }]
    }
  }
  if (hasType(schema, 'object') && schema['additionalProperties'] !== false) {
    schema['propertyNames'] = { $ref: '#/components/schemas/NulFreeText' }
    schema['additionalProperties'] ??= { $ref: '#/components/schemas/NulFreeJson' }
  }
}

const planNotes = {
  digits:
    "It must be a valid number of an accepted country by libphonenumber's plans (docs/phones.md): the pattern lists those numbers, as digits; separators, a '+' and a trunk prefix are accepted too.",
  plus: "It must be a valid number of an accepted country by libphonenumber's plans (docs/phones.md): the pattern lists those numbers, as '+' and digits; separators and a trunk prefix are accepted too.",
  beside:
    "The number must be a valid one of the country beside it by libphonenumber's plans (docs/phones.md), or a full number with its '+': the patterns list those numbers, as digits.",
}

const withNote = (schema: Schema, note: string): string =>
  typeof schema['description'] === 'string' ? `${schema['description']} ${note}` : note

/**
 * Puts the number plans where a contract marked a typed phone (`numberPlanMark`, phone.ts): a
 * full number, as digits or with its '+', holds E.164's 15 digits at most; a number typed beside
 * its country matches that country's plan, or is a full number with its '+'.
 */
export const expandNumberPlan = (schema: Schema): void => {
  const mark = schema[numberPlanMark] as NumberPlanMark | undefined
  if (mark === undefined) return
  delete schema[numberPlanMark]
  schema['description'] = withNote(schema, planNotes[typeof mark === 'string' ? mark : 'beside'])
  if (mark === 'digits') {
    Object.assign(schema, {
      pattern: internationalPhonePattern(),
      minLength: phoneMinDigits,
      maxLength: phoneMaxDigits,
    })
    return
  }
  if (mark === 'plus') {
    Object.assign(schema, {
      pattern: internationalPhonePattern('\\+'),
      maxLength: phoneMaxDigits + 1,
    })
    return
  }
  schema['anyOf'] = [
    ...acceptedDialCodes.map((code) => ({
      properties: {
        [mark.dialCode]: { pattern: `^\\+?${code}$` },
        // The key, the dial code and this number, holds 15 digits at most.
        [mark.number]: {
          pattern: nationalPhonePattern(code),
          maxLength: phoneMaxDigits - code.length,
        },
      },
    })),
    {
      properties: {
        [mark.number]: {
          pattern: internationalPhonePattern('\\+'),
          maxLength: phoneMaxDigits + 1,
        },
      },
    },
  ]
}

/**
 * A zod integer is one of JavaScript's safe integers, bounds zod-to-openapi leaves out: an
 * integer without its own bounds gets those.
 */
export const boundInteger = (schema: Schema): void => {
  if (!hasType(schema, 'integer')) return
  schema['minimum'] ??= Number.MIN_SAFE_INTEGER
  schema['maximum'] ??= Number.MAX_SAFE_INTEGER
}

/** A zod tuple is of its exact length, which zod-to-openapi leaves out of `prefixItems`. */
export const closeTuple = (schema: Schema): void => {
  const prefix = schema['prefixItems']
  if (!Array.isArray(prefix) || schema['items'] !== undefined) return
  schema['minItems'] ??= prefix.length
  schema['maxItems'] ??= prefix.length
}
