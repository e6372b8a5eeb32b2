import {
  mailSchema,
  messages,
  passwordSchema,
  pricingCommonFeatures,
  pricingPlans,
  pricingUpcomingFeatures,
} from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import { createI18n } from '..'
import { translateServerText } from '../server-text'
import { accountTexts, registerAccountTexts } from './account'
import { notFoundTexts } from './not-found'
import { privacyTexts } from './privacy'
import { publicTexts } from './public'
import { registerServerTexts, serverSources } from './server'

// The catalogue's shape (same keys, placeholders, no empty text) is src/i18n/catalogue.test.ts's.

describe('the public, account and 404 texts (docs/languages.md, "The catalogue")', () => {
  it("uses the product's English texts verbatim as the English values", () => {
    expect(publicTexts.en.pricing.plans).toEqual(pricingPlans)
    expect(publicTexts.en.pricing.features).toEqual(pricingCommonFeatures)
    expect(publicTexts.en.pricing.upcomingFeatures).toEqual(pricingUpcomingFeatures)
    expect(notFoundTexts.en).toMatchObject(messages.notFound)
    const { en } = accountTexts
    expect(en.signIn.logIn).toBe(messages.signIn.logIn)
    expect(en.signIn.forgotPassword).toBe(messages.signIn.forgotPassword)
    expect(en.reset.backToLogin).toBe(messages.reset.backToLogin)
    expect(en.otp.noCode).toBe(messages.reset.noCode)
    expect(en.otp.changeEmail).toBe(messages.signUp.changeEmail)
    expect(en.signUp.signUp).toBe(messages.signUp.signUp)
  })

  it('has every privacy text in both languages', () => {
    const keys = (node: unknown, prefix = ''): string[] =>
      typeof node === 'string'
        ? [prefix]
        : Object.entries(node as object).flatMap(([key, value]) => keys(value, `${prefix}.${key}`))
    expect(keys(privacyTexts.fr)).toEqual(keys(privacyTexts.en))
  })

  it('translates the pricing values, in the same plans and rows', () => {
    const { fr } = publicTexts
    expect(fr.pricing.plans.map((plan) => plan.history)).toEqual([
      '90 jours',
      'illimité',
      'illimité',
    ])
    expect(fr.pricing.plans[2]?.price).toBe('sur demande')
    const i18n = createI18n('fr')
    expect(i18n.t('pricing.upcoming', { feature: 'x' })).toBe('x (à venir)')
  })
})

describe('the texts from the server (docs/languages.md, "Texts from the server")', () => {
  it("knows the schemas' e-mail and password messages that messages.ts does not hold", () => {
    const first = (result: { error?: { issues: { message: string }[] } }) =>
      result.error?.issues[0]?.message
    expect(serverSources.signUp.emailInvalid).toBe(first(mailSchema.safeParse('not a mail')))
    expect(serverSources.signUp.emailTooLong).toBe(
      first(mailSchema.safeParse(`${'a'.repeat(250)}@b.org`)),
    )
    expect(serverSources.signUp.passwordTooLong).toBe(
      first(passwordSchema.safeParse('é'.repeat(40))),
    )
    for (const text of [
      serverSources.signUp.emailInvalid,
      serverSources.signUp.emailTooLong,
      serverSources.signUp.passwordTooLong,
    ])
      expect(text).not.toBe('')
  })

  it('gives every message an account screen shows in French', () => {
    const { t } = registerServerTexts(registerAccountTexts(createI18n('fr')))
    const shown = [
      messages.signIn.phoneRequired,
      messages.signIn.passwordRequired,
      messages.signIn.notFound,
      messages.signIn.wrongPassword,
      messages.phoneStep.countryRequired,
      messages.phoneStep.numberRequired,
      messages.contact.formatIncorrect,
      messages.reset.passwordRequired,
      messages.reset.confirmRequired,
      messages.reset.passwordsMismatch,
      messages.reset.otpSendFailed,
      messages.reset.otpWrong,
      messages.reset.notFound,
      messages.reset.updateFailed,
      messages.reset.unexpected,
      messages.signUp.firstNameRequired,
      messages.signUp.lastNameRequired,
      messages.signUp.emailRequired,
      messages.signUp.phoneOtpSendFailed,
      messages.signUp.phoneOtpWrong,
      messages.signUp.emailOtpSendFailed,
      messages.signUp.emailOtpWrong,
      messages.signUp.failed,
      messages.signUp.alreadyRegistered,
      messages.api.sessionEnded,
      serverSources.signUp.emailInvalid,
      serverSources.signUp.passwordTooLong,
    ]
    for (const text of shown) expect(translateServerText(t, text), text).not.toBe(text)
    expect(translateServerText(t, serverSources.signUp.emailInvalid)).toBe(
      'Veuillez saisir une adresse e-mail valide.',
    )
  })
})
