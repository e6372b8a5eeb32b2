import type { NoticeMail } from './otp-sender.js'

export type NoticeLanguage = 'en' | 'fr'

/** The moment of the change, in the notice's language, in UTC (the server knows no time zone). */
const when = (at: Date, lang: NoticeLanguage): string =>
  `${new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at)} UTC`

/**
 * The e-mail a person gets when their password was changed while signed in (docs/security.md,
 * "Passwords"): when, and what to do if it was not them. Never the password.
 */
export const passwordChangedNotice = (at: Date, lang: NoticeLanguage): NoticeMail =>
  lang === 'fr'
    ? {
        subject: 'Votre mot de passe Palabre a été changé',
        text: `Votre mot de passe Palabre a été changé le ${when(at, lang)}. Vos autres sessions ont été déconnectées. Si ce n'était pas vous, réinitialisez-le tout de suite avec « J'ai oublié mon mot de passe » sur la page de connexion.`,
      }
    : {
        subject: 'Your Palabre password was changed',
        text: `Your Palabre password was changed on ${when(at, lang)}. Your other sessions were signed out. If it wasn't you, reset it at once with "I forgot my password" on the sign-in page.`,
      }
