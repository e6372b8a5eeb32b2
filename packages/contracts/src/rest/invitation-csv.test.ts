import { describe, expect, it } from 'vitest'
import { inviteBodySchema } from './admin.js'
import {
  invitationCsvHeaderPattern,
  maxInvitationsCsvLines,
  readInvitationCsvHeader,
} from './invitation-csv.js'

const messagesOf = (body: unknown): string[] => {
  const result = inviteBodySchema.safeParse(body)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('the body of POST /api/admin/invitations', () => {
  it('takes the list form as before, title, team and site included', () => {
    const result = inviteBodySchema.safeParse({
      invitations: [
        { phone: '0612000001', name: ' Ana ', title: ' Nurse ', team: 'Ops', site: 'Lyon' },
      ],
      dialCode: '33',
    })
    expect(result.success && 'invitations' in result.data && result.data.invitations).toEqual([
      { phone: '0612000001', name: 'Ana', title: 'Nurse', team: 'Ops', site: 'Lyon' },
    ])
  })

  it("keeps the list form's field messages at their path", () => {
    const result = inviteBodySchema.safeParse({
      invitations: [{ phone: '1', name: 'x'.repeat(101) }],
    })
    expect(
      result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]),
    ).toEqual([['invitations.0.name', 'A name is at most 100 characters.']])
  })

  it('takes the csv form, a BOM and the ; separator included', () => {
    expect(
      messagesOf({ csv: '\uFEFFPhone;name;kind\r\n0612000001;Ana;partner\r\n', kind: 'employee' }),
    ).toEqual([])
    expect(messagesOf({ csv: 'phone' })).toEqual([])
  })

  it('says when both forms or neither are given', () => {
    expect(messagesOf({ csv: 'phone', invitations: [{ phone: '1' }] })).toEqual([
      'Send either invitations or csv, not both.',
    ])
    expect(messagesOf({})).toEqual([
      'Send invitations (a list of phones) or csv (the text of a file).',
    ])
    expect(messagesOf({ csv: 5 })).toEqual(['The csv is the text of a file.'])
  })

  it('names an unknown column, a missing phone column and a column named twice', () => {
    expect(messagesOf({ csv: 'phone,email\n1,a' })[0]).toBe(
      "Unknown column: email. The header names the columns phone, name, title, team, site, kind, split by ',' or ';'.",
    )
    expect(messagesOf({ csv: 'name,title\nAna,x' })[0]).toMatch(
      /^The header needs a phone column\./,
    )
    expect(messagesOf({ csv: 'phone,name,Name' })[0]).toBe('The column name is named twice.')
  })

  it(`refuses more than ${maxInvitationsCsvLines} lines`, () => {
    const csv = [
      'phone',
      ...Array.from({ length: maxInvitationsCsvLines }, (_, i) => `06120${i}`),
    ].join('\n')
    expect(messagesOf({ csv })).toEqual([`A file is at most ${maxInvitationsCsvLines} lines.`])
  })
})

describe("the header's pattern", () => {
  const pattern = new RegExp(invitationCsvHeaderPattern)

  it('holds exactly what the header reading accepts', () => {
    const headers = [
      'phone',
      '\uFEFFphone;name;title;team;site;kind\r\nx',
      ' Phone , NAME ,kind\nrest',
      'kind,phone',
      'phone,name;title',
      'phone,phone',
      'name',
      'phone,email',
      'phone,',
      '',
      'telephone',
    ]
    for (const header of headers)
      expect([header, pattern.test(header)]).toEqual([header, readInvitationCsvHeader(header).ok])
  })
})
