import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalPhone } from './canonical-phone.js'
import { idSchema, searchWordSchema } from './entities/common.js'
import { questionInputSchema, submissionSchema } from './entities/poll.js'
import { mailSchema, signUpSchema } from './entities/user.js'
import { newContactSchema } from './entities/contact.js'
import { findInputProblem } from './input-shape.js'
import { buildOpenApiDocument } from './openapi.js'
import { mayMatchNul } from './openapi-rules.js'
import { acceptedDialCodes, canonicalPhoneSchema, dialCodeSchema } from './phone.js'
import { emailDomainSchema } from './rest/admin.js'
import { loginSchema } from './rest/auth.js'
import { viewReportSchema } from './rest/files.js'
import { phoneOtpSendSchema } from './rest/otp.js'
import { restRoutes } from './rest/all.js'
import { updatePasswordSchema } from './rest/users.js'
import { servedContentTypes, uploadExtensions } from './uploads.js'

// The OpenAPI document says what the server checks (docs/testing.md, "Fuzzing"): each rule a
// request is held to is in the document, and what the document calls valid the contracts take.

type Schema = Record<string, unknown>

const document = buildOpenApiDocument()
const components = (document.components?.schemas ?? {}) as Record<string, Schema>
const paths = document.paths as Record<string, Record<string, Schema>>

const resolved = (schema: unknown): Schema => {
  const ref = (schema as Schema | undefined)?.['$ref']
  return typeof ref === 'string'
    ? resolved(components[ref.replace('#/components/schemas/', '')])
    : ((schema ?? {}) as Schema)
}

/** The schema at `path` inside `schema` (properties by name, `items` and `anyOf` by key). */
const at = (schema: unknown, ...path: string[]): Schema =>
  path.reduce<Schema>((current, key) => {
    const here = resolved(current)
    const properties = here['properties'] as Record<string, unknown> | undefined
    return resolved(properties?.[key] ?? here[key])
  }, resolved(schema))

const body = (path: string, method = 'post'): Schema =>
  resolved(
    (paths[path]?.[method]?.['requestBody'] as { content: Record<string, { schema: unknown }> })
      .content['application/json']?.schema,
  )

const parameter = (path: string, name: string, method = 'get'): Schema =>
  (
    (paths[path]?.[method]?.['parameters'] as { name: string; schema: Schema }[]).find(
      (p) => p.name === name,
    ) as { schema: Schema }
  ).schema

/** Strings a pattern matches; fast-check cannot read a lookahead, so it filters for one. */
const matching = (pattern: string, maxLength?: number) =>
  fc
    .stringMatching(new RegExp(pattern.replaceAll('(?!00)', '')))
    .filter((value) => new RegExp(pattern).test(value))
    .filter((value) => maxLength === undefined || value.length <= maxLength)

const runs = { numRuns: 2000 }

