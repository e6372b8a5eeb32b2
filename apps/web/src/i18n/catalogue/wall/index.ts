import type { i18n } from 'i18next'
import { quizzesTexts } from '../quizzes'
import { registerServerTexts } from '../server'
import { registerTexts } from '../../texts'
import { cardTexts } from './card'
import { layoutTexts } from './layout'
import { modalsTexts } from './modals'

/** The wall's texts, in both languages (docs/wall.md, "Languages"). */
export const wallTexts = {
  en: { layout: layoutTexts.en, card: cardTexts.en, modals: modalsTexts.en },
  fr: { layout: layoutTexts.fr, card: cardTexts.fr, modals: modalsTexts.fr },
}

export type WallTranslations = typeof wallTexts.en

/**
 * Adds the wall's texts, those of the quizzes it shows and the server's, to an i18n instance,
 * once. They load with the wall's code, never with the landing page (docs/bundle-budgets.md).
 */
export const registerWallTexts = (instance: i18n): i18n => {
  registerTexts(instance, 'wall', wallTexts)
  registerTexts(instance, 'quizzes', quizzesTexts)
  return registerServerTexts(instance)
}
