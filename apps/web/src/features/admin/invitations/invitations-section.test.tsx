import type { InviteResult } from '@palabre/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '../../../test/render-route'
import {
  callsTo,
  failure,
  invitation,
  jsonResponse,
  pageOf,
  stubAdminApi,
  type ApiCall,
} from '../test-support'

afterEach(() => {
  vi.unstubAllGlobals()
})

const answering =
  (results: InviteResult[], pending: ReturnType<typeof invitation>[] = []) =>
  (call: ApiCall) => {
    if (call.method === 'POST' && call.path === '/api/admin/invitations')
      return jsonResponse({ results })
    if (call.method === 'GET' && call.path === '/api/admin/invitations')
      return pageOf(pending, call)
    return undefined
  }

describe('the invitations (docs/organisation.md, "Invitations")', () => {
  it("invites one phone with a name, in the administrator's country by default", async () => {
    const calls = stubAdminApi(
      answering([
        {
          input: '06 12 34 00 01',
          phone: '33612340001',
          name: 'Zoé Martin',
          outcome: 'invited',
          messageSent: true,
        },
      ]),
    )
    renderRoute('/admin?tab=invitations')
    // The administrator's phone is French: France is chosen.
    expect(
      ((await screen.findByLabelText('Country', { selector: 'select' })) as HTMLSelectElement)
        .value,
    ).toBe('FR')
    await userEvent.type(screen.getByLabelText('Phone number'), '06 12 34 00 01')
    await userEvent.type(screen.getByLabelText('Name (optional)'), 'Zoé Martin')
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }))
    const result = await screen.findByTestId('invite-result')
    expect(result.textContent).toContain('+33 6 12 34 00 01')
    expect(result.textContent).toContain('Zoé Martin')
    expect(result.textContent).toContain(
      'Invited: the WhatsApp message with the sign-up link went out.',
    )
    expect(callsTo(calls, 'POST', '/api/admin/invitations').map((c) => c.body)).toEqual([
      { invitations: [{ phone: '06 12 34 00 01', name: 'Zoé Martin' }], dialCode: '33' },
    ])
    // The form is ready for the next one.
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('')
  })

  it('sends a pasted list line by line in the chosen country, and says what became of each', async () => {
    const calls = stubAdminApi(
      answering([
        {
          input: '77 123 45 67',
          phone: '221771234567',
          name: 'Awa Diallo',
          outcome: 'invited',
          messageSent: true,
        },
        { input: '77 123 45 68', phone: '221771234568', outcome: 'invited', messageSent: false },
        { input: '77 123 45 69', phone: '221771234569', name: 'Bruno', outcome: 'already_member' },
        { input: '12', outcome: 'invalid' },
        { input: '77 123 45 67', phone: '221771234567', outcome: 'duplicate' },
      ]),
    )
    renderRoute('/admin?tab=invitations')
    await userEvent.selectOptions(
      await screen.findByLabelText('Country', { selector: 'select' }),
      'SN',
    )
    await userEvent.click(screen.getByRole('radio', { name: 'A list' }))
    await userEvent.type(
      screen.getByLabelText('Phones, one a line'),
      '77 123 45 67 Awa Diallo\n77 123 45 68\n\n77 123 45 69 Bruno\n12\n77 123 45 67',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }))
    await waitFor(() => expect(screen.getAllByTestId('invite-result')).toHaveLength(5))
    const texts = screen.getAllByTestId('invite-result').map((item) => item.textContent)
    expect(texts[0]).toContain('Invited: the WhatsApp message with the sign-up link went out.')
    expect(texts[1]).toContain(
      'Invited, but the message could not be sent: invite again to send it again.',
    )
    expect(texts[2]).toContain('Already a member.')
    expect(texts[3]).toContain('12')
    expect(texts[3]).toContain('Not a phone number of an accepted country.')
    expect(texts[4]).toContain('Already in this list: invited once.')
    expect(callsTo(calls, 'POST', '/api/admin/invitations').map((c) => c.body)).toEqual([
      {
        invitations: [
          { phone: '77 123 45 67', name: 'Awa Diallo' },
          { phone: '77 123 45 68' },
          { phone: '77 123 45 69', name: 'Bruno' },
          { phone: '12' },
          { phone: '77 123 45 67' },
        ],
        dialCode: '221',
      },
    ])
  })

  it('says a pending phone invited again is already invited, with the name it keeps or gets', async () => {
    stubAdminApi(
      answering([
        {
          input: '0612340001',
          phone: '33612340001',
          name: 'Bruno Keita',
          outcome: 'already_invited',
          messageSent: true,
        },
        {
          input: '0612340002',
          phone: '33612340002',
          name: 'Bruno',
          previousName: 'Bruno Keita',
          outcome: 'already_invited',
          messageSent: true,
        },
        {
          input: '0612340003',
          phone: '33612340003',
          outcome: 'already_invited',
          messageSent: false,
        },
      ]),
    )
    renderRoute('/admin?tab=invitations')
    await userEvent.click(await screen.findByRole('radio', { name: 'A list' }))
    await userEvent.type(
      screen.getByLabelText('Phones, one a line'),
      '0612340001\n0612340002 Bruno\n0612340003',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }))
    await waitFor(() => expect(screen.getAllByTestId('invite-result')).toHaveLength(3))
    const texts = screen.getAllByTestId('invite-result').map((item) => item.textContent)
    expect(texts[0]).toBe(
      'Bruno Keita+33 6 12 34 00 01Already invited: the invitation is renewed and the WhatsApp message with the sign-up link went out again.',
    )
    expect(texts[1]).toBe(
      'Bruno+33 6 12 34 00 02Already invited: the invitation is renewed and the WhatsApp message with the sign-up link went out again. Name changed: it was Bruno Keita.',
    )
    expect(texts[2]).toBe(
      '+33 6 12 34 00 03Already invited: the invitation is renewed, but the message could not be sent: invite again to send it again.',
    )
    expect(texts.join('\n')).not.toContain('Invited:')
  })

  it('sends nothing without a phone, and puts a refusal of the list on its line', async () => {
    const calls = stubAdminApi((call) =>
      call.method === 'POST'
        ? failure(400, 'validation_failed', 'A name is at most 100 characters.', [
            { path: 'body.invitations.1.name', message: 'A name is at most 100 characters.' },
          ])
        : undefined,
    )
    renderRoute('/admin?tab=invitations')
    await userEvent.click(await screen.findByRole('button', { name: 'Invite' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Type at least one phone.')
    expect(callsTo(calls, 'POST', '/api/admin/invitations')).toEqual([])

    await userEvent.click(screen.getByRole('radio', { name: 'A list' }))
    await userEvent.type(screen.getByLabelText('Phones, one a line'), '0612340001\n0612340002 X')
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Line 2: A name is at most 100 characters.',
      ),
    )
  })

  it('lists the pending invitations, newest first as the server gives them, and revokes one', async () => {
    let pending = [
      invitation(),
      invitation({ phone: '33612340002', name: undefined, invitedAt: '2026-03-05T08:00:00.000Z' }),
    ]
    const calls = stubAdminApi((call) => {
      if (call.method === 'GET' && call.path === '/api/admin/invitations')
        return pageOf(pending, call)
      if (call.method === 'DELETE' && call.path === '/api/admin/invitations/33612340001') {
        pending = pending.filter((item) => item.phone !== '33612340001')
        return new Response(null, { status: 204 })
      }
      return undefined
    })
    renderRoute('/admin?tab=invitations')
    const table = await screen.findByRole('table', { name: 'Pending invitations' })
    const rows = within(table).getAllByTestId('invitation-row')
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual([
      '+33 6 12 34 00 01',
      '+33 6 12 34 00 02',
    ])
    expect(within(rows[0]!).getByText('Zoé Martin')).toBeTruthy()
    expect(screen.getByText('1–2 of 2')).toBeTruthy()
    await userEvent.click(
      screen.getByRole('button', { name: 'Revoke the invitation of Zoé Martin' }),
    )
    expect(await screen.findByText('The invitation of +33 6 12 34 00 01 is revoked.')).toBeTruthy()
    await waitFor(() => expect(screen.getAllByTestId('invitation-row')).toHaveLength(1))
    expect(callsTo(calls, 'DELETE', '/api/admin/invitations/33612340001')).toHaveLength(1)
  })

  it('names who invited by their own name, by their phone once they have no account', async () => {
    stubAdminApi((call) =>
      call.method === 'GET' && call.path === '/api/admin/invitations'
        ? pageOf(
            [
              invitation({ invitedByName: 'Ada Admin' }),
              invitation({ phone: '33612340002', invitedBy: '33612349999' }),
            ],
            call,
          )
        : undefined,
    )
    renderRoute('/admin?tab=invitations')
    const table = await screen.findByRole('table', { name: 'Pending invitations' })
    const by = [...table.querySelectorAll('td.admin-table__invitedBy')].map(
      (cell) => cell.textContent,
    )
    expect(by).toEqual(['Ada Admin', '+33 6 12 34 99 99'])
  })

  it('speaks French', async () => {
    stubAdminApi(
      answering([
        { input: '0612340001', phone: '33612340001', outcome: 'already_member' },
        {
          input: '0612340002',
          phone: '33612340002',
          name: 'Bruno',
          previousName: 'Bruno Keita',
          outcome: 'already_invited',
          messageSent: true,
        },
      ]),
    )
    renderRoute('/admin?tab=invitations', { language: 'fr' })
    await userEvent.type(await screen.findByLabelText('Numéro de téléphone'), '0612340001')
    await userEvent.click(screen.getByRole('button', { name: 'Inviter' }))
    await waitFor(() => expect(screen.getAllByTestId('invite-result')).toHaveLength(2))
    const texts = screen.getAllByTestId('invite-result').map((item) => item.textContent)
    expect(texts[0]).toContain('Déjà membre.')
    expect(texts[1]).toContain(
      "Déjà invité : l'invitation est renouvelée et le message WhatsApp avec le lien d'inscription est reparti. Nom changé : c'était Bruno Keita.",
    )
    expect(screen.getByText("Aucune invitation n'est en attente.")).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'Une liste' })).toBeTruthy()
  })
})
