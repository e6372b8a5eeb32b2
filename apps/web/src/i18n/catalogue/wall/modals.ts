import { messages } from '@palabre/contracts'
import type { Texts } from '../../texts'

/**
 * The few texts under `wall.modals` the wall's first load shows (docs/wall.md, "Languages"): its
 * lists, the composer's and a contact row's; the modals' own come with their code
 * (modal-forms.ts). English texts of the original product are taken verbatim from the
 * contracts' messages; 'non inscris' stays as it is in both languages.
 */
const en = {
  send: {
    poll: 'New quiz',
    empty: messages.message.empty,
  },
  contact: {
    notRegistered: messages.wall.notRegistered,
    info: 'About {{name}}',
  },
  lists: {
    unread: '{{n}} unread',
    loading: 'Loading…',
    nothing: 'Nothing found',
    /** A list with nothing in it yet, nothing searched (docs/wall.md, "Lists"). */
    noFolders: 'No shared folder yet.',
    firstFolder: 'Create your first folder',
    noContacts: 'No contact yet.',
    firstContact: 'Add your first contact',
  },
}

export const modalsTexts: { en: Texts<typeof en>; fr: Texts<typeof en> } = {
  en,
  fr: {
    send: {
      poll: 'Nouveau QCM',
      empty: 'Le message est vide',
    },
    contact: {
      notRegistered: 'non inscris',
      info: 'À propos de {{name}}',
    },
    lists: {
      unread: '{{n}} non lu(s)',
      loading: 'Chargement…',
      nothing: 'Aucun résultat',
      noFolders: 'Aucun dossier partagé pour le moment.',
      firstFolder: 'Créer votre premier dossier',
      noContacts: 'Aucun contact pour le moment.',
      firstContact: 'Ajouter votre premier contact',
    },
  },
}
