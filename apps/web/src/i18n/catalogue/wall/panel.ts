import type { i18n } from 'i18next'
import type { Texts } from '../../texts'

/**
 * Texts of the panels that list people for an announcement's author and a video's sender
 * (docs/wall.md, "Report panels"), in English and French. They are the wall's (`wall.panel.*`),
 * but come with the panels' code, which the wall loads only when one is shown
 * (docs/bundle-budgets.md): `registerPanelTexts`.
 */
const en = {
  /** The search box over the rows. */
  search: 'Search by name or phone',
  /** How many rows the search leaves, said to screen readers as it changes. */
  shown_one: '{{count}} person listed',
  shown_other: '{{count}} people listed',
  noMatch: 'Nobody matches this search.',
  /** Opens the panel of an announcement's confirmations, beside its counts. */
  openConfirmations: 'See who confirmed',
}

export type PanelTexts = Texts<typeof en>

export const panelTexts: { en: PanelTexts; fr: PanelTexts } = {
  en,
  fr: {
    search: 'Rechercher par nom ou téléphone',
    shown_one: '{{count}} personne listée',
    shown_other: '{{count}} personnes listées',
    noMatch: 'Personne ne correspond à cette recherche.',
    openConfirmations: 'Voir qui a confirmé',
  },
}

/** Adds the texts under `wall.panel` to an i18n instance, once (docs/languages.md, "The catalogue"). */
export const registerPanelTexts = (instance: i18n): i18n => {
  for (const lang of ['en', 'fr'] as const)
    if (instance.getResource(lang, 'translation', 'wall.panel') === undefined)
      instance.addResourceBundle(lang, 'translation', { wall: { panel: panelTexts[lang] } }, true)
  return instance
}
