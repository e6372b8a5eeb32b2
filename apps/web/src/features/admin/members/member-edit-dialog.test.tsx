import type { Member, UpdateMember } from '@palabre/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '../../../test/render-route'
import {
  callsTo,
  failure,
  jsonResponse,
  member,
  pageOf,
  selfMember,
  stubAdminApi,
} from '../test-support'

afterEach(() => {
  vi.unstubAllGlobals()
})

const rowOf = (name: string) => {
  const row = screen.getAllByTestId('member-row').find((r) => r.textContent?.includes(name))
  if (row === undefined) throw new Error(`no row for ${name}`)
  return row
}

/** The members list with Jane, and PATCH …/members/{phone} answered as the server would. */
const stubJane = (start: Partial<Member> = {}) => {
  let jane: Member = member(start)
  const calls = stubAdminApi((call) => {
    if (call.path === '/api/admin/members') return pageOf([selfMember(), jane], call)
    if (call.method === 'PATCH' && call.path === `/api/admin/members/${jane.phone}`) {
      const body = call.body as UpdateMember
      if (body.team !== undefined && body.team.length > 100)
        return failure(400, 'bad_request', 'A team is at most 100 characters.')
      jane = { ...jane, ...body }
      return jsonResponse(jane)
    }
    if (call.method === 'DELETE' && call.path === `/api/admin/members/${jane.phone}/photo`) {
      const { photo: _removed, ...rest } = jane
      jane = rest
      return new Response(null, { status: 204 })
    }
    return undefined
  })
  return { calls, jane: () => jane }
}

describe('the members\' profiles (docs/organisation.md, "Profiles")', () => {
  it("show each member's title, team, site and kind", async () => {
    stubJane({ title: 'Buyer', team: 'Ops', site: 'Dakar', kind: 'partner' })
    renderRoute('/admin?tab=members')
    const jane = await waitFor(() => rowOf('Jane Doe'))
    expect(within(jane).getByText('Buyer · Ops · Dakar')).toBeTruthy()
    expect(within(jane).getByText('Partner')).toBeTruthy()
    expect(within(rowOf('Ada Admin')).getByText('Employee')).toBeTruthy()
  })

  it("'Edit' sends only the changed fields, and the answer replaces the row", async () => {
    const { calls } = stubJane({ title: 'Buyer' })
    renderRoute('/admin?tab=members')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Jane Doe' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Jane Doe' })
    await userEvent.type(within(dialog).getByLabelText('Team'), 'Ops')
    await userEvent.selectOptions(within(dialog).getByLabelText('Kind'), 'partner')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Jane Doe is saved.')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(callsTo(calls, 'PATCH', '/api/admin/members/33612345678').map((c) => c.body)).toEqual([
      { team: 'Ops', kind: 'partner' },
    ])
    const jane = rowOf('Jane Doe')
    expect(within(jane).getByText('Buyer · Ops')).toBeTruthy()
    expect(within(jane).getByText('Partner')).toBeTruthy()
  })

  it("keeps the dialog open with the server's refusal, in French", async () => {
    stubJane()
    renderRoute('/admin?tab=members', { language: 'fr' })
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Jane Doe' }))
    const dialog = await screen.findByRole('dialog', { name: 'Modifier Jane Doe' })
    expect(within(dialog).getByLabelText('Équipe')).toBeTruthy()
    expect(within(dialog).getByRole('option', { name: 'Partenaire' })).toBeTruthy()
    // The field keeps 100 characters; a value set past it stands for a server refusal.
    const team = within(dialog).getByLabelText('Équipe')
    team.removeAttribute('maxlength')
    await userEvent.type(team, 'x'.repeat(101))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(await within(dialog).findByRole('alert')).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Modifier Jane Doe' })).toBeTruthy()
    expect(within(rowOf('Jane Doe')).getByText('Salarié')).toBeTruthy()
  })
})

describe('the members\' photos (docs/organisation.md, "Photos")', () => {
  it("'Remove photo' in the dialog removes a member's photo, and shows only when there is one", async () => {
    const { calls } = stubJane({ photo: 'photo_AAAAAAAAAAAAAAAA.webp' })
    renderRoute('/admin?tab=members')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Jane Doe' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Jane Doe' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }))
    expect(await within(dialog).findByText('The photo is removed.')).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: 'Remove photo' })).toBeNull()
    expect(callsTo(calls, 'DELETE', '/api/admin/members/33612345678/photo')).toHaveLength(1)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Jane Doe' }))
    const again = await screen.findByRole('dialog', { name: 'Edit Jane Doe' })
    await waitFor(() =>
      expect(within(again).queryByRole('button', { name: 'Remove photo' })).toBeNull(),
    )
  })
})