describe('the phones of the OpenAPI document', () => {
  it('shows a key in a path or query as the digits the server takes as they are', () => {
    const key = parameter('/api/user/{phone}', 'phone')
    expect(key['pattern']).toBe('^(?!00)\\d{6,15}$')
    fc.assert(
      fc.property(matching(key['pattern'] as string), (value) => {
        expect(canonicalPhoneSchema.parse(value)).toBe(value)
      }),
      runs,
    )
    // Digits that begin with 00 lose them: the document leaves them out.
    expect(new RegExp(key['pattern'] as string).test('000000')).toBe(false)
    expect(canonicalPhoneSchema.safeParse('000000').success).toBe(false)
  })

  it('lists the accepted dial codes, with or without their +, and no other', () => {
    const pattern = new RegExp(
      at(body('/api/otp/send'), 'nameValuePairs', 'countryCode')['pattern'] as string,
    )
    for (const code of acceptedDialCodes) {
      for (const typed of [code, `+${code}`]) {
        expect(pattern.test(typed), typed).toBe(true)
        expect(dialCodeSchema.parse(typed)).toBe(code)
      }
    }
    for (const other of ['', '49', '+4', '330', '++33'])
      expect(pattern.test(other), other).toBe(false)
  })

  it('documents a full number as a valid phone of an accepted country, as digits', () => {
    const fields = [
      [at(body('/api/auth/login'), 'phone'), (v: string) => loginSchema.shape.phone.safeParse(v)],
      [at(body('/api/user'), 'phone'), (v: string) => signUpSchema.shape.phone.safeParse(v)],
      [
        at(body('/api/updatePass'), 'nameValuePairs', 'phone'),
        (v: string) => updatePasswordSchema.shape.nameValuePairs.shape.phone.safeParse(v),
      ],
    ] as const
    for (const [schema, parse] of fields) {
      expect(schema['maxLength']).toBe(15)
      expect(String(schema['description'])).toContain('libphonenumber')
      fc.assert(
        fc.property(matching(schema['pattern'] as string, 15), (value) => {
          expect(parse(value).success, value).toBe(true)
          expect(canonicalPhone(value), value).not.toBeNull()
        }),
        runs,
      )
    }
    // A number of no country's plan matches none of them: the server refuses it.
    const login = new RegExp(at(body('/api/auth/login'), 'phone')['pattern'] as string)
    expect(login.test('33012345678')).toBe(false)
    expect(canonicalPhone('33012345678')).toBeNull()
  })

  it("documents a new contact's phone as a valid full number typed with its +", () => {
    const phone = at(body('/api/contact'), 'phone')
    expect(String(phone['pattern'])).toMatch(/^\^\\\+/)
    fc.assert(
      fc.property(matching(phone['pattern'] as string, phone['maxLength'] as number), (value) => {
        expect(newContactSchema.shape.phone.safeParse(value).success, value).toBe(true)
        expect(canonicalPhone(value), value).not.toBeNull()
      }),
      runs,
    )
  })

  it('documents the OTP phone step as a national number of the country beside it, or a full one', () => {
    const pairs = at(body('/api/otp/send'), 'nameValuePairs')
    const branches = pairs['anyOf'] as { properties: Record<string, Schema> }[]
    expect(branches).toHaveLength(acceptedDialCodes.length + 1)
    for (const branch of branches) {
      const dial = branch.properties['countryCode']?.['pattern'] as string | undefined
      const number = branch.properties['phoneNumber'] as Schema
      const code = dial === undefined ? '33' : dial.replace(/[^\d]/g, '')
      fc.assert(
        fc.property(
          matching(number['pattern'] as string, number['maxLength'] as number | undefined),
          (value) => {
            const sent = { nameValuePairs: { countryCode: code, phoneNumber: value } }
            expect(phoneOtpSendSchema.safeParse(sent).success, value).toBe(true)
            expect(canonicalPhone(value, code), `${code} ${value}`).not.toBeNull()
          },
        ),
        { numRuns: 300 },
      )
    }
  })
})

