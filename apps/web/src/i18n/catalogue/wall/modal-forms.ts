import { messages } from '@palabre/contracts'
import type { i18n } from 'i18next'
import type { Texts } from '../../texts'

/**
 * Texts of the wall's modals (the send, contact, folder and confirmation dialogs) in English and
 * French (docs/wall.md, "Languages"), under `wall.modals` beside the few the wall's first load
 * shows (modals.ts). They come with the modals' code, after the first paint
 * (`registerModalFormsTexts`, docs/bundle-budgets.md). English texts of the original product are
 * taken verbatim from the contracts' messages.
 */
const en = {
  send: {
    newTitle: messages.wall.newMessage,
    shareTitle: messages.wall.share,
    back: 'Back',
    contacts: 'Contacts',
    folders: 'Shared folders',
    searchContacts: 'Search a contact',
    searchFolders: 'Search a folder',
    selected: '{{n}} selected',
    message: 'Message',
    placeholder: messages.discussion.placeholderDesktop,
    attach: 'Attach a file',
    send: 'Send',
    noContact: messages.message.noContact,
  },
  contact: {
    title: messages.contact.modalTitle,
    name: 'Contact name',
    country: 'Country code',
    chooseCountry: 'Choose a country',
    phone: 'Phone number',
    add: messages.contact.addButton,
    nameRequired: messages.contact.nameRequired,
    phoneRequired: messages.contact.phoneRequired,
    formatIncorrect: messages.contact.formatIncorrect,
    saveFailed: messages.contact.saveFailed,
    rename: 'Rename',
    renameSave: 'Save',
    renameCancel: 'Cancel',
    delete: 'Delete',
    confirmDelete: 'Delete {{name}} from your contacts? The posts you exchanged stay.',
    changeFailed: messages.reset.unexpected,
  },
  folder: {
    title: messages.folder.modalTitle,
    name: 'Folder name',
    create: messages.folder.createButton,
    nameRequired: messages.folder.nameRequired,
    noContact: messages.folder.noContact,
    searchContacts: 'Search a contact',
    contacts: 'Contacts',
    members: 'Members',
    you: messages.wall.you,
    add: messages.folder.add,
    leave: messages.folder.leave,
    remove: 'Remove {{name}}',
    confirmRemove: 'Remove {{contact}} from the {{folder}} folder?',
    confirmLeave: 'Leave the {{folder}} folder?',
    left: 'You left the {{folder}} folder',
    addTitle: messages.folder.addParticipantsTitle,
    failed: messages.reset.unexpected,
  },
  confirm: {
    yes: messages.folder.yes,
    no: messages.folder.no,
  },
}

export type ModalFormsTexts = Texts<typeof en>

export const modalFormsTexts: { en: ModalFormsTexts; fr: ModalFormsTexts } = {
  en,
  fr: {
    send: {
      newTitle: 'Nouveau message',
      shareTitle: 'Partager',
      back: 'Retour',
      contacts: 'Contacts',
      folders: 'Dossiers partagés',
      searchContacts: 'Rechercher un contact',
      searchFolders: 'Rechercher un dossier',
      selected: '{{n}} sélectionné(s)',
      message: 'Message',
      placeholder: 'Écrivez un message...',
      attach: 'Joindre un fichier',
      send: 'Envoyer',
      noContact: "Aucun contact n'est sélectionné",
    },
    contact: {
      title: 'Enregistrer un nouveau contact !',
      name: 'Nom du contact',
      country: 'Indicatif du pays',
      chooseCountry: 'Choisissez un pays',
      phone: 'Numéro de téléphone',
      add: 'Ajouter un contact',
      nameRequired: "/!\\ Saisissez un nom, s'il vous plaît",
      phoneRequired: 'Veuillez saisir un numéro de téléphone',
      formatIncorrect: 'Le format est incorrect.',
      saveFailed: "Le numéro n'a pas pu être enregistré",
      rename: 'Renommer',
      renameSave: 'Enregistrer',
      renameCancel: 'Annuler',
      delete: 'Supprimer',
      confirmDelete: 'Supprimer {{name}} de vos contacts ? Les messages échangés restent.',
      changeFailed: "Une erreur inattendue s'est produite. Veuillez réessayer.",
    },
    folder: {
      title: 'Créer un nouveau dossier partagé',
      name: 'Nom du dossier',
      create: 'Créer un dossier',
      nameRequired: "/!\\ Saisissez le nom du dossier, s'il vous plaît",
      noContact: "Aucun contact n'est sélectionné",
      searchContacts: 'Rechercher un contact',
      contacts: 'Contacts',
      members: 'Membres',
      you: 'Vous',
      add: 'Ajouter',
      leave: 'Quitter le dossier',
      remove: 'Retirer {{name}}',
      confirmRemove: 'Retirer {{contact}} du dossier {{folder}} ?',
      confirmLeave: 'Quitter le dossier {{folder}} ?',
      left: 'Vous avez quitté le dossier {{folder}}',
      addTitle: 'Ajouter des participants',
      failed: "Une erreur inattendue s'est produite. Veuillez réessayer.",
    },
    confirm: {
      yes: 'Oui',
      no: 'Non',
    },
  },
}

/**
 * Adds the modals' texts under `wall.modals`, merged with the first load's, to an i18n instance,
 * once (docs/languages.md, "The catalogue").
 */
export const registerModalFormsTexts = (instance: i18n): i18n => {
  for (const lang of ['en', 'fr'] as const)
    if (instance.getResource(lang, 'translation', 'wall.modals.confirm') === undefined)
      instance.addResourceBundle(
        lang,
        'translation',
        { wall: { modals: modalFormsTexts[lang] } },
        true,
      )
  return instance
}
