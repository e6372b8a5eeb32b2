import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { publicTexts } from './catalogue/public'
import {
  keepLanguageSetting,
  languages,
  readLanguageSetting,
  type Language,
} from './language-setting'

export { languages, type Language } from './language-setting'

/**
 * The app's i18n instance, in `lng`: by default the browser's language setting, which every
 * change of language then writes (docs/languages.md, "The language setting"). It starts with
 * the public texts; each screen adds its own namespace when it loads (docs/languages.md,
 * "The catalogue").
 */
export const createI18n = (lng: Language = readLanguageSetting()): i18n => {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    supportedLngs: languages,
    resources: { en: { translation: publicTexts.en }, fr: { translation: publicTexts.fr } },
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  })
  // After init, so that starting in a language is not taken for a choice of it.
  keepLanguageSetting(instance)
  return instance
}
