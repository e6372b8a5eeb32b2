import type { i18n } from 'i18next'
import { registerTexts } from '../../../i18n/texts'
import { cardTexts } from './card'
import { layoutTexts } from './layout'
import { modalsTexts } from './modals'
import { pollsTexts } from './polls'

/**
 * The wall's texts, in both languages (docs/wall.md, "Languages"). They travel with the wall's
 * code, not with the app's entry: a visitor of the landing page never downloads them
 * (docs/bundle-budgets.md). The i18n types know them (src/i18n/i18next.d.ts).
 */
export const wallTexts = {
  en: {
    layout: layoutTexts.en,
    card: cardTexts.en,
    modals: modalsTexts.en,
    polls: pollsTexts.en,
  },
  fr: {
    layout: layoutTexts.fr,
    card: cardTexts.fr,
    modals: modalsTexts.fr,
    polls: pollsTexts.fr,
  },
}

export type WallTranslations = typeof wallTexts.en

/** Adds the wall's texts to an i18n instance, once. */
export const registerWallTexts = (instance: i18n): i18n =>
  registerTexts(instance, 'wall', wallTexts)
