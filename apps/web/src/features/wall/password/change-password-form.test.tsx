import { messages } from '@palabre/contracts'
import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWith } from '../../../test/render-with'
import { jsonResponse, stubFetch } from '../queries/wall.test-support'
import { ChangePasswordForm } from './change-password-form'

// The password change's form (docs/behaviour.md, "Password change").

afterEach(() => vi.unstubAllGlobals())

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

/** The error tied to a field (aria-describedby), as a reader of the screen hears it. */
const errorOf = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby')
  return id === null ? null : document.getElementById(id)?.textContent
}

describe('the password change form', () => {
  it('checks the fields before calling the server', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ message: 'x' }))
    renderWith(<ChangePasswordForm onClose={() => undefined} />)
    type('New password', 'one')
    type('Confirm the new password', 'two')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText(messages.passwordChange.currentRequired)).toBeTruthy()
    expect(errorOf('Current password')).toBe(messages.passwordChange.currentRequired)
    expect(errorOf('Confirm the new password')).toBe(messages.signUp.passwordsMismatch)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("puts the server's refusal on the current password's field, in French", async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse(
        {
          error: {
            code: 'forbidden',
            message: messages.passwordChange.currentWrong,
            issues: [
              { path: 'body.currentPassword', message: messages.passwordChange.currentWrong },
            ],
          },
        },
        403,
      ),
    )
    renderWith(<ChangePasswordForm onClose={() => undefined} />, 'fr')
    type('Mot de passe actuel', 'not-it')
    type('Nouveau mot de passe', 'Brand-new-Pa55')
    type('Confirmer le nouveau mot de passe', 'Brand-new-Pa55')
    fireEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }))
    expect(await screen.findByText('Le mot de passe actuel est incorrect.')).toBeTruthy()
    expect(errorOf('Mot de passe actuel')).toBe('Le mot de passe actuel est incorrect.')
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/auth/password')
    expect(JSON.parse(String(init.body))).toEqual({
      currentPassword: 'not-it',
      newPassword: 'Brand-new-Pa55',
      lang: 'fr',
    })
  })

  it('says so once the password is changed', async () => {
    stubFetch(() => jsonResponse({ message: messages.passwordChange.changed }))
    renderWith(<ChangePasswordForm onClose={() => undefined} />)
    type('Current password', 'secret-pass')
    type('New password', 'Brand-new-Pa55')
    type('Confirm the new password', 'Brand-new-Pa55')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect((await screen.findByRole('status')).textContent).toBe(messages.passwordChange.changed)
  })
})
