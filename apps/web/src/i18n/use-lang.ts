import { useTranslation } from 'react-i18next'
import type { Language } from './'

/** The language the dates are written in: the interface's own (docs/wall.md, "Languages"). */
export const useLang = (): Language => {
  const { i18n } = useTranslation()
  return i18n.resolvedLanguage === 'fr' ? 'fr' : 'en'
}
