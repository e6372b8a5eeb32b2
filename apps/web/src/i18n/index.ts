import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { en } from './en'
import { fr } from './fr'

export type Language = 'en' | 'fr'
export const languages: readonly Language[] = ['en', 'fr']

/**
 * The landing and privacy pages are bilingual, English by default; the auth screens stay
 * English, so they do not use this (docs/behaviour.md, "Landing and privacy pages").
 */
export const createI18n = (lng: Language = 'en'): i18n => {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    supportedLngs: languages,
    resources: { en: { translation: en }, fr: { translation: fr } },
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  })
  return instance
}
