import { messages } from '@palabre/contracts'
import type { i18n } from 'i18next'
import { registerTexts, type Texts } from '../texts'

/**
 * The account screens' texts: sign-in, the password reset, the sign-up steps and the country
 * picker they share (docs/languages.md, "The catalogue"). The product's English texts are the
 * English values, verbatim from the contracts; the others are ours. They load with the account
 * pages' code, never with the landing page (docs/bundle-budgets.md). The field messages and
 * server refusals these screens show are contracts texts, translated by catalogue/server.ts
 * (docs/languages.md, "Texts from the server"), which the account screens register once their
 * runtime is in: it reads the contracts' schemas, which their first paint does without
 * (docs/bundle-budgets.md, "First paint").
 */
const en = {
  signIn: {
    logIn: messages.signIn.logIn,
    signUp: messages.signIn.signUpLink,
    phone: 'Phone number',
    password: 'Password',
    privacy: 'Privacy policy',
    forgotPassword: messages.signIn.forgotPassword,
  },
  reset: {
    titles: {
      phone: 'Reset your password',
      code: 'Enter the code',
      password: 'Choose a new password',
    },
    backToLogin: messages.reset.backToLogin,
    passwordChanged: 'Your password has been changed. You can log in.',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    resetPassword: messages.reset.resetPassword,
  },
  phoneStep: {
    phone: 'Phone number',
    sendCode: messages.phoneStep.sendCode,
  },
  otp: {
    /** `{{destination}}` is where the code went, shown in bold. */
    sentTo: 'A 6-digit code was sent to {{destination}}.',
    code: 'Code',
    verify: messages.reset.verifyCode,
    noCode: messages.reset.noCode,
    resendWhatsApp: messages.reset.resendWhatsApp,
    resendEmail: 'Resend via email',
    changeNumber: messages.reset.changeNumber,
    changeEmail: messages.signUp.changeEmail,
  },
  signUp: {
    title: messages.signIn.signUpLink,
    titles: {
      phone: 'Create your account',
      phoneCode: 'Verify your phone',
      email: 'Your e-mail',
      emailCode: 'Verify your e-mail',
      profile: 'About you',
    },
    step: 'Step {{step}} of {{total}}',
    email: 'E-mail',
    sendCode: messages.signUp.sendCode,
    firstName: 'First name',
    lastName: 'Last name',
    password: 'Password',
    confirmPassword: 'Confirm password',
    signUp: messages.signUp.signUp,
    logIn: messages.signUp.logIn,
  },
  country: {
    label: 'Country',
    search: 'Search a country',
    searchPlaceholder: 'Search a country or a dial code',
    choose: 'Select your country',
  },
}

export type AccountTranslations = Texts<typeof en>

const fr: AccountTranslations = {
  signIn: {
    logIn: 'Se connecter',
    signUp: "S'inscrire",
    phone: 'Numéro de téléphone',
    password: 'Mot de passe',
    privacy: 'Politique de confidentialité',
    forgotPassword: "J'ai oublié mon mot de passe",
  },
  reset: {
    titles: {
      phone: 'Réinitialiser votre mot de passe',
      code: 'Saisissez le code',
      password: 'Choisissez un nouveau mot de passe',
    },
    backToLogin: 'Retour à la connexion',
    passwordChanged: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.',
    newPassword: 'Nouveau mot de passe',
    confirmPassword: 'Confirmer le mot de passe',
    resetPassword: 'Réinitialiser le mot de passe',
  },
  phoneStep: {
    phone: 'Numéro de téléphone',
    sendCode: 'Envoyer le code',
  },
  otp: {
    sentTo: 'Un code à 6 chiffres a été envoyé à {{destination}}.',
    code: 'Code',
    verify: 'Vérifier le code',
    noCode: "Vous n'avez pas reçu de code ?",
    resendWhatsApp: 'Renvoyer par WhatsApp',
    resendEmail: 'Renvoyer par e-mail',
    changeNumber: 'Changer de numéro',
    changeEmail: "Changer d'adresse e-mail",
  },
  signUp: {
    title: 'Inscription',
    titles: {
      phone: 'Créez votre compte',
      phoneCode: 'Vérifiez votre téléphone',
      email: 'Votre adresse e-mail',
      emailCode: 'Vérifiez votre adresse e-mail',
      profile: 'À propos de vous',
    },
    step: 'Étape {{step}} sur {{total}}',
    email: 'Adresse e-mail',
    sendCode: 'Envoyer le code',
    firstName: 'Prénom',
    lastName: 'Nom',
    password: 'Mot de passe',
    confirmPassword: 'Confirmer le mot de passe',
    signUp: "S'inscrire",
    logIn: 'Se connecter',
  },
  country: {
    label: 'Pays',
    search: 'Rechercher un pays',
    searchPlaceholder: 'Rechercher un pays ou un indicatif',
    choose: 'Choisissez votre pays',
  },
}

export const accountTexts: { en: AccountTranslations; fr: AccountTranslations } = { en, fr }

/**
 * Adds the account screens' texts to an i18n instance, once: with the account pages, never
 * before. The server's texts they show are catalogue/server.ts's `registerServerTexts`.
 */
export const registerAccountTexts = (instance: i18n): i18n =>
  registerTexts(instance, 'account', accountTexts)
