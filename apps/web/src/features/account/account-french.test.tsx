import { messages } from '@palabre/contracts'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { createI18n } from '../../i18n'
import { renderRoute } from '../../test/render-route'
import { OtpStepForm } from './otp-step-form'

// The account screens in French (docs/languages.md): our texts from the catalogue, the
// contracts' field messages and refusals through the server texts' translations.

const french = { language: 'fr' } as const

describe('sign-in in French', () => {
  it('shows French labels, buttons and links, the privacy link going to the French policy', async () => {
    renderRoute('/auth', french)
    expect(await screen.findByRole('heading', { level: 1, name: 'Se connecter' })).toBeTruthy()
    // The country picker comes with the account runtime, after the page has painted.
    expect(await screen.findByLabelText('Pays')).toBeTruthy()
    expect(screen.getByLabelText('Rechercher un pays')).toBeTruthy()
    expect(screen.getByLabelText('Numéro de téléphone')).toBeTruthy()
    expect(screen.getByLabelText('Mot de passe')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy()
    expect(screen.getByRole('link', { name: "S'inscrire" }).getAttribute('href')).toBe(
      '/inscription',
    )
    expect(
      screen.getByRole('link', { name: 'Politique de confidentialité' }).getAttribute('href'),
    ).toBe('/privacy-fr')
    expect(screen.getByRole('button', { name: "J'ai oublié mon mot de passe" })).toBeTruthy()
    expect(screen.getByRole('option', { name: 'Choisissez votre pays' })).toBeTruthy()
    expect(screen.queryByText('Log in')).toBeNull()
  })

  it('gives the field messages of the schemas in French', async () => {
    renderRoute('/auth', french)
    fireEvent.click(await screen.findByRole('button', { name: 'Se connecter' }))
    expect(await screen.findByText('Veuillez choisir un pays.')).toBeTruthy()
    expect(screen.getByText('Pouvez-vous indiquer votre numéro de téléphone ?')).toBeTruthy()
    expect(screen.getByText('Veuillez saisir un mot de passe.')).toBeTruthy()
    expect(screen.queryByText(messages.phoneStep.countryRequired)).toBeNull()
  })

  it("says 'Format is incorrect.' in French", async () => {
    renderRoute('/auth', french)
    fireEvent.change(await screen.findByLabelText('Pays'), { target: { value: 'CI' } })
    fireEvent.change(screen.getByLabelText('Numéro de téléphone'), {
      target: { value: '07 12 34 56' },
    })
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'secret' } })
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }))
    expect(await screen.findByText('Le format est incorrect.')).toBeTruthy()
  })

  it('shows the notice of an ended session in French', async () => {
    renderRoute({ pathname: '/auth', state: { notice: messages.api.sessionEnded } }, french)
    const notice = await screen.findByText('Votre session a pris fin. Reconnectez-vous.')
    expect(notice.getAttribute('role')).toBe('status')
  })

  it('says in French that the account was deactivated, when the wall sent it here for that', async () => {
    renderRoute(
      { pathname: '/auth', state: { notice: messages.organisation.deactivated, tone: 'error' } },
      french,
    )
    const notice = await screen.findByText(
      'Ce compte a été désactivé. Contactez votre administrateur.',
    )
    expect(notice.getAttribute('role')).toBe('alert')
  })

  it('names and sorts the countries in French, and finds them without accents', async () => {
    renderRoute('/auth', french)
    const select = (await screen.findByLabelText('Pays')) as HTMLSelectElement
    const names = [...select.options].slice(1).map((option) => option.text)
    expect(names).toContain('Royaume-Uni (+44)')
    expect(names).toContain('Sénégal (+221)')
    expect(names).not.toContain('United Kingdom (+44)')
    const bare = names.map((name) => name.replace(/ \(\+\d+\)$/, ''))
    expect(bare).toEqual([...bare].sort((a, b) => a.localeCompare(b, 'fr')))
    fireEvent.change(screen.getByLabelText('Rechercher un pays'), { target: { value: 'senegal' } })
    expect(select.value).toBe('SN')
  })

  it('keeps the English names and order in English', async () => {
    renderRoute('/auth')
    const select = (await screen.findByLabelText('Country')) as HTMLSelectElement
    expect([...select.options].map((option) => option.text)).toContain('United Kingdom (+44)')
    expect(within(select).getByRole('option', { name: 'Select your country' })).toBeTruthy()
  })
})

describe('password reset in French', () => {
  it('titles its first step and validates it in French', async () => {
    renderRoute('/auth', french)
    fireEvent.click(await screen.findByRole('button', { name: "J'ai oublié mon mot de passe" }))
    expect(
      screen.getByRole('heading', { level: 1, name: 'Réinitialiser votre mot de passe' }),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le code' }))
    expect(await screen.findByText('Veuillez choisir un pays.')).toBeTruthy()
    expect(screen.getByText('Veuillez saisir le numéro de téléphone.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retour à la connexion' }))
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy()
  })
})

describe('sign-up in French', () => {
  it('titles and counts its steps in French', async () => {
    renderRoute('/inscription', french)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Créez votre compte' }),
    ).toBeTruthy()
    expect(screen.getByText('Étape 1 sur 5')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le code' }))
    expect(await screen.findByText('Veuillez choisir un pays.')).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('Inscription · Palabre'))
  })

  it('counts its steps in English, in the product words', async () => {
    renderRoute('/inscription')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeTruthy()
    expect(screen.getByText('Step 1 of 5')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Send Code' })).toBeTruthy()
  })
})

describe('the code step', () => {
  const renderOtp = (language: 'en' | 'fr', wrongCodeMessage: string) =>
    render(
      <I18nextProvider i18n={createI18n(language)}>
        <OtpStepForm
          destination="+33 612345678"
          remaining={59}
          wrongCodeMessage={wrongCodeMessage}
          resendLabel="resend"
          changeLabel="change"
          onVerify={() => Promise.resolve(null)}
          onResend={() => Promise.resolve(null)}
          onChangeDestination={() => undefined}
        />
      </I18nextProvider>,
    )

  it('says where the code went, in bold, and its wrong-code message in French', async () => {
    const { container } = renderOtp('fr', messages.reset.otpWrong)
    expect(container.querySelector('.auth-form__lead')?.textContent).toBe(
      'Un code à 6 chiffres a été envoyé à +33 612345678.',
    )
    expect(container.querySelector('strong')?.textContent).toBe('+33 612345678')
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '12' } })
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier le code' }))
    expect(await screen.findByText('Code incorrect.')).toBeTruthy()
    expect(screen.getByText("Vous n'avez pas reçu de code ?")).toBeTruthy()
  })

  it('keeps the product texts verbatim in English', async () => {
    const { container } = renderOtp('en', messages.signUp.phoneOtpWrong)
    expect(container.querySelector('.auth-form__lead')?.textContent).toBe(
      'A 6-digit code was sent to +33 612345678.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }))
    expect(await screen.findByText(messages.signUp.phoneOtpWrong)).toBeTruthy()
    expect(screen.getByText("Didn't receive a code?")).toBeTruthy()
  })
})
