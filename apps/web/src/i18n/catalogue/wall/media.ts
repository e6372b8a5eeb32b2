import type { i18n } from 'i18next'
import type { Texts } from '../../texts'

/**
 * Texts of the wall's videos and voice messages in English and French: who watched a video
 * (docs/wall.md, "Proof of viewing") and the voice messages (docs/wall.md, "Voice messages").
 * They are the wall's (`wall.media.*`), but come with the code that shows them, which the wall
 * loads after its first paint (docs/bundle-budgets.md): `registerMediaTexts`.
 */
const en = {
  views: {
    /** The viewer's own progress, on the video (docs/wall.md, "Proof of viewing"). */
    watched: 'Watched',
    watchedPercent: 'Watched {{percent}}',
    notWatched: 'Not watched yet',
    /** Opens the table of the recipients' progress, for the sender and administrators. */
    whoWatched: 'Who watched',
    summary: '{{done}} of {{total}} watched',
    caption: 'Who watched {{name}}',
    name: 'Name',
    progress: 'Progress',
    completedAt: 'Watched on',
    nobody: 'Nobody else can watch it yet.',
    downloadCsv: 'Download CSV',
    downloadCsvOf: 'Download the views of {{name}} as CSV',
    downloadXlsx: 'Download Excel',
    downloadXlsxOf: 'Download the views of {{name}} as an Excel workbook',
  },
  voice: {
    record: 'Record a voice message',
    /** Read with the time recorded so far: 'Recording 0:04'. */
    recording: 'Recording',
    cancel: 'Cancel',
    cancelLabel: 'Cancel the voice message',
    send: 'Send the voice message',
    uploading: 'Sending the voice message…',
    microphoneRefused: 'The microphone could not be used. Allow it in the browser and try again.',
    unsupported: 'This browser cannot record audio. Try Chrome, Edge, Firefox or Safari.',
    uploadFailed: 'The voice message could not be sent.',
    /** The bubble of a recording (docs/wall.md, "Voice messages"). */
    message: 'Voice message',
    play: 'Play the voice message',
    pause: 'Pause the voice message',
    /** The player's group, with the recording's length. */
    player: 'Voice message, {{duration}}',
    playerUnknown: 'Voice message',
  },
}

export type MediaTexts = Texts<typeof en>

export const mediaTexts: { en: MediaTexts; fr: MediaTexts } = {
  en,
  fr: {
    views: {
      watched: 'Vue',
      watchedPercent: 'Vue à {{percent}}',
      notWatched: 'Pas encore vue',
      whoWatched: 'Qui a regardé',
      summary: '{{done}} sur {{total}} l’ont vue',
      caption: 'Qui a regardé {{name}}',
      name: 'Nom',
      progress: 'Progression',
      completedAt: 'Vue le',
      nobody: 'Personne d’autre ne peut encore la voir.',
      downloadCsv: 'Télécharger le CSV',
      downloadCsvOf: 'Télécharger les vues de {{name}} en CSV',
      downloadXlsx: 'Télécharger en Excel',
      downloadXlsxOf: 'Télécharger les vues de {{name}} en classeur Excel',
    },
    voice: {
      record: 'Enregistrer un message vocal',
      recording: 'Enregistrement',
      cancel: 'Annuler',
      cancelLabel: 'Annuler le message vocal',
      send: 'Envoyer le message vocal',
      uploading: 'Envoi du message vocal…',
      microphoneRefused:
        "Le micro n'a pas pu être utilisé. Autorisez-le dans le navigateur puis réessayez.",
      unsupported:
        "Ce navigateur ne sait pas enregistrer l'audio. Essayez Chrome, Edge, Firefox ou Safari.",
      uploadFailed: "Le message vocal n'a pas pu être envoyé.",
      message: 'Message vocal',
      play: 'Écouter le message vocal',
      pause: 'Mettre en pause le message vocal',
      player: 'Message vocal, {{duration}}',
      playerUnknown: 'Message vocal',
    },
  },
}

/** Adds the texts under `wall.media` to an i18n instance, once (docs/languages.md, "The catalogue"). */
export const registerMediaTexts = (instance: i18n): i18n => {
  for (const lang of ['en', 'fr'] as const)
    if (instance.getResource(lang, 'translation', 'wall.media') === undefined)
      instance.addResourceBundle(lang, 'translation', { wall: { media: mediaTexts[lang] } }, true)
  return instance
}
