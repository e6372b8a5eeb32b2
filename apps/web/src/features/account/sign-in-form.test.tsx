import { messages } from '@palabre/contracts'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '../../test/render-route'
import { codeSent, codeVerified, refusal, stubApi } from './test-support'

// The page loads lazily: wait for its button the first time.
const logIn = async () => fireEvent.click(await screen.findByRole('button', { name: 'Log in' }))

describe('sign-in screen', () => {
  it('shows the header, the fields and the links of the sign-in screen', async () => {
    renderRoute('/auth')
    expect(await screen.findByText('Palabre')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/inscription')
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      '/privacy-eng',
    )
    expect(screen.getByRole('button', { name: 'I forgot my password' })).toBeTruthy()
  })

  it('asks for the country, the phone and the password, each with its own message', async () => {
    renderRoute('/auth')
    await logIn()
    expect(await screen.findByText(messages.phoneStep.countryRequired)).toBeTruthy()
    expect(screen.getByText('Can you please provide your phone number?')).toBeTruthy()
    expect(screen.getByText('Please enter a password.')).toBeTruthy()
  })

  it('counts a phone made only of stripped characters as empty', async () => {
    renderRoute('/auth')
    fireEvent.change(await screen.findByLabelText('Country'), { target: { value: 'FR' } })
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: ' +(-)# * ^ ' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } })
    await logIn()
    expect(await screen.findByText('Can you please provide your phone number?')).toBeTruthy()
    expect(screen.queryByText(messages.phoneStep.countryRequired)).toBeNull()
    expect(screen.queryByText('Please enter a password.')).toBeNull()
  })

  it('finds a country by its dial code in the searchable select', async () => {
    renderRoute('/auth')
    fireEvent.change(await screen.findByLabelText('Search a country'), { target: { value: '+33' } })
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('FR')
  })

  it('opens the reset flow and validates its phone step', async () => {
    renderRoute('/auth')
    fireEvent.click(await screen.findByRole('button', { name: 'I forgot my password' }))
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }))
    expect(await screen.findByText('Please select country.')).toBeTruthy()
    expect(screen.getByText('Please fill number phone field.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Back to Login' }))
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy()
  })
})

// An account an administrator deactivated is told so wherever it knocks: sign-in, the reset's
// code and the reset itself (docs/organisation.md; docs/behaviour.md, "Sign-in", "Password reset").
describe('a deactivated account', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  const deactivated = () => refusal(403, 'deactivated', messages.organisation.deactivated)
  const frenchDeactivated = 'Ce compte a été désactivé. Contactez votre administrateur.'

  /** Country, phone and password typed, then the labelled button pressed. */
  const fillSignIn = async (labels: {
    country: string
    phone: string
    password: string
    logIn: string
  }) => {
    fireEvent.change(await screen.findByLabelText(labels.country), { target: { value: 'FR' } })
    fireEvent.change(screen.getByLabelText(labels.phone), { target: { value: '06 12 34 56 78' } })
    fireEvent.change(screen.getByLabelText(labels.password), { target: { value: 'secret' } })
    fireEvent.click(screen.getByRole('button', { name: labels.logIn }))
  }

  it('is told so at sign-in, not that something unexpected happened', async () => {
    stubApi({ '/api/auth/login': deactivated })
    renderRoute('/auth')
    await fillSignIn({
      country: 'Country',
      phone: 'Phone number',
      password: 'Password',
      logIn: 'Log in',
    })
    expect(await screen.findByText(messages.organisation.deactivated)).toBeTruthy()
    expect(screen.queryByText(messages.reset.unexpected)).toBeNull()
  })

  it('is told once, as a refusal, when the wall sent it here and it tries again', async () => {
    const fetchMock = stubApi({ '/api/auth/login': deactivated })
    renderRoute({
      pathname: '/auth',
      state: { notice: messages.organisation.deactivated, tone: 'error' },
    })
    const notice = await screen.findByText(messages.organisation.deactivated)
    expect(notice.getAttribute('role')).toBe('alert')
    expect(notice.classList.contains('form-alert--error')).toBe(true)
    await fillSignIn({
      country: 'Country',
      phone: 'Phone number',
      password: 'Password',
      logIn: 'Log in',
    })
    // The answer came and the form is done with it.
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalled()
      expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false)
    })
    const alerts = screen.getAllByText(messages.organisation.deactivated)
    expect(alerts).toHaveLength(1)
    expect(alerts[0]?.getAttribute('role')).toBe('alert')
    expect(alerts[0]?.classList.contains('form-alert--error')).toBe(true)
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('is told so at sign-in in French', async () => {
    stubApi({ '/api/auth/login': deactivated })
    renderRoute('/auth', { language: 'fr' })
    await fillSignIn({
      country: 'Pays',
      phone: 'Numéro de téléphone',
      password: 'Mot de passe',
      logIn: 'Se connecter',
    })
    expect(await screen.findByText(frenchDeactivated)).toBeTruthy()
  })

  /** The reset opened, its phone step filled in and sent. */
  const askResetCode = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'I forgot my password' }))
    fireEvent.change(await screen.findByLabelText('Country'), { target: { value: 'FR' } })
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '06 12 34 56 78' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }))
  }

  it("is told so when asking for the reset's code", async () => {
    stubApi({ '/api/otp/send': deactivated })
    renderRoute('/auth')
    await askResetCode()
    expect(await screen.findByText(messages.organisation.deactivated)).toBeTruthy()
    expect(screen.queryByText(messages.reset.otpSendFailed)).toBeNull()
  })

  it("is told so when verifying the reset's code", async () => {
    stubApi({ '/api/otp/send': codeSent, '/api/otp/verify': deactivated })
    renderRoute('/auth')
    await askResetCode()
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }))
    expect(await screen.findByText(messages.organisation.deactivated)).toBeTruthy()
  })

  it('is told so by the reset, rather than a fixed text', async () => {
    stubApi({
      '/api/otp/send': codeSent,
      '/api/otp/verify': codeVerified,
      '/api/updatePass': deactivated,
    })
    renderRoute('/auth')
    await askResetCode()
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }))
    fireEvent.change(await screen.findByLabelText('New password'), {
      target: { value: 'secret-2' },
    })
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret-2' } })
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText(messages.organisation.deactivated)).toBeTruthy()
    expect(screen.queryByText(messages.reset.unexpected)).toBeNull()
  })
})
