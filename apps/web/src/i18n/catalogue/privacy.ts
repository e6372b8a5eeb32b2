import type { i18n } from 'i18next'
import { registerTexts, type Texts } from '../texts'

/**
 * The privacy policy's texts (docs/languages.md, "The catalogue"). Each privacy page is in one
 * fixed language whatever the setting says (docs/behaviour.md, "Landing and privacy pages").
 * They load with the privacy pages, not with the entry that every page loads
 * (docs/bundle-budgets.md).
 */
const en = {
  title: 'Privacy policy',
  intro:
    'Palabre is a team messenger for organisations. This page explains which data we collect and how you can change or delete it.',
  accountTitle: 'Data needed for an account',
  account: [
    'Your phone number (country dial code and number)',
    'Your first and last name',
    'Your e-mail address',
    'Your password (kept only as a one-way hash, never readable)',
  ],
  usageTitle: 'Data collected while you use the product',
  usage: [
    'The type of each post you send (message, photo, document, link, video, audio or poll)',
    'The number of posts and comments you send each day',
    'A unique application number generated when the application is first launched',
  ],
  purposeTitle: 'Why',
  purpose:
    'These data let you sign in, reach your contacts and shared folders, and let us keep the service running and measure its use. We do not sell them.',
  rightsTitle: 'Updating or deleting your account',
  rights:
    'To update or delete your account, send an e-mail to our support. We answer every request.',
  otherLanguage: 'Version française',
  signUp: 'Sign up',
  signIn: 'Sign in',
}

export type PrivacyTranslations = Texts<typeof en>

const fr: PrivacyTranslations = {
  title: 'Politique de confidentialité',
  intro:
    "Palabre est une messagerie d'équipe pour les organisations. Cette page indique quelles données nous collectons et comment les modifier ou les supprimer.",
  accountTitle: 'Données nécessaires à un compte',
  account: [
    'Votre numéro de téléphone (indicatif du pays et numéro)',
    'Votre prénom et votre nom',
    'Votre adresse e-mail',
    'Votre mot de passe (conservé uniquement sous forme d’empreinte, jamais lisible)',
  ],
  usageTitle: "Données collectées pendant l'utilisation",
  usage: [
    'Le type de chaque publication envoyée (message, photo, document, lien, vidéo, audio ou sondage)',
    'Le nombre de publications et de commentaires envoyés chaque jour',
    "Un numéro d'application unique généré au premier lancement de l'application",
  ],
  purposeTitle: 'Pourquoi',
  purpose:
    "Ces données vous permettent de vous connecter et de joindre vos contacts et dossiers partagés, et nous permettent de faire fonctionner le service et d'en mesurer l'usage. Nous ne les vendons pas.",
  rightsTitle: 'Modifier ou supprimer votre compte',
  rights:
    'Pour modifier ou supprimer votre compte, écrivez à notre assistance. Nous répondons à chaque demande.',
  otherLanguage: 'English version',
  signUp: "S'inscrire",
  signIn: 'Se connecter',
}

export const privacyTexts: { en: PrivacyTranslations; fr: PrivacyTranslations } = { en, fr }

/** Adds the privacy policy's texts to an i18n instance, once. */
export const registerPrivacyTexts = (instance: i18n): i18n =>
  registerTexts(instance, 'privacy', privacyTexts)
