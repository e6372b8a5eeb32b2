import type { i18n } from 'i18next'
import { registerTexts, type Texts } from '../texts'

/**
 * The 'Profile' panel's texts (docs/organisation.md, "Profiles"). They load with the panel's
 * code, never with the wall's first load (docs/bundle-budgets.md).
 */
const en = {
  title: 'Profile',
  name: 'Name',
  jobTitle: 'Title',
  language: 'Language',
  languages: { en: 'English', fr: 'French' },
  kindLabel: 'Kind',
  kind: { employee: 'Employee', partner: 'Partner' },
  team: 'Team',
  site: 'Site',
  setByAdministrators: 'Your team, site and kind are set by your administrators.',
  unset: '—',
  save: 'Save',
  cancel: 'Cancel',
  saved: 'Your profile is saved.',
  loadFailed: 'Your profile could not be loaded.',
  saveFailed: 'Your profile could not be saved.',
  photo: 'Photo',
  changePhoto: 'Change photo',
  removePhoto: 'Remove photo',
  photoSaved: 'Your photo is saved.',
  photoRemoved: 'Your photo is removed.',
  photoFailed: 'Your photo could not be saved.',
}

export type ProfileTranslations = Texts<typeof en>

const fr: ProfileTranslations = {
  title: 'Profil',
  name: 'Nom',
  jobTitle: 'Fonction',
  language: 'Langue',
  languages: { en: 'Anglais', fr: 'Français' },
  kindLabel: 'Type',
  kind: { employee: 'Salarié', partner: 'Partenaire' },
  team: 'Équipe',
  site: 'Site',
  setByAdministrators: 'Votre équipe, votre site et votre type sont fixés par vos administrateurs.',
  unset: '—',
  save: 'Enregistrer',
  cancel: 'Annuler',
  saved: 'Votre profil est enregistré.',
  loadFailed: "Votre profil n'a pas pu être chargé.",
  saveFailed: "Votre profil n'a pas pu être enregistré.",
  photo: 'Photo',
  changePhoto: 'Changer de photo',
  removePhoto: 'Retirer la photo',
  photoSaved: 'Votre photo est enregistrée.',
  photoRemoved: 'Votre photo est retirée.',
  photoFailed: "Votre photo n'a pas pu être enregistrée.",
}

export const profileTexts: { en: ProfileTranslations; fr: ProfileTranslations } = { en, fr }

/** Adds the panel's texts to an i18n instance, once. */
export const registerProfileTexts = (instance: i18n): i18n =>
  registerTexts(instance, 'profile', profileTexts)
