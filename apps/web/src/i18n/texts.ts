import type { i18n } from 'i18next'

/**
 * The shape a screen's texts in another language must have: its English texts' keys and
 * nesting, every text a plain string (the English ones are literals, which the French ones
 * could not match).
 */
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> }

/**
 * Adds a screen's texts under `key` to an i18n instance, once: a screen's texts travel with its
 * code, not with the app's entry (docs/bundle-budgets.md).
 */
export const registerTexts = <T>(instance: i18n, key: string, texts: { en: T; fr: T }): i18n => {
  for (const lang of ['en', 'fr'] as const)
    if (instance.getResource(lang, 'translation', key) === undefined)
      instance.addResourceBundle(lang, 'translation', { [key]: texts[lang] }, true, false)
  return instance
}