describe('the texts of the OpenAPI document', () => {
  it("documents an e-mail address by zod's own pattern", () => {
    const mail = at(body('/api/otpEmail/send'), 'nameValuePairs', 'mail')
    expect(mail['format']).toBe('email')
    fc.assert(
      fc.property(matching(mail['pattern'] as string, 254), (value) => {
        expect(mailSchema.safeParse(value).success, value).toBe(true)
      }),
      runs,
    )
    expect(new RegExp(mail['pattern'] as string).test('0')).toBe(false)
  })

  it("documents an allowed e-mail domain's shape", () => {
    const domain = at(body('/api/admin/settings', 'put'), 'allowedEmailDomains', 'items')
    expect(domain['maxLength']).toBe(253)
    fc.assert(
      fc.property(matching(domain['pattern'] as string, 253), (value) => {
        expect(emailDomainSchema.safeParse(value).success, value).toBe(true)
      }),
      runs,
    )
    expect(new RegExp(domain['pattern'] as string).test('')).toBe(false)
  })

  it('documents an id and a search word as holding more than spaces, as trim() reads them', () => {
    const id = parameter('/api/poll/{id}', 'id')
    const word = parameter('/api/search/{userPhone}/{term}', 'term')
    const spaced = fc.string({
      unit: fc.constantFrom(' ', '\t', '\n', '\u00a0', '\ufeff', '\u2028', '\u3000', 'a', '1'),
      maxLength: 8,
    })
    for (const [param, schema] of [
      [id, idSchema],
      [word, searchWordSchema],
    ] as const) {
      const pattern = new RegExp(param['pattern'] as string)
      fc.assert(
        fc.property(spaced, (value) => {
          expect(pattern.test(value), JSON.stringify(value)).toBe(schema.safeParse(value).success)
        }),
        runs,
      )
    }
  })

  it('gives every text of a request the NUL-free pattern of findInputProblem', () => {
    const strings: Schema[] = []
    const objects: Schema[] = []
    const seen = new Set<unknown>()
    const walk = (value: unknown): void => {
      if (typeof value !== 'object' || value === null || seen.has(value)) return
      seen.add(value)
      const schema = value as Schema
      if (typeof schema['$ref'] === 'string') walk(resolved(schema))
      if (
        schema['type'] === 'string' &&
        schema['contentMediaType'] === undefined &&
        !schema['enum']
      )
        strings.push(schema)
      if (schema['type'] === 'object' && schema['additionalProperties'] !== false)
        objects.push(schema)
      for (const [key, inner] of Object.entries(schema))
        if (!['if', 'not', 'propertyNames', 'example', 'default', 'encoding'].includes(key))
          walk(inner)
    }
    for (const item of Object.values(paths))
      for (const operation of Object.values(item)) {
        walk(operation['parameters'])
        walk(operation['requestBody'])
      }
    expect(strings.length).toBeGreaterThan(50)
    const nulFree = '^[^\u0000]*$'
    const ownPatterns = new Set<string>()
    for (const schema of strings) {
      const patterns = [
        schema['pattern'],
        ...((schema['allOf'] as Schema[] | undefined) ?? []).map((s) => s['pattern']),
      ]
      // Either the NUL-free pattern, or a pattern of its own that never matches NUL.
      if (!patterns.includes(nulFree)) {
        expect(mayMatchNul(String(schema['pattern'])), JSON.stringify(schema)).toBe(false)
        ownPatterns.add(String(schema['pattern']))
      }
    }
    expect(ownPatterns.size).toBeGreaterThan(3)
    for (const pattern of ownPatterns)
      fc.assert(
        fc.property(matching(pattern), fc.nat(), (value, at) => {
          const cut = at % (value.length + 1)
          const withNul = `${value.slice(0, cut)}\u0000${value.slice(cut)}`
          expect(new RegExp(pattern).test(withNul), pattern).toBe(false)
        }),
        { numRuns: 200 },
      )
    for (const schema of objects) {
      expect(schema['propertyNames']).toEqual({ $ref: '#/components/schemas/NulFreeText' })
      expect(schema['additionalProperties']).toBeDefined()
    }
    expect(components['NulFreeText']?.['pattern']).toBe(nulFree)
    expect(JSON.stringify(components['NulFreeJson'])).toContain('NulFreeText')
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\u0000', ' ', 'é') }), (value) => {
        expect(new RegExp(nulFree).test(value)).toBe(findInputProblem(value) === undefined)
      }),
      runs,
    )
  })
})

describe('mayMatchNul', () => {
  it('clears only anchored patterns of positive classes and NUL-free escapes', () => {
    for (const pattern of [
      '^\\d{6}$',
      '^(?!00)\\d{6,15}$',
      '^\\+?(?:33|1)$',
      '^[a-z0-9-]+\\.[a-z]{2,}$',
    ])
      expect(mayMatchNul(pattern), pattern).toBe(false)
    for (const pattern of ['\\S', '^.*$', '^[^a]*$', '^a|b$', '^\\D+$', '^\\x00$', '^a\\$', 'a$'])
      expect(mayMatchNul(pattern), pattern).toBe(true)
  })
})

