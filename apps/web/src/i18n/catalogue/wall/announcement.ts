import type { Texts } from '../../texts'

/**
 * Texts of the wall's announcements in English and French (docs/wall.md, "Announcements"). Every
 * text here is ours.
 */
const en = {
  /** The label every announcement card and discussion carries. */
  label: 'Announcement',
  /** The block of announcements not confirmed yet, above the posts. */
  pinned: 'Announcements to read',
  confirm: 'I have read it',
  confirmFailed: 'Your reading could not be recorded. Try again.',
  readOn: 'Read on {{date}}',
  /** After the arrow, for an announcement to every member. */
  toEveryone: 'Everyone',
  /** The author's count, on the card and over the table. */
  confirmed: '{{confirmed}} of {{total}} confirmed',
  sentTo_one: 'Sent to {{count}} person',
  sentTo_other: 'Sent to {{count}} people',
  newNotice: 'Announcement from {{name}}',
  reminded: '{{name}} reminds you to read an announcement',
  /** Under a recipient's comment box: the others never see it. */
  commentHint: 'Your comment goes to {{author}} only',
  report: {
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
    remind: 'Remind those who have not confirmed',
    reminded_one: 'Reminded {{count}} person',
    reminded_other: 'Reminded {{count}} people',
    remindFailed: 'The reminder could not be sent.',
  },
}

export type AnnouncementTexts = Texts<typeof en>

export const announcementTexts: { en: AnnouncementTexts; fr: AnnouncementTexts } = {
  en,
  fr: {
    label: 'Annonce',
    pinned: 'Annonces à lire',
    confirm: "J'ai lu",
    confirmFailed: "Votre lecture n'a pas pu être enregistrée. Réessayez.",
    readOn: 'Lu le {{date}}',
    toEveryone: 'Tout le monde',
    confirmed: '{{confirmed}} sur {{total}} ont confirmé',
    sentTo_one: 'Envoyée à {{count}} personne',
    sentTo_other: 'Envoyée à {{count}} personnes',
    newNotice: 'Annonce de {{name}}',
    reminded: '{{name}} vous rappelle de lire une annonce',
    commentHint: "Votre commentaire n'est lu que par {{author}}",
    report: {
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
      remind: "Relancer ceux qui n'ont pas confirmé",
      reminded_one: '{{count}} personne relancée',
      reminded_other: '{{count}} personnes relancées',
      remindFailed: "La relance n'a pas pu partir.",
    },
  },
}
