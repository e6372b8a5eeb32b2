import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '../../../test/render-route'
import { callsTo, failure, jsonResponse, local, stubAdminApi } from '../test-support'
import { settingsIssues } from './settings-issues'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the sign-up settings (docs/organisation.md, "Settings")', () => {
  it("says the server's configuration holds until saved, then saves with PUT and says so", async () => {
    const calls = stubAdminApi((call) => {
      if (call.method === 'GET' && call.path === '/api/admin/settings')
        return jsonResponse({
          signupMode: 'open',
          allowedEmailDomains: ['acme.com'],
          savedAt: null,
        })
      if (call.method === 'PUT' && call.path === '/api/admin/settings')
        return jsonResponse({
          signupMode: 'closed',
          allowedEmailDomains: ['acme.com', 'eu.acme.com'],
          savedAt: local(9, 16, 45),
        })
      return undefined
    })
    renderRoute('/admin?tab=settings')
    expect(
      await screen.findByText("The server's configuration holds: no settings have been saved yet."),
    ).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'Anyone with a phone (open)' })).toHaveProperty(
      'checked',
      true,
    )
    const domains = screen.getByRole('textbox', { name: 'Allowed e-mail domains' })
    expect((domains as HTMLTextAreaElement).value).toBe('acme.com')
    await userEvent.click(screen.getByRole('radio', { name: 'Invited people only (closed)' }))
    await userEvent.type(domains, '\n\n  EU.acme.com  \n')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The settings are saved.')).toBeTruthy()
    expect(
      screen.getByText(
        "Saved on 9 Mar 2026 at 16:45: these settings hold, whatever the server's configuration says.",
      ),
    ).toBeTruthy()
    // The domains as the server keeps them.
    expect((domains as HTMLTextAreaElement).value).toBe('acme.com\neu.acme.com')
    expect(callsTo(calls, 'PUT', '/api/admin/settings').map((c) => c.body)).toEqual([
      { signupMode: 'closed', allowedEmailDomains: ['acme.com', 'EU.acme.com'] },
    ])
  })

  it("puts the server's field messages on the domains they concern", async () => {
    stubAdminApi((call) =>
      call.method === 'PUT'
        ? failure(400, 'validation_failed', "Write a domain without '@', like example.com.", [
            {
              path: 'body.allowedEmailDomains.1',
              message: "Write a domain without '@', like example.com.",
            },
            { path: 'allowedEmailDomains.2', message: 'A domain looks like example.com.' },
          ])
        : undefined,
    )
    renderRoute('/admin?tab=settings')
    const domains = await screen.findByRole('textbox', { name: 'Allowed e-mail domains' })
    await userEvent.type(domains, 'acme.com\njane@acme.com\nacme')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    const alert = await screen.findByRole('alert')
    expect([...alert.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      "jane@acme.com: Write a domain without '@', like example.com.",
      'acme: A domain looks like example.com.',
    ])
    expect(domains.getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByText('The settings are saved.')).toBeNull()
  })

  it('sorts the issues of a refused save by field', () => {
    expect(
      settingsIssues([
        { path: 'body.signupMode', message: "The sign-up mode is 'open' or 'closed'." },
        { path: 'body.allowedEmailDomains.0', message: 'A domain looks like example.com.' },
        { path: 'body.allowedEmailDomains', message: 'At most 100 domains.' },
      ]),
    ).toEqual({
      signupMode: "The sign-up mode is 'open' or 'closed'.",
      domains: [{ at: 0, message: 'A domain looks like example.com.' }],
      other: ['At most 100 domains.'],
    })
  })

  it('speaks French', async () => {
    stubAdminApi((call) =>
      call.method === 'GET' && call.path === '/api/admin/settings'
        ? jsonResponse({ signupMode: 'closed', allowedEmailDomains: [], savedAt: local(9, 16, 45) })
        : undefined,
    )
    renderRoute('/admin?tab=settings', { language: 'fr' })
    await waitFor(() =>
      expect(
        screen.getByText(
          "Enregistrés le 9 mars 2026 à 16:45 : ces réglages s'appliquent, quoi que dise la configuration du serveur.",
        ),
      ).toBeTruthy(),
    )
    expect(
      screen.getByRole('radio', { name: 'Les personnes invitées seulement (fermé)' }),
    ).toHaveProperty('checked', true)
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeTruthy()
  })
})