describe('the other rules of the OpenAPI document', () => {
  it('says a question needs a correct answer, and an audio one its recording', () => {
    const question = at(body('/api/createPoll'), 'questions', 'items')
    expect(at(question, 'possibleAnswers')['contains']).toEqual({
      properties: { isCorrect: { const: true } },
      required: ['isCorrect'],
    })
    const audio = {
      if: { properties: { isAudio: { const: true } }, required: ['isAudio'] },
      then: { required: ['audioFileName'] },
    }
    expect(question).toMatchObject(audio)
    expect(at(question, 'possibleAnswers', 'items')).toMatchObject(audio)
    const base = { questionText: 'Q', possibleAnswers: [{ text: 'A' }] }
    expect(questionInputSchema.safeParse(base).success).toBe(false)
    expect(
      questionInputSchema.safeParse({ ...base, possibleAnswers: [{ text: 'A', isCorrect: true }] })
        .success,
    ).toBe(true)
  })

  it('gives a played range its two numbers, the first at least 0, in order', () => {
    const range = at(body('/api/files/{name}/views'), 'ranges', 'items')
    expect(range).toMatchObject({ minItems: 2, maxItems: 2, 'x-increasing': true })
    expect((range['prefixItems'] as Schema[])[0]).toMatchObject({ minimum: 0 })
    for (const [ranges, valid] of [
      [[[]], false],
      [[[0]], false],
      [[[0, 1, 2]], false],
      [[[-1, 1]], false],
      [[[2, 2]], false],
      [[[0, 1]], true],
    ] as const)
      expect(viewReportSchema.safeParse({ ranges }).success, JSON.stringify(ranges)).toBe(valid)
  })

  it('marks the answers of a submission as one per question', () => {
    expect(at(body('/api/polls/{id}/response'), 'answers')['x-unique-by']).toBe('questionIndex')
    const answer = { questionIndex: 0, selectedAnswers: [0] }
    const submission = { nameRespondent: '', phoneRespondent: '33612345678' }
    expect(submissionSchema.safeParse({ ...submission, answers: [answer, answer] }).success).toBe(
      false,
    )
  })

  it("bounds every integer by zod's, the safe integers", () => {
    const index = at(body('/api/polls/{id}/response'), 'answers', 'items', 'questionIndex')
    expect(index).toMatchObject({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER })
    const answer = { questionIndex: Number.MAX_SAFE_INTEGER + 1, selectedAnswers: [0] }
    const submission = { nameRespondent: '', phoneRespondent: '33612345678', answers: [answer] }
    expect(submissionSchema.safeParse(submission).success).toBe(false)
  })

  it('describes each upload: one file, named with an extension of its kind, of its types', () => {
    for (const route of Object.values(restRoutes)) {
      if (route.upload === undefined) continue
      const { field, kind } = route.upload
      const media = (
        paths[route.path]?.['post']?.['requestBody'] as {
          content: Record<string, { schema: Schema; encoding: Record<string, Schema> }>
        }
      ).content['multipart/form-data']
      expect(media?.schema['additionalProperties'], route.path).toBe(false)
      const encoding = media?.encoding[field] as {
        contentType: string
        headers: Record<string, { schema: Schema; example: string }>
      }
      expect(encoding.contentType.split(', ').sort()).toEqual(
        [...new Set(uploadExtensions[kind].map((e) => servedContentTypes[e]))].sort(),
      )
      const disposition = encoding.headers['Content-Disposition']
      const pattern = new RegExp(disposition?.schema['pattern'] as string)
      expect(pattern.test(disposition?.example ?? ''), route.path).toBe(true)
      for (const extension of uploadExtensions[kind])
        expect(pattern.test(`form-data; name="${field}"; filename="a.${extension}"`)).toBe(true)
      expect(pattern.test(`form-data; name="${field}"; filename="a.exe"`)).toBe(false)
    }
  })
})
