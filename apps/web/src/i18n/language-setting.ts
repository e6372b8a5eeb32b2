import type { i18n } from 'i18next'

/**
 * The browser's one language setting (docs/languages.md, "The language setting"): every page
 * reads it when the app starts and any change of language writes it, so the choice made on the
 * landing page or the wall holds on every screen and across a log-out.
 */
export type Language = 'en' | 'fr'
export const languages: readonly Language[] = ['en', 'fr']
export const defaultLanguage: Language = 'en'

/** The localStorage key; log-out does not clear it (docs/languages.md, "The language setting"). */
export const languageStorageKey = 'palabre.language'

export const isLanguage = (value: unknown): value is Language =>
  (languages as readonly unknown[]).includes(value)

/**
 * The browser's localStorage, or undefined where it cannot be used: merely reading
 * `window.localStorage` throws when storage is blocked (some private modes, sandboxed frames).
 */
const browserStorage = (): Storage | undefined => {
  try {
    return globalThis.localStorage ?? undefined
  } catch {
    return undefined
  }
}

/** The stored language; English when nothing (valid) is stored or storage cannot be read. */
export const readLanguageSetting = (storage: Storage | undefined = browserStorage()): Language => {
  try {
    const stored = storage?.getItem(languageStorageKey)
    return isLanguage(stored) ? stored : defaultLanguage
  } catch {
    return defaultLanguage
  }
}

/** Stores the language; a full or blocked storage keeps it for this page's life only. */
export const writeLanguageSetting = (
  language: Language,
  storage: Storage | undefined = browserStorage(),
): void => {
  try {
    storage?.setItem(languageStorageKey, language)
  } catch {
    // Nothing to do: the screens still follow the language in memory.
  }
}

/** `<html lang>`, so assistive technologies and the browser read the screen in its language. */
const setDocumentLanguage = (language: Language): void => {
  if (typeof document !== 'undefined') document.documentElement.lang = language
}

/**
 * Keeps the setting and `<html lang>` in step with an i18n instance: sets `<html lang>` now and
 * writes both on every change of language, whoever calls `changeLanguage`. Returns a function
 * that stops it.
 */
export const keepLanguageSetting = (
  instance: i18n,
  storage: Storage | undefined = browserStorage(),
): (() => void) => {
  const current = instance.resolvedLanguage ?? instance.language
  setDocumentLanguage(isLanguage(current) ? current : defaultLanguage)
  const onChange = (language: string) => {
    if (!isLanguage(language)) return
    writeLanguageSetting(language, storage)
    setDocumentLanguage(language)
  }
  instance.on('languageChanged', onChange)
  return () => instance.off('languageChanged', onChange)
}
