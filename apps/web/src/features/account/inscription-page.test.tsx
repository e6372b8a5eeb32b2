import { messages } from '@palabre/contracts'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createI18n } from '../../i18n'
import { renderRoute } from '../../test/render-route'
import { PhoneStepForm, type PhoneStepValues } from './phone-step-form'
import { codeSent, codeVerified, refusal, sentTo, stubApi } from './test-support'

afterEach(() => {
  vi.unstubAllGlobals()
})

// The way back to sign-in from the sign-up, in each language (docs/behaviour.md, "Sign-up").
describe('sign-up header', () => {
  it("offers 'Log in', which opens the sign-in", async () => {
    const { router } = renderRoute('/inscription')
    await screen.findByRole('heading', { level: 1, name: 'Create your account' })
    const link = within(screen.getByRole('banner')).getByRole('link', { name: 'Log in' })
    expect(link.getAttribute('href')).toBe('/auth')
    fireEvent.click(link)
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/auth')
  })

  it("says 'Se connecter' in French", async () => {
    renderRoute('/inscription', { language: 'fr' })
    await screen.findByRole('heading', { level: 1, name: 'Créez votre compte' })
    const link = within(screen.getByRole('banner')).getByRole('link', { name: 'Se connecter' })
    expect(link.getAttribute('href')).toBe('/auth')
  })
})

// An invitation's link opens the sign-up with the phone filled in (docs/organisation.md,
// "Invitations"; docs/behaviour.md, "Sign-up").
describe('sign-up by invitation link', () => {
  it("fills the phone step with the link's country and the number as that country writes it", async () => {
    renderRoute('/inscription?phone=33612345678')
    // The country picker comes with the account runtime, which reads the key.
    const country = (await screen.findByLabelText('Country')) as HTMLSelectElement
    await waitFor(() => expect(country.value).toBe('FR'))
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('06 12 34 56 78')
  })

  it('sends the code to the phone of the link', async () => {
    const api = stubApi({ '/api/otp/send': codeSent })
    renderRoute('/inscription?phone=221771234567')
    const country = (await screen.findByLabelText('Country')) as HTMLSelectElement
    await waitFor(() => expect(country.value).toBe('SN'))
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }))
    expect(await screen.findByText('+221 77 123 45 67')).toBeTruthy()
    expect(sentTo(api, '/api/otp/send')).toEqual({
      nameValuePairs: { countryCode: '221', phoneNumber: '77 123 45 67' },
    })
  })

  it('ignores a value that is no phone, leaving the form empty', async () => {
    renderRoute('/inscription?phone=not-a-phone')
    const country = (await screen.findByLabelText('Country')) as HTMLSelectElement
    // Asking for the code checks the empty form: nothing was filled in.
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }))
    expect(await screen.findByText(messages.phoneStep.countryRequired)).toBeTruthy()
    expect(country.value).toBe('')
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('')
  })

  it('leaves alone what was typed before the link was read', async () => {
    const i18n = createI18n('en')
    const form = (prefill: PhoneStepValues | null) => (
      <I18nextProvider i18n={i18n}>
        <PhoneStepForm prefill={prefill} onSend={() => Promise.resolve(null)} />
      </I18nextProvider>
    )
    const { rerender } = render(form(null))
    const phone = (await screen.findByLabelText('Phone number')) as HTMLInputElement
    fireEvent.change(phone, { target: { value: '77 000 00 00' } })
    // The link is read once the runtime is in: the typed number stays, no country is picked.
    rerender(form({ country: 'FR', phone: '06 12 34 56 78' }))
    const country = (await screen.findByLabelText('Country')) as HTMLSelectElement
    expect(phone.value).toBe('77 000 00 00')
    expect(country.value).toBe('')
  })

  it('fills an untouched form once the link is read', async () => {
    const i18n = createI18n('en')
    const form = (prefill: PhoneStepValues | null) => (
      <I18nextProvider i18n={i18n}>
        <PhoneStepForm prefill={prefill} onSend={() => Promise.resolve(null)} />
      </I18nextProvider>
    )
    const { rerender } = render(form(null))
    const country = (await screen.findByLabelText('Country')) as HTMLSelectElement
    expect(country.value).toBe('')
    rerender(form({ country: 'FR', phone: '06 12 34 56 78' }))
    await waitFor(() => expect(country.value).toBe('FR'))
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('06 12 34 56 78')
  })
})

