import type { Member } from '@palabre/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '../../../test/render-route'
import {
  callsTo,
  failure,
  jsonResponse,
  local,
  member,
  pageOf,
  selfMember,
  stubAdminApi,
  type ApiCall,
} from '../test-support'

afterEach(() => {
  vi.unstubAllGlobals()
})

/** 45 members, 'Member 01' to 'Member 45'. */
const many = Array.from({ length: 45 }, (_, i) =>
  member({
    phone: `336123450${String(i + 1).padStart(2, '0')}`,
    name: `Member ${String(i + 1).padStart(2, '0')}`,
  }),
)

const memberCalls = (calls: readonly ApiCall[]) =>
  callsTo(calls, 'GET', '/api/admin/members').map((call) => call.query.toString())

const rowOf = (name: string) => {
  const row = screen.getAllByTestId('member-row').find((r) => r.textContent?.includes(name))
  if (row === undefined) throw new Error(`no row for ${name}`)
  return row
}

describe('the members (docs/organisation.md, "Members")', () => {
  it('pages 20 at a time with the offset n, and says where the page is', async () => {
    const calls = stubAdminApi((call) =>
      call.path === '/api/admin/members' ? pageOf(many, call) : undefined,
    )
    renderRoute('/admin?tab=members')
    expect(await screen.findByText('1–20 of 45')).toBeTruthy()
    expect(screen.getAllByTestId('member-row')).toHaveLength(20)
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true)
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('21–40 of 45')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('41–45 of 45')).toBeTruthy()
    expect(screen.getAllByTestId('member-row')).toHaveLength(5)
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true)
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }))
    expect(await screen.findByText('21–40 of 45')).toBeTruthy()
    expect(memberCalls(calls)).toEqual(['n=0', 'n=20', 'n=40'])
  })

  it('searches on submit with q from the first page; emptying the box ends the search', async () => {
    const calls = stubAdminApi((call) => {
      if (call.path !== '/api/admin/members') return undefined
      const q = call.query.get('q')
      return pageOf(q === null ? many : many.filter((m) => m.name.includes(q)), call)
    })
    renderRoute('/admin?tab=members')
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }))
    expect(await screen.findByText('21–40 of 45')).toBeTruthy()
    const box = screen.getByRole('searchbox', { name: 'Search by name or phone' })
    await userEvent.type(box, '  Member 3 ')
    // Nothing is asked while typing: the search goes on submit.
    expect(memberCalls(calls)).toEqual(['n=0', 'n=20'])
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('1–10 of 10')).toBeTruthy()
    expect(memberCalls(calls).at(-1)).toBe('q=Member+3&n=0')
    await userEvent.clear(box)
    // The unsearched first page again (read from what the tab holds, or asked again).
    expect(await screen.findByText('1–20 of 45')).toBeTruthy()
    expect(screen.getAllByTestId('member-row')[0]?.textContent).toContain('Member 01')
  })

  it('shows each one: phone in international form, role, status, dates, "Never" unseen', async () => {
    stubAdminApi((call) =>
      call.path === '/api/admin/members'
        ? pageOf(
            [
              selfMember(),
              member({ lastSeenAt: local(8, 9, 5) }),
              member({ phone: '221771234567', name: 'Awa Diallo', status: 'deactivated' }),
            ],
            call,
          )
        : undefined,
    )
    renderRoute('/admin')
    const jane = await screen.findByRole('row', { name: /Jane Doe/ })
    expect(within(jane).getByText('+33 6 12 34 56 78')).toBeTruthy()
    expect(within(jane).getByText('Member')).toBeTruthy()
    expect(within(jane).getByText('Active')).toBeTruthy()
    expect(within(jane).getByText('5 Mar 2026 at 14:07')).toBeTruthy()
    expect(within(jane).getByText('8 Mar 2026 at 09:05')).toBeTruthy()
    const awa = rowOf('Awa Diallo')
    expect(within(awa).getByText('+221 77 123 45 67')).toBeTruthy()
    expect(within(awa).getByText('Deactivated')).toBeTruthy()
    expect(within(awa).getByText('Never')).toBeTruthy()
    expect(within(awa).getByRole('button', { name: 'Activate Awa Diallo' })).toBeTruthy()
    expect(within(awa).queryByRole('button', { name: /^Deactivate/ })).toBeNull()
  })

  it('offers neither a role change nor a deactivation for oneself or an administrator of ADMIN_PHONES', async () => {
    stubAdminApi((call) =>
      call.path === '/api/admin/members'
        ? pageOf(
            [
              selfMember(),
              member({
                phone: '33612340009',
                name: 'Conf Admin',
                role: 'admin',
                adminByConfiguration: true,
              }),
              member({ phone: '33612340010', name: 'Other Admin', role: 'admin' }),
            ],
            call,
          )
        : undefined,
    )
    renderRoute('/admin')
    const self = await waitFor(() => rowOf('Ada Admin'))
    expect(within(self).getByText('You')).toBeTruthy()
    expect(within(self).queryByRole('button', { name: /Make|Deactivate/ })).toBeNull()
    expect(within(self).getByRole('button', { name: 'History of Ada Admin' })).toBeTruthy()
    const configured = rowOf('Conf Admin')
    expect(
      within(configured).getByText("Administrator set by the server's configuration"),
    ).toBeTruthy()
    expect(within(configured).queryByRole('button', { name: /Make|Deactivate/ })).toBeNull()
    expect(within(configured).getByRole('button', { name: 'History of Conf Admin' })).toBeTruthy()
    expect(
      within(rowOf('Other Admin')).getByRole('button', { name: 'Make Other Admin a member' }),
    ).toBeTruthy()
  })

  it('makes a member an administrator through POST …/role and refreshes the row', async () => {
    let jane: Member = member()
    const calls = stubAdminApi((call) => {
      if (call.path === '/api/admin/members') return pageOf([selfMember(), jane], call)
      if (call.method === 'POST' && call.path === `/api/admin/members/${jane.phone}/role`) {
        jane = { ...jane, role: (call.body as { role: 'admin' }).role }
        return jsonResponse(jane)
      }
      return undefined
    })
    renderRoute('/admin')
    await userEvent.click(
      await screen.findByRole('button', { name: 'Make Jane Doe an administrator' }),
    )
    expect(await screen.findByText('Jane Doe is now an administrator.')).toBeTruthy()
    const row = rowOf('Jane Doe')
    expect(within(row).getByText('Administrator')).toBeTruthy()
    expect(within(row).getByRole('button', { name: 'Make Jane Doe a member' })).toBeTruthy()
    expect(
      callsTo(calls, 'POST', '/api/admin/members/33612345678/role').map((c) => c.body),
    ).toEqual([{ role: 'admin' }])
  })

  // A member without a name is named as everywhere else: '+' and the phone (the contracts'
  // recipientDisplayName), in the buttons' labels and in the notice that follows.
  it("names a member without a name by '+' and the phone, in the buttons and the notice", async () => {
    let nameless: Member = member({ name: '' })
    stubAdminApi((call) => {
      if (call.path === '/api/admin/members') return pageOf([selfMember(), nameless], call)
      if (call.method === 'POST' && call.path === `/api/admin/members/${nameless.phone}/role`) {
        nameless = { ...nameless, role: 'admin' }
        return jsonResponse(nameless)
      }
      return undefined
    })
    renderRoute('/admin')
    await userEvent.click(
      await screen.findByRole('button', { name: 'Make +33612345678 an administrator' }),
    )
    expect(await screen.findByText('+33612345678 is now an administrator.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Deactivate +33612345678' })).toBeTruthy()
  })

  it('asks before deactivating; No sends nothing, Deactivate calls …/deactivate and refreshes the row', async () => {
    const user = userEvent.setup()
    let jane: Member = member()
    const calls = stubAdminApi((call) => {
      if (call.path === '/api/admin/members') return pageOf([selfMember(), jane], call)
      if (call.method === 'POST' && call.path === `/api/admin/members/${jane.phone}/deactivate`) {
        jane = { ...jane, status: 'deactivated', deactivatedAt: local(9, 8, 0) }
        return jsonResponse(jane)
      }
      return undefined
    })
    renderRoute('/admin')
    const ask = await screen.findByRole('button', { name: 'Deactivate Jane Doe' })
    await user.click(ask)
    const dialog = screen.getByRole('alertdialog', { name: /^Deactivate Jane Doe\?/ })
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBe(document.activeElement)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(document.activeElement).toBe(ask)
    expect(callsTo(calls, 'POST', '/api/admin/members/33612345678/deactivate')).toEqual([])

    await user.click(ask)
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }),
    )
    expect(await screen.findByText('Jane Doe has been deactivated.')).toBeTruthy()
    const row = rowOf('Jane Doe')
    expect(within(row).getByText('Deactivated')).toBeTruthy()
    expect(within(row).getByRole('button', { name: 'Activate Jane Doe' })).toBeTruthy()
    expect(callsTo(calls, 'POST', '/api/admin/members/33612345678/deactivate')).toHaveLength(1)
  })

  it('activates a deactivated member through …/activate', async () => {
    let awa = member({ phone: '221771234567', name: 'Awa Diallo', status: 'deactivated' })
    const calls = stubAdminApi((call) => {
      if (call.path === '/api/admin/members') return pageOf([awa], call)
      if (call.method === 'POST' && call.path === '/api/admin/members/221771234567/activate') {
        awa = { ...awa, status: 'active' }
        return jsonResponse(awa)
      }
      return undefined
    })
    renderRoute('/admin')
    await userEvent.click(await screen.findByRole('button', { name: 'Activate Awa Diallo' }))
    expect(await screen.findByText('Awa Diallo is active again.')).toBeTruthy()
    expect(within(rowOf('Awa Diallo')).getByText('Active')).toBeTruthy()
    expect(callsTo(calls, 'POST', '/api/admin/members/221771234567/activate')).toHaveLength(1)
  })

  it("shows the server's refusal and leaves the row as it was", async () => {
    stubAdminApi((call) => {
      if (call.path === '/api/admin/members')
        return pageOf([member({ role: 'admin', name: 'Jane Doe' })], call)
      if (call.method === 'POST' && call.path.endsWith('/role'))
        return failure(403, 'forbidden', 'You cannot take away your own administrator role.')
      return undefined
    })
    renderRoute('/admin')
    await userEvent.click(await screen.findByRole('button', { name: 'Make Jane Doe a member' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You cannot take away your own administrator role.',
    )
    expect(within(rowOf('Jane Doe')).getByText('Administrator')).toBeTruthy()
  })

  it('opens the audit trail filtered by the member from their History', async () => {
    const calls = stubAdminApi((call) =>
      call.path === '/api/admin/members' ? pageOf([selfMember(), member()], call) : undefined,
    )
    const { router } = renderRoute('/admin')
    await userEvent.click(await screen.findByRole('button', { name: 'History of Jane Doe' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Audit trail' })).toBeTruthy()
    expect(router.state.location.search).toBe('?tab=audit&phone=33612345678')
    expect(screen.getByText('The entries of +33 6 12 34 56 78')).toBeTruthy()
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/admin/audit').map((c) => c.query.toString())).toEqual([
        'n=0&phone=33612345678',
      ]),
    )
  })

  it('lays each member out as a card at phone width', async () => {
    vi.stubGlobal('matchMedia', (query: string): Partial<MediaQueryList> => ({
      matches: query === '(max-width: 600px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }))
    stubAdminApi((call) =>
      call.path === '/api/admin/members' ? pageOf([selfMember(), member()], call) : undefined,
    )
    renderRoute('/admin')
    const list = await screen.findByRole('list', { name: 'The members' })
    expect(screen.queryByRole('table')).toBeNull()
    const cards = within(list).getAllByRole('listitem')
    expect(cards).toHaveLength(2)
    const card = cards[1]
    if (card === undefined) throw new Error('no second card')
    // Each field under its label; the actions' label is for screen readers only.
    expect(
      within(card)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual([
      'Name',
      'Phone',
      'Title, team, site',
      'Kind',
      'Role',
      'Status',
      'Joined',
      'Last seen',
      'Actions',
    ])
    expect(within(card).getByText('Jane Doe')).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Deactivate Jane Doe' })).toBeTruthy()
  })
})
