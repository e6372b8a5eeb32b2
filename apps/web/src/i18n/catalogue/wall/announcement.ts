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
  },
}
