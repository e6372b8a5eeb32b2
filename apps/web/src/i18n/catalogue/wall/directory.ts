import type { i18n } from 'i18next'
import type { Texts } from '../../texts'

/**
 * Texts of the organisation's directory and a person's card (docs/wall.md, "Directory"), in
 * English and French. They are the wall's (`wall.directory.*`), but come with the directory's
 * code, which the wall loads only when it opens (docs/bundle-budgets.md):
 * `registerDirectoryTexts`. The button that opens it is the layout's (`wall.layout.directory`).
 */
const en = {
  title: 'Directory',
  search: 'Search by name, title, team or site',
  /** How many people the search finds, said to screen readers as it changes. */
  total_one: '{{count}} person',
  total_other: '{{count}} people',
  loading: 'Loading…',
  nobody: 'Nobody matches "{{word}}".',
  empty: 'Nobody is in the directory yet.',
  failed: 'The directory could not be read.',
  /** The card's title: the person's name is its heading. */
  card: 'Card of {{name}}',
  jobTitle: 'Title',
  team: 'Team',
  site: 'Site',
  phone: 'Phone',
  partner: 'Partner',
  postTo: 'Post to {{name}}',
  addToFolder: 'Add to a folder',
  chooseFolder: 'Folder',
  add: 'Add',
  noFolder: 'You are in no folder yet.',
  alreadyIn: '{{name}} is already in every folder of yours.',
  added: '{{name}} was added to {{folder}}.',
  failedToAdd: 'Could not add this person to the folder.',
  failedToSave: 'Could not save this person in your contacts.',
}

export type DirectoryTexts = Texts<typeof en>

export const directoryTexts: { en: DirectoryTexts; fr: DirectoryTexts } = {
  en,
  fr: {
    title: 'Annuaire',
    search: 'Rechercher par nom, fonction, équipe ou site',
    total_one: '{{count}} personne',
    total_other: '{{count}} personnes',
    loading: 'Chargement…',
    nobody: 'Personne ne correspond à « {{word}} ».',
    empty: 'Personne n’est encore dans l’annuaire.',
    failed: 'L’annuaire n’a pas pu être lu.',
    card: 'Fiche de {{name}}',
    jobTitle: 'Fonction',
    team: 'Équipe',
    site: 'Site',
    phone: 'Téléphone',
    partner: 'Partenaire',
    postTo: 'Écrire à {{name}}',
    addToFolder: 'Ajouter à un dossier',
    chooseFolder: 'Dossier',
    add: 'Ajouter',
    noFolder: 'Vous n’êtes encore dans aucun dossier.',
    alreadyIn: '{{name}} est déjà dans chacun de vos dossiers.',
    added: '{{name}} a été ajouté·e au dossier {{folder}}.',
    failedToAdd: 'Impossible d’ajouter cette personne au dossier.',
    failedToSave: 'Impossible d’enregistrer cette personne dans vos contacts.',
  },
}

/** Adds the texts under `wall.directory` to an i18n instance, once (docs/languages.md, "The catalogue"). */
export const registerDirectoryTexts = (instance: i18n): i18n => {
  for (const lang of ['en', 'fr'] as const)
    if (instance.getResource(lang, 'translation', 'wall.directory') === undefined)
      instance.addResourceBundle(
        lang,
        'translation',
        { wall: { directory: directoryTexts[lang] } },
        true,
      )
  return instance
}
