import i18next from 'i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createI18n } from '.'
import {
  keepLanguageSetting,
  languageStorageKey,
  languages,
  readLanguageSetting,
  writeLanguageSetting,
} from './language-setting'

/** A storage that refuses every use, as a blocked or full localStorage does. */
const refusingStorage = (): Storage =>
  ({
    getItem: () => {
      throw new DOMException('blocked', 'SecurityError')
    },
    setItem: () => {
      throw new DOMException('full', 'QuotaExceededError')
    },
  }) as unknown as Storage

beforeEach(() => {
  localStorage.clear()
  document.documentElement.lang = ''
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the language setting (docs/languages.md, "The language setting")', () => {
  it('is English when nothing is stored', () => {
    expect(readLanguageSetting()).toBe('en')
  })

  it('reads what is stored under palabre.language', () => {
    localStorage.setItem('palabre.language', 'fr')
    expect(languageStorageKey).toBe('palabre.language')
    expect(readLanguageSetting()).toBe('fr')
  })

  it('is English when the stored value is no language of ours', () => {
    for (const stored of ['de', 'FR', '', '"fr"']) {
      localStorage.setItem(languageStorageKey, stored)
      expect(readLanguageSetting(), stored).toBe('en')
    }
  })

  it('is English, and writing is harmless, when storage cannot be used', () => {
    expect(readLanguageSetting(refusingStorage())).toBe('en')
    expect(readLanguageSetting(undefined)).toBe('en')
    expect(() => writeLanguageSetting('fr', refusingStorage())).not.toThrow()
  })

  it('is English when even reaching localStorage throws (private mode)', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    })
    expect(readLanguageSetting()).toBe('en')
    expect(() => writeLanguageSetting('fr')).not.toThrow()
    const i18n = createI18n()
    expect(i18n.language).toBe('en')
    // The screens still change language, for this page's life.
    void i18n.changeLanguage('fr')
    expect(i18n.language).toBe('fr')
    expect(document.documentElement.lang).toBe('fr')
    vi.restoreAllMocks()
    expect(localStorage.getItem(languageStorageKey)).toBeNull()
  })

  it('writes the language it is given', () => {
    writeLanguageSetting('fr')
    expect(localStorage.getItem(languageStorageKey)).toBe('fr')
    writeLanguageSetting('en')
    expect(localStorage.getItem(languageStorageKey)).toBe('en')
  })
})

describe('createI18n and the setting', () => {
  it('starts in the stored language, and sets <html lang> to it', () => {
    localStorage.setItem(languageStorageKey, 'fr')
    const i18n = createI18n()
    expect(i18n.language).toBe('fr')
    expect(i18n.t('nav.login')).toBe('Se connecter')
    expect(document.documentElement.lang).toBe('fr')
  })

  it('starts in English when nothing is stored, and does not store that', () => {
    const i18n = createI18n()
    expect(i18n.language).toBe('en')
    expect(document.documentElement.lang).toBe('en')
    expect(localStorage.getItem(languageStorageKey)).toBeNull()
  })

  it('writes every change of language, whoever makes it, and keeps <html lang> in step', async () => {
    const i18n = createI18n()
    await i18n.changeLanguage('fr')
    expect(localStorage.getItem(languageStorageKey)).toBe('fr')
    expect(document.documentElement.lang).toBe('fr')
    // A new instance, as after a reload or in another page load, starts in French.
    expect(createI18n().language).toBe('fr')
    await i18n.changeLanguage('en')
    expect(localStorage.getItem(languageStorageKey)).toBe('en')
    expect(document.documentElement.lang).toBe('en')
  })

  it('takes an explicit language over the stored one', () => {
    localStorage.setItem(languageStorageKey, 'fr')
    expect(createI18n('en').language).toBe('en')
    // Starting in a language is no choice of it: the setting is untouched.
    expect(localStorage.getItem(languageStorageKey)).toBe('fr')
  })

  it('follows any i18n instance it is given, until told to stop', async () => {
    const instance = i18next.createInstance()
    await instance.init({ lng: 'en', supportedLngs: languages, showSupportNotice: false })
    const stop = keepLanguageSetting(instance)
    await instance.changeLanguage('fr')
    expect(localStorage.getItem(languageStorageKey)).toBe('fr')
    stop()
    await instance.changeLanguage('en')
    expect(localStorage.getItem(languageStorageKey)).toBe('fr')
  })
})