// A closed space refuses whom it does not admit, at the first step that can tell
// (docs/organisation.md, "The gate").
describe('sign-up in a closed space', () => {
  const notInvited = () => refusal(403, 'not_invited', messages.organisation.notInvited)
  const frenchNotInvited =
    'Cet espace est réservé aux membres invités. Demandez une invitation à votre administrateur.'

  /** The phone step, filled in by the link, sent. */
  const sendPhone = async (labels: { country: string; send: string }) => {
    const country = (await screen.findByLabelText(labels.country)) as HTMLSelectElement
    await waitFor(() => expect(country.value).toBe('FR'))
    fireEvent.click(screen.getByRole('button', { name: labels.send }))
  }

  /** A code step: the code typed and verified. */
  const verifyCode = async () => {
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }))
  }

  it('says so at the phone step', async () => {
    stubApi({ '/api/otp/send': notInvited })
    renderRoute('/inscription?phone=33612345678')
    await sendPhone({ country: 'Country', send: 'Send Code' })
    expect(await screen.findByText(messages.organisation.notInvited)).toBeTruthy()
    expect(screen.queryByText(messages.signUp.phoneOtpSendFailed)).toBeNull()
    // Still the phone step.
    expect(screen.getByText('Step 1 of 5')).toBeTruthy()
  })

  it('says so at the phone step in French', async () => {
    stubApi({ '/api/otp/send': notInvited })
    renderRoute('/inscription?phone=33612345678', { language: 'fr' })
    await sendPhone({ country: 'Pays', send: 'Envoyer le code' })
    expect(await screen.findByText(frenchNotInvited)).toBeTruthy()
  })

  it('says so at the e-mail step', async () => {
    stubApi({
      '/api/otp/send': codeSent,
      '/api/otp/verify': codeVerified,
      '/api/otpEmail/send': notInvited,
    })
    renderRoute('/inscription?phone=33612345678')
    await sendPhone({ country: 'Country', send: 'Send Code' })
    await verifyCode()
    fireEvent.change(await screen.findByLabelText('E-mail'), {
      target: { value: 'ann@elsewhere.org' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }))
    expect(await screen.findByText(messages.organisation.notInvited)).toBeTruthy()
    expect(screen.queryByText(messages.signUp.emailOtpSendFailed)).toBeNull()
    expect(screen.getByText('Step 3 of 5')).toBeTruthy()
  })

  it("says so at the last step, in French, rather than 'Error during sign-up.'", async () => {
    const api = stubApi({
      '/api/otp/send': codeSent,
      '/api/otp/verify': codeVerified,
      '/api/otpEmail/send': codeSent,
      '/api/otpEmail/verify': codeVerified,
      '/api/user': notInvited,
    })
    renderRoute('/inscription?phone=33612345678', { language: 'fr' })
    await sendPhone({ country: 'Pays', send: 'Envoyer le code' })
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier le code' }))
    fireEvent.change(await screen.findByLabelText('Adresse e-mail'), {
      target: { value: 'ann@elsewhere.org' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le code' }))
    await waitFor(() => expect(screen.getByText('Étape 4 sur 5')).toBeTruthy())
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '654321' } })
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier le code' }))
    fireEvent.change(await screen.findByLabelText('Prénom'), { target: { value: 'Ann' } })
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Lee' } })
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'secret-1' } })
    fireEvent.change(screen.getByLabelText('Confirmer le mot de passe'), {
      target: { value: 'secret-1' },
    })
    fireEvent.click(screen.getByRole('button', { name: "S'inscrire" }))
    expect(await screen.findByText(frenchNotInvited)).toBeTruthy()
    expect(screen.queryByText("Erreur pendant l'inscription.")).toBeNull()
    expect(sentTo(api, '/api/user')).toMatchObject({ name: 'Ann Lee', phone: '33612345678' })
  })
})
