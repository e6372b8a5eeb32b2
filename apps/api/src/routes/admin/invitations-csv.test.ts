// The CSV form of POST /api/admin/invitations (docs/organisation.md, "Invitations"), in a closed
// space with one administrator named in ADMIN_PHONES.
import { maxInvitationsCsvLines } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { buildUser, signUp } from '../../../test/sign-up-flow.js'

const BOSS = '33699980100'

const boot = useApiHarness({ ADMIN_PHONES: `+${BOSS}`, SIGNUP_MODE: 'closed' })
let h: ApiHarness
let boss: Member

beforeAll(async () => {
  h = await boot()
  boss = await h.member(BOSS, 'Boss Admin')
})
afterAll(() => h.close())

const importCsv = (body: object) =>
  h.browser().post('/api/admin/invitations').set('Cookie', boss.cookie).send(body)

const pending = async (): Promise<Record<string, unknown>[]> =>
  (await h.browser().get('/api/admin/invitations').set('Cookie', boss.cookie).expect(200)).body
    .items

const pendingPhones = async () => (await pending()).map((item) => item['phone'])

describe('a CSV of invitations', () => {
  it('stores the valid lines with title, team, site and kind, and names the refused one', async () => {
    const csv =
      '\uFEFFname;phone;title;team;site;kind\r\n' +
      '"Durand; Léa";06 50 00 00 01;Nurse;"Ward ""B""";Lyon;\r\n' +
      'Marc;06 50 00 00 02;Driver;Fleet;Paris;partner\r\n' +
      '\r\n' +
      'Zoé;12;;;;\r\n' +
      'Ana;+33 6 50 00 00 03;;;;employee\r\n' +
      'Ben;0033650000004;Cook;Kitchen;Nantes;\r\n'
    const res = await importCsv({ csv, dialCode: '33' }).expect(200)
    expect(res.body).toEqual({
      invited: 4,
      renewed: 0,
      messagesSent: 4,
      refused: [
        {
          line: 5,
          reason: 'invalid_phone',
          message: '12 is not a phone number of an accepted country.',
        },
      ],
    })
    const items = await pending()
    const byPhone = new Map(items.map((item) => [item['phone'], item]))
    expect(byPhone.get('33650000001')).toMatchObject({
      name: 'Durand; Léa',
      title: 'Nurse',
      team: 'Ward "B"',
      site: 'Lyon',
    })
    expect(byPhone.get('33650000001')).not.toHaveProperty('kind')
    expect(byPhone.get('33650000002')).toMatchObject({
      name: 'Marc',
      kind: 'partner',
      site: 'Paris',
    })
    expect(byPhone.has('33650000003')).toBe(true)
    expect(byPhone.get('33650000004')).toMatchObject({ title: 'Cook', team: 'Kitchen' })
    expect(items).toHaveLength(4)
    const audit = (await h.browser().get('/api/admin/audit').set('Cookie', boss.cookie).expect(200))
      .body.items as { action: string; details: unknown; target?: string }[]
    expect(audit[0]).toMatchObject({
      action: 'invitations_import',
      details: { invited: 4, refused: 1 },
    })
    expect(audit.filter((entry) => entry.action === 'invite')).toHaveLength(4)
  })

  it('refuses duplicates, members, long fields, unknown kinds and wrong field counts; renews pending ones', async () => {
    const member = await h.member('33650000100', 'Mia Member')
    const csv = [
      'phone,name,kind',
      '+33650000101,Una,',
      '+33650000101,Una again,',
      `+${member.phone},Mia,`,
      `+33650000102,${'x'.repeat(101)},`,
      '+33650000103,Tom,boss',
      '+33650000104,Too,many,fields',
      '+33650000001,Léa again,',
    ].join('\n')
    const res = await importCsv({ csv }).expect(200)
    expect(res.body.invited).toBe(2)
    expect(res.body.renewed).toBe(1)
    expect(
      res.body.refused.map((r: { line: number; reason: string }) => [r.line, r.reason]),
    ).toEqual([
      [3, 'duplicate'],
      [4, 'already_member'],
      [5, 'too_long'],
      [6, 'invalid_kind'],
      [7, 'columns'],
    ])
    const phones = await pendingPhones()
    expect(phones).toContain('33650000101')
    for (const phone of ['33650000100', '33650000102', '33650000103', '33650000104'])
      expect(phones).not.toContain(phone)
  })

  it('answers 400 to an unknown column or too many lines, and stores nothing', async () => {
    const before = await pendingPhones()
    const unknown = await importCsv({ csv: 'phone,email\n+33650000201,a@b.c' }).expect(400)
    expect(unknown.body.error.message).toMatch(/^Unknown column: email\./)
    const lines = [
      'phone',
      ...Array.from(
        { length: maxInvitationsCsvLines },
        (_, i) => `+336502${String(i).padStart(5, '0')}`,
      ),
    ]
    const tooMany = await importCsv({ csv: lines.join('\n') }).expect(400)
    expect(tooMany.body.error.message).toBe(`A file is at most ${maxInvitationsCsvLines} lines.`)
    const both = await importCsv({ csv: 'phone', invitations: [{ phone: '+33650000202' }] }).expect(
      400,
    )
    expect(both.body.error.message).toBe('Send either invitations or csv, not both.')
    expect(await pendingPhones()).toEqual(before)
  })

  it("gives the account the invitation's title, team, site and kind at sign-up", async () => {
    const invitee = buildUser()
    await importCsv({
      csv: `phone,title,team,site,kind\n+${invitee.phone},Buyer,Purchasing,Lille,partner`,
    }).expect(200)
    const browser = h.browser()
    await signUp(h, browser, invitee)
    const profile = await browser.get('/api/me/profile').expect(200)
    expect(profile.body).toMatchObject({
      title: 'Buyer',
      team: 'Purchasing',
      site: 'Lille',
      kind: 'partner',
    })
  })
})
