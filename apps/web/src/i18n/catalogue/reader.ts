import { messages } from '@palabre/contracts'
import type { i18n } from 'i18next'
import { registerTexts, type Texts } from '../texts'

/**
 * The reader's texts in English and French (docs/reader.md, "Languages"). They travel with the
 * reader's code, as the wall's do with the wall's, so the landing page never downloads them
 * (docs/bundle-budgets.md). The i18n types know them (src/i18n/i18next.d.ts).
 */
const en = {
  /** The label of previous and next, as a navigation landmark. */
  title: 'File reader',
  me: messages.wall.me,
  download: 'Download',
  previous: 'Previous file',
  next: 'Next file',
  close: 'Close',
  loading: 'Loading…',
  loadingFiles: 'Loading the files of this post…',
  preparing: 'Preparing the preview…',
  noPreview: 'No preview for this file.',
  /** A file the server no longer has for the viewer (404): deleted, or no longer shared. */
  gone: 'This file is no longer available.',
  pages_one: '{{count}} page',
  pages_other: '{{count}} pages',
  page: 'Page {{page}} of {{count}}',
  video: 'Video {{name}}',
  audio: 'Audio {{name}}',
}

export type ReaderTranslations = Texts<typeof en>

export const readerTexts: { en: ReaderTranslations; fr: ReaderTranslations } = {
  en,
  fr: {
    title: 'Lecteur de fichiers',
    me: 'Moi',
    download: 'Télécharger',
    previous: 'Fichier précédent',
    next: 'Fichier suivant',
    close: 'Fermer',
    loading: 'Chargement…',
    loadingFiles: 'Chargement des fichiers de ce message…',
    preparing: "Préparation de l'aperçu…",
    noPreview: "Pas d'aperçu pour ce fichier.",
    gone: "Ce fichier n'est plus disponible.",
    pages_one: '{{count}} page',
    pages_other: '{{count}} pages',
    page: 'Page {{page}} sur {{count}}',
    video: 'Vidéo {{name}}',
    audio: 'Audio {{name}}',
  },
}

/** Adds the reader's texts to an i18n instance, once. */
export const registerReaderTexts = (instance: i18n): i18n =>
  registerTexts(instance, 'reader', readerTexts)
