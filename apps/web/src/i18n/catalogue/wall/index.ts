import i18next, { type i18n, type TFunction } from 'i18next'
import type { Language } from '../../language-setting'
import { quizzesTexts } from '../quizzes'
import { registerServerTexts } from '../server'
import { registerTexts } from '../../texts'
import { announcementTexts } from './announcement'
import type { ReportTexts } from './announcement-report'
import { cardTexts } from './card'
import { layoutTexts } from './layout'
import type { MediaTexts } from './media'
import type { ModalFormsTexts } from './modal-forms'
import { modalsTexts } from './modals'
import type { PanelTexts } from './panel'
import type { DirectoryTexts } from './directory'

/** The wall's texts, in both languages (docs/wall.md, "Languages"). */
export const wallTexts = {
  en: {
    layout: layoutTexts.en,
    card: cardTexts.en,
    modals: modalsTexts.en,
    announcement: announcementTexts.en,
  },
  fr: {
    layout: layoutTexts.fr,
    card: cardTexts.fr,
    modals: modalsTexts.fr,
    announcement: announcementTexts.fr,
  },
}

/**
 * With the texts of the modals, of the videos and voice messages, of the report panels, of the
 * directory and of an announcement's confirmations, which come with their code, after the wall's
 * first load (`registerModalFormsTexts`, `registerMediaTexts`, `registerPanelTexts`,
 * `registerDirectoryTexts`, `registerReportTexts`, docs/bundle-budgets.md).
 */
export type WallTranslations = typeof wallTexts.en & {
  modals: ModalFormsTexts
  media: MediaTexts
  panel: PanelTexts
  directory: DirectoryTexts
  announcement: { report: ReportTexts }
}

/**
 * Adds the wall's texts, those of the quizzes it shows and the server's, to an i18n instance,
 * once. They load with the wall's code, never with the landing page (docs/bundle-budgets.md).
 */
export const registerWallTexts = (instance: i18n): i18n => {
  registerTexts(instance, 'wall', wallTexts)
  registerTexts(instance, 'quizzes', quizzesTexts)
  return registerServerTexts(instance)
}

const fixed = new Map<Language, TFunction>()

/**
 * The wall's texts in one language, for its helpers that run outside React (the paging counter,
 * the empty wall): the same catalogue through an i18next instance of their own, which leaves the
 * app's language and the browser's setting alone (docs/languages.md, "The catalogue").
 */
export const wallTextsIn = (language: Language): TFunction => {
  const known = fixed.get(language)
  if (known !== undefined) return known
  const instance = i18next.createInstance()
  void instance.init({
    lng: language,
    fallbackLng: 'en',
    resources: {},
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  })
  const t = registerWallTexts(instance).getFixedT(language)
  fixed.set(language, t)
  return t
}
