import type { CsvInviteAnswer } from '@palabre/contracts'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '../../../test/render-route'
import {
  callsTo,
  invitation,
  jsonResponse,
  pageOf,
  stubAdminApi,
  type ApiCall,
} from '../test-support'

afterEach(() => {
  vi.unstubAllGlobals()
})

const file = [
  'phone;name;title;team;site;kind',
  '0612340001;Ana;;;;',
  '0612340002;Bruno;;;;',
  '12;Nobody;;;;',
  '0612340003;Chloé;;;;',
  '0612340004;Driss;;;;',
].join('\r\n')

/** The box shows the file with its line ends as a text box keeps them; the file is sent as read. */
const shown = file.replace(/\r\n/g, '\n')

const answer: CsvInviteAnswer = {
  invited: 4,
  renewed: 1,
  messagesSent: 4,
  refused: [{ line: 4, reason: 'invalid_phone', message: 'Not a phone of an accepted country.' }],
}

/** The server: the import answers `answer`, the pending list holds `pending()` at each read. */
const answering = (pending: () => ReturnType<typeof invitation>[]) => (call: ApiCall) => {
  if (call.method === 'POST' && call.path === '/api/admin/invitations') return jsonResponse(answer)
  if (call.method === 'GET' && call.path === '/api/admin/invitations')
    return pageOf(pending(), call)
  return undefined
}

describe('the CSV import (docs/organisation.md, "The console")', () => {
  it("posts a chosen file's text, says how many were invited and each refused line, and re-reads the pending list", async () => {
    let imported = false
    const calls = stubAdminApi(answering(() => (imported ? [invitation({ name: 'Ana' })] : [])))
    renderRoute('/admin?tab=invitations')
    await userEvent.click(await screen.findByRole('radio', { name: 'Import from a CSV file' }))
    expect(screen.getByText('phone,name,title,team,site,kind')).toBeTruthy()
    const template = screen.getByRole('link', { name: 'Download a template' })
    expect(template.getAttribute('download')).toBe('invitations.csv')
    expect(decodeURIComponent(template.getAttribute('href') ?? '')).toContain(
      'text/csv;charset=utf-8,phone,name,title,team,site,kind\n',
    )
    const input = screen.getByLabelText('CSV file') as HTMLInputElement
    expect(input.accept).toBe('.csv,text/csv')
    await userEvent.upload(input, new File([file], 'people.csv', { type: 'text/csv' }))
    await waitFor(() =>
      expect(
        (screen.getByLabelText('Or paste the CSV, its header line first') as HTMLTextAreaElement)
          .value,
      ).toBe(shown),
    )
    const readsBefore = callsTo(calls, 'GET', '/api/admin/invitations').length
    imported = true
    await userEvent.click(screen.getByRole('button', { name: 'Import' }))
    const result = await screen.findByTestId('csv-result')
    expect(result.textContent).toContain('4 invited.')
    expect(result.textContent).toContain('Of them, 1 pending invitation renewed.')
    expect(screen.getAllByTestId('csv-refused').map((line) => line.textContent)).toEqual([
      'Line 4: Not a phone number of an accepted country.',
    ])
    expect(callsTo(calls, 'POST', '/api/admin/invitations').map((c) => c.body)).toEqual([
      { csv: file, dialCode: '33' },
    ])
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/admin/invitations').length).toBeGreaterThan(readsBefore),
    )
    expect(await screen.findByText('Ana')).toBeTruthy()
  })

  it('posts a pasted CSV, and sends nothing while there is no text', async () => {
    const calls = stubAdminApi(answering(() => []))
    renderRoute('/admin?tab=invitations')
    await userEvent.click(await screen.findByRole('radio', { name: 'Import from a CSV file' }))
    await userEvent.click(screen.getByRole('button', { name: 'Import' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose a CSV file or paste its text.',
    )
    expect(callsTo(calls, 'POST', '/api/admin/invitations')).toEqual([])
    await userEvent.type(
      screen.getByLabelText('Or paste the CSV, its header line first'),
      'phone,name{enter}0612340001,Ana',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Import' }))
    await screen.findByTestId('csv-result')
    expect(callsTo(calls, 'POST', '/api/admin/invitations').map((c) => c.body)).toEqual([
      { csv: 'phone,name\n0612340001,Ana', dialCode: '33' },
    ])
  })

  it('speaks French', async () => {
    stubAdminApi(answering(() => []))
    renderRoute('/admin?tab=invitations', { language: 'fr' })
    await userEvent.click(await screen.findByRole('radio', { name: 'Importer un fichier CSV' }))
    expect(screen.getByRole('link', { name: 'Télécharger un modèle' })).toBeTruthy()
    await userEvent.upload(
      screen.getByLabelText('Fichier CSV'),
      new File([file], 'personnes.csv', { type: 'text/csv' }),
    )
    await waitFor(() =>
      expect(
        (
          screen.getByLabelText(
            "Ou collez le CSV, sa ligne d'en-tête d'abord",
          ) as HTMLTextAreaElement
        ).value,
      ).toBe(shown),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Importer' }))
    const result = await screen.findByTestId('csv-result')
    expect(result.textContent).toContain('4 invités.')
    expect(result.textContent).toContain('Dont 1 invitation en attente renouvelée.')
    expect(screen.getAllByTestId('csv-refused').map((line) => line.textContent)).toEqual([
      "Ligne 4 : Ce n'est pas un numéro d'un pays accepté.",
    ])
  })
})
