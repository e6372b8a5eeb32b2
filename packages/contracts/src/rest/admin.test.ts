import { describe, expect, it } from 'vitest'
import { messages } from '../messages.js'
import {
  emailDomainSchema,
  getAdminAudit,
  getAdminMembers,
  inviteSchema,
  maxInvitationsPerCall,
  signupSettingsSchema,
} from './admin.js'

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('the admin contracts (docs/organisation.md)', () => {
  it('lower-case e-mail domains and refuse an @ or a shape that is no domain', () => {
    expect(emailDomainSchema.parse(' Acme.TEST ')).toBe('acme.test')
    expect(emailDomainSchema.parse('mail.xn--bcher-kva.example')).toBe('mail.xn--bcher-kva.example')
    expect(firstMessage(emailDomainSchema.safeParse('@acme.test'))).toBe(
      messages.organisation.domainWithAt,
    )
    expect(firstMessage(emailDomainSchema.safeParse('awa@acme.test'))).toBe(
      messages.organisation.domainWithAt,
    )
    // One line, one message: an address is not also told it has no domain's shape.
    expect(
      emailDomainSchema.safeParse('jane@acme.com').error?.issues.map((issue) => issue.message),
    ).toEqual([messages.organisation.domainWithAt])
    for (const bad of ['acme', '', 'acme.', '.acme.test', 'a..test', '-a.test', 'a-.test', 'a.1'])
      expect(emailDomainSchema.safeParse(bad).success, bad).toBe(false)
    expect(
      signupSettingsSchema.safeParse({ signupMode: 'invite', allowedEmailDomains: [] }).success,
    ).toBe(false)
  })

  it('take one to 200 invitations, phones as typed, names trimmed', () => {
    expect(
      inviteSchema.parse({
        dialCode: '+33',
        invitations: [{ phone: '06 12 34 56 78', name: ' Awa ' }],
      }),
    ).toEqual({ dialCode: '33', invitations: [{ phone: '06 12 34 56 78', name: 'Awa' }] })
    expect(inviteSchema.safeParse({ invitations: [] }).success).toBe(false)
    const many = Array.from({ length: maxInvitationsPerCall + 1 }, () => ({ phone: '1' }))
    expect(inviteSchema.safeParse({ invitations: many }).success).toBe(false)
    expect(inviteSchema.safeParse({ invitations: [{ phone: '1' }], dialCode: '49' }).success).toBe(
      false,
    )
  })

  it('read the lists’ offsets and filters strictly', () => {
    expect(getAdminMembers.query.parse({})).toEqual({ n: 0 })
    expect(getAdminMembers.query.parse({ q: ' awa ', n: '20' })).toEqual({ q: 'awa', n: 20 })
    expect(getAdminMembers.query.safeParse({ n: '1e3' }).success).toBe(false)
    expect(getAdminMembers.query.safeParse({ page: '1' }).success).toBe(false)
    expect(getAdminAudit.query.parse({ phone: '+33 6 12 34 56 78' })).toEqual({
      n: 0,
      phone: '33612345678',
    })
  })
})
