import { messages } from '@palabre/contracts'

/**
 * Texts of the wall's modals and lists in English and French (docs/wall.md, "Languages").
 * English texts of the original product are taken verbatim from the contracts' messages;
 * 'non inscris' stays as it is in both languages.
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
    poll: 'Create a poll',
    send: 'Send',
    empty: messages.message.empty,
    noContact: messages.message.noContact,
    failed: messages.message.failedToSend,
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
    notRegistered: messages.wall.notRegistered,
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
    addTitle: messages.folder.addParticipantsTitle,
    failed: messages.reset.unexpected,
  },
  confirm: {
    yes: messages.folder.yes,
    no: messages.folder.no,
  },
  lists: {
    unread: '{{n}} unread',
    loading: 'Loading…',
    nothing: 'Nothing found',
  },
}

/** Every text as a plain string, so the French texts may differ from the English literals. */
type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> }

export const modalsTexts: { en: Texts<typeof en>; fr: Texts<typeof en> } = {
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
      poll: 'Créer un sondage',
      send: 'Envoyer',
      empty: 'Le message est vide',
      noContact: "Aucun contact n'est sélectionné",
      failed: "Échec de l'envoi",
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
      notRegistered: 'non inscris',
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
      addTitle: 'Ajouter des participants',
      failed: "Une erreur inattendue s'est produite. Veuillez réessayer.",
    },
    confirm: {
      yes: 'Oui',
      no: 'Non',
    },
    lists: {
      unread: '{{n}} non lu(s)',
      loading: 'Chargement…',
      nothing: 'Aucun résultat',
    },
  },
}
