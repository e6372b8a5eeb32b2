import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { registerMediaTexts } from '../../../i18n/catalogue/wall/media'

/**
 * The texts of the videos and voice messages, added before the first render of what shows
 * them: they travel with its code (docs/languages.md, "The catalogue").
 */
export const useMediaTexts = () => {
  const translation = useTranslation()
  useState(() => registerMediaTexts(translation.i18n))
  return translation
}
