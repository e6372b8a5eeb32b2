import type { TFunction } from 'i18next'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createI18n } from '../../../i18n'
import { registerAdminTexts } from '../../../i18n/catalogue/admin'
import { renderRoute } from '../../../test/render-route'
import { auditEntry, callsTo, pageOf, stubAdminApi } from '../test-support'
import { auditSubject, describeAudit } from './audit-description'
import { filterKey } from './audit-section'

afterEach(() => {
  vi.unstubAllGlobals()
})

const tIn = (language: 'en' | 'fr'): TFunction =>
  registerAdminTexts(createI18n(language)).getFixedT(language)

const entries = [
  auditEntry({
    id: 'e4',
    action: 'settings',
    target: undefined,
    details: {
      from: { signupMode: 'open', allowedEmailDomains: [] },
      to: { signupMode: 'closed', allowedEmailDomains: ['acme.com', 'eu.acme.com'] },
    },
  }),
  auditEntry({
    id: 'e3',
    action: 'role',
    target: '33612345678',
    targetName: 'Jane Doe',
    details: { from: 'member', to: 'admin' },
  }),
  auditEntry({ id: 'e2', action: 'revoke', details: {} }),
  auditEntry({ id: 'e1' }),
]

describe('the audit trail (docs/organisation.md, "Audit trail")', () => {
  it('says when, who, what and to whom, newest first as the server gives them', async () => {
    stubAdminApi((call) => (call.path === '/api/admin/audit' ? pageOf(entries, call) : undefined))
    renderRoute('/admin?tab=audit')
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(4))
    const [settings, role, revoke, invite] = screen.getAllByTestId('audit-row')
    expect(within(settings!).getByText('7 Mar 2026 at 10:15')).toBeTruthy()
    expect(within(settings!).getByText('Ada Admin')).toBeTruthy()
    expect(within(settings!).getByText('+33 6 99 99 00 01')).toBeTruthy()
    expect(
      within(settings!).getByText(
        'Changed the sign-up settings: open (no domain) → closed (acme.com, eu.acme.com)',
      ),
    ).toBeTruthy()
    expect(within(settings!).getByText('—')).toBeTruthy()
    expect(within(role!).getByText('Changed the role: member → administrator')).toBeTruthy()
    expect(within(role!).getByText('Jane Doe')).toBeTruthy()
    expect(within(revoke!).getByText('Revoked the invitation')).toBeTruthy()
    expect(within(invite!).getByText('Invited, as Zoé Martin')).toBeTruthy()
    expect(within(invite!).getByText('+33 6 12 34 00 01')).toBeTruthy()
  })

  it("filters by a member's phone, typed in the administrator's country or in international form", async () => {
    const calls = stubAdminApi((call) =>
      call.path === '/api/admin/audit'
        ? pageOf(call.query.get('phone') === null ? entries : entries.slice(1, 2), call)
        : undefined,
    )
    const { router } = renderRoute('/admin?tab=audit')
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(4))
    const field = screen.getByLabelText("A member's phone")
    await userEvent.type(field, '06 12 34 56 78')
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1))
    expect(router.state.location.search).toBe('?tab=audit&phone=33612345678')
    expect(screen.getByText('The entries of +33 6 12 34 56 78')).toBeTruthy()
    expect(callsTo(calls, 'GET', '/api/admin/audit').map((c) => c.query.toString())).toEqual([
      'n=0',
      'n=0&phone=33612345678',
    ])
    await userEvent.click(screen.getByRole('button', { name: 'Show every entry' }))
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(4))
    expect(router.state.location.search).toBe('?tab=audit')
  })

  it('refuses a filter that is no phone, and asks nothing', async () => {
    const calls = stubAdminApi()
    renderRoute('/admin?tab=audit')
    await userEvent.type(await screen.findByLabelText("A member's phone"), '12')
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }))
    expect((await screen.findByRole('alert')).textContent).toBe('This is not a phone number.')
    expect(callsTo(calls, 'GET', '/api/admin/audit').map((c) => c.query.toString())).toEqual([
      'n=0',
    ])
  })

  it('reads a typed phone as the sign-up does', () => {
    expect(filterKey('06 12 34 56 78', '33')).toBe('33612345678')
    expect(filterKey('+221 77 123 45 67', '33')).toBe('221771234567')
    expect(filterKey('0033 6 12 34 56 78', '221')).toBe('33612345678')
    expect(filterKey('12', '33')).toBeNull()
    expect(filterKey('jane', '33')).toBeNull()
  })

  it("shows an announcement's start and its count of recipients, '—' for an entry with neither", async () => {
    const announcements = [
      auditEntry({
        id: 'n3',
        action: 'announce',
        target: undefined,
        details: { idPostEmet: 'a-3', start: 'Fire drill on Monday…', recipients: 200 },
      }),
      auditEntry({
        id: 'n2',
        action: 'announce',
        target: undefined,
        details: { idPostEmet: 'a-2', recipients: 1 },
      }),
      auditEntry({ id: 'n1', action: 'announce', target: undefined, details: {} }),
    ]
    stubAdminApi((call) =>
      call.path === '/api/admin/audit' ? pageOf(announcements, call) : undefined,
    )
    renderRoute('/admin?tab=audit')
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(3))
    const subjects = screen
      .getAllByTestId('audit-row')
      .map((row) => row.querySelector('td.admin-table__target')?.textContent)
    expect(subjects).toEqual(['“Fire drill on Monday…” · 200 recipients', '1 recipient', '—'])
    expect(screen.getAllByText('Sent an announcement')).toHaveLength(3)
  })

  it("says an announcement's start and count in French, with the plural", () => {
    const t = tIn('fr')
    const entry = (details: Record<string, unknown>) =>
      auditEntry({ action: 'announce', target: undefined, details })
    expect(auditSubject(t, entry({ start: 'Exercice incendie…', recipients: 200 }))).toBe(
      '« Exercice incendie… » · 200 destinataires',
    )
    expect(auditSubject(t, entry({ start: 'Bonjour', recipients: 1 }))).toBe(
      '« Bonjour » · 1 destinataire',
    )
    expect(auditSubject(tIn('en'), entry({ start: 'Hello', recipients: 1 }))).toBe(
      '“Hello” · 1 recipient',
    )
    expect(auditSubject(t, entry({}))).toBeNull()
    expect(auditSubject(t, auditEntry({ action: 'settings', details: {} }))).toBeNull()
  })

  it('describes each action in French too', () => {
    const t = tIn('fr')
    expect(describeAudit(t, entries[0]!)).toBe(
      "A changé les réglages d'inscription : ouvert (aucun domaine) → fermé (acme.com, eu.acme.com)",
    )
    expect(describeAudit(t, entries[1]!)).toBe('A changé le rôle : membre → administrateur')
    expect(describeAudit(t, auditEntry({ action: 'deactivate', details: { name: 'Jane' } }))).toBe(
      'A désactivé',
    )
    expect(describeAudit(tIn('en'), auditEntry({ action: 'activate', details: {} }))).toBe(
      'Activated',
    )
    expect(describeAudit(tIn('en'), auditEntry({ action: 'invite', details: {} }))).toBe('Invited')
    expect(describeAudit(tIn('en'), auditEntry({ action: 'announce', details: {} }))).toBe(
      'Sent an announcement',
    )
    expect(describeAudit(tIn('en'), auditEntry({ action: 'export', details: {} }))).toBe(
      'Exported the organisation',
    )
    expect(describeAudit(t, auditEntry({ action: 'export', details: {} }))).toBe(
      "A exporté l'organisation",
    )
  })
})
