import { messages } from '@palabre/contracts'
import type { i18n } from 'i18next'
import { registerTexts, type Texts } from '../texts'

/**
 * The 404 page's texts (docs/languages.md, "The catalogue"), the product's verbatim in English.
 * They load with the 404 page, which brings the contracts' texts anyway, rather than with the
 * entry, which would bring them to every page (docs/bundle-budgets.md).
 */
const en = {
  title: messages.notFound.title,
  text: messages.notFound.text,
  home: 'Back to home',
}

export type NotFoundTranslations = Texts<typeof en>

const fr: NotFoundTranslations = {
  title: 'Erreur 404',
  text: "La page que vous cherchez n'existe pas !",
  home: "Retour à l'accueil",
}

export const notFoundTexts: { en: NotFoundTranslations; fr: NotFoundTranslations } = { en, fr }

/** Adds the 404 page's texts to an i18n instance, once. */
export const registerNotFoundTexts = (instance: i18n): i18n =>
  registerTexts(instance, 'notFound', notFoundTexts)
