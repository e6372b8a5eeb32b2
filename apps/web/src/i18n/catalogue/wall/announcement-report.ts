import type { i18n } from 'i18next'
import type { Texts } from '../../texts'

/**
 * Texts of an announcement's confirmations for its author (docs/wall.md, "Announcements"), in
 * English and French. They are the wall's (`wall.announcement.report.*`), but come with the
 * report's code, which the wall loads only when its author opens one of their announcements
 * (docs/bundle-budgets.md): `registerReportTexts`.
 */
const en = {
  heading: 'Confirmations',
  loading: 'Loading the confirmations…',
  failed: 'The confirmations could not be loaded.',
  retry: 'Try again',
  confirmedList: 'Confirmed',
  pendingList: 'Not confirmed yet',
  name: 'Name',
  phone: 'Phone',
  at: 'Confirmed on',
  nobodyConfirmed: 'Nobody has confirmed yet.',
  nobodyPending: 'Everyone has confirmed.',
  download: 'Download CSV',
  downloadXlsx: 'Download Excel',
  remind: 'Remind those who have not confirmed',
  reminded_one: 'Reminded {{count}} person',
  reminded_other: 'Reminded {{count}} people',
  remindFailed: 'The reminder could not be sent.',
}

export type ReportTexts = Texts<typeof en>

export const reportTexts: { en: ReportTexts; fr: ReportTexts } = {
  en,
  fr: {
    heading: 'Confirmations',
    loading: 'Chargement des confirmations…',
    failed: "Les confirmations n'ont pas pu être chargées.",
    retry: 'Réessayer',
    confirmedList: 'Ont confirmé',
    pendingList: "N'ont pas encore confirmé",
    name: 'Nom',
    phone: 'Téléphone',
    at: 'Confirmé le',
    nobodyConfirmed: "Personne n'a encore confirmé.",
    nobodyPending: 'Tout le monde a confirmé.',
    download: 'Télécharger le CSV',
    downloadXlsx: 'Télécharger en Excel',
    remind: "Relancer ceux qui n'ont pas confirmé",
    reminded_one: '{{count}} personne relancée',
    reminded_other: '{{count}} personnes relancées',
    remindFailed: "La relance n'a pas pu partir.",
  },
}

/**
 * Adds the texts under `wall.announcement.report` to an i18n instance, once (docs/languages.md,
 * "The catalogue").
 */
export const registerReportTexts = (instance: i18n): i18n => {
  for (const lang of ['en', 'fr'] as const)
    if (instance.getResource(lang, 'translation', 'wall.announcement.report') === undefined)
      instance.addResourceBundle(
        lang,
        'translation',
        { wall: { announcement: { report: reportTexts[lang] } } },
        true,
      )
  return instance
}
