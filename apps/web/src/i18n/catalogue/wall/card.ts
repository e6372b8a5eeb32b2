import { messages } from '@palabre/contracts'
import type { Texts } from '../../texts'

/**
 * Texts of the wall's card in English and French (docs/wall.md, "Languages"). English texts
 * of the original product are taken verbatim from the contracts' messages.
 */
const en = {
  me: messages.wall.me,
  you: messages.wall.you,
  /** Read after the arrow that leads from the sender to the recipients. */
  to: 'to',
  readMore: messages.wall.readMore,
  less: messages.wall.less,
  comment: messages.wall.comment,
  share: messages.wall.share,
  copy: messages.wall.copy,
  resend: messages.wall.resend,
  unreadComments_one: '{{count}} unread comment',
  unreadComments_other: '{{count}} unread comments',
  pending: 'Sending…',
  throttled: 'Too many messages: sending again shortly',
  /** Unanswered: it goes again by itself on the next connection (docs/wall.md, "Sending"). */
  waiting: 'Not sent yet: it will go as soon as the connection is back',
  /** '+ N' after the two inline recipients, as messages.wall.moreRecipients writes it. */
  moreRecipients: '+ {{n}}',
  /** An unnamed folder nobody but the viewer is left in (docs/wall.md, "Folder names"). */
  onlyYou: 'Only you',
  allRecipients: 'All recipients',
  recipients: 'Recipients',
  folderInfo: 'Folder info: {{name}}',
  files: {
    strip: 'Attachments',
    open: 'Open {{name}}',
    download: 'Download {{name}}',
    video: 'Video: {{name}}',
    audio: 'Audio: {{name}}',
    more: 'Loading more attachments…',
  },
  back: 'Back',
  postInfo: 'Post info',
  ticks: { sent: 'Sent', delivered: 'Delivered', seen: 'Read', pending: 'Sending' },
  /** '{{first}} - {{last}} of {{total}}', as messages.wall.paging writes it. */
  paging: '{{first}} - {{last}} of {{total}}',
  /** A search count that stopped at its bound: '1,000+'. */
  pagingMany: '{{first}} - {{last}} of {{bound}}+',
  empty: {
    wall: messages.wall.empty(),
    wallFolder: messages.wall.empty({ folder: '{{folder}}' }),
    wallContact: messages.wall.empty({ contact: '{{contact}}' }),
    search: 'No message matches your search',
    searchFolder: 'No message matches your search in {{folder}}',
    searchContact: 'No message matches your search with {{contact}}',
  },
}

export type CardTexts = Texts<typeof en>

export const cardTexts: { en: CardTexts; fr: CardTexts } = {
  en,
  fr: {
    me: 'Moi',
    you: 'Vous',
    to: 'à',
    readMore: 'Lire la suite...',
    less: 'Moins',
    comment: 'Commenter',
    share: 'Partager',
    copy: 'Copier',
    resend: 'Renvoyer',
    unreadComments_one: '{{count}} commentaire non lu',
    unreadComments_other: '{{count}} commentaires non lus',
    pending: 'Envoi en cours…',
    throttled: 'Trop de messages : nouvel envoi dans un instant',
    waiting: 'Pas encore envoyé : il partira dès le retour de la connexion',
    moreRecipients: '+ {{n}}',
    onlyYou: 'Vous seul',
    allRecipients: 'Tous les destinataires',
    recipients: 'Destinataires',
    folderInfo: 'Infos du dossier : {{name}}',
    files: {
      strip: 'Pièces jointes',
      open: 'Ouvrir {{name}}',
      download: 'Télécharger {{name}}',
      video: 'Vidéo : {{name}}',
      audio: 'Audio : {{name}}',
      more: 'Chargement d’autres pièces jointes…',
    },
    back: 'Retour',
    postInfo: 'Infos du message',
    ticks: { sent: 'Envoyé', delivered: 'Distribué', seen: 'Lu', pending: 'Envoi en cours' },
    paging: '{{first}} - {{last}} sur {{total}}',
    pagingMany: '{{first}} - {{last}} sur {{bound}}+',
    empty: {
      wall: "Vous n'avez aucun message",
      wallFolder: "Vous n'avez aucun message sur {{folder}}",
      wallContact: "Vous n'avez aucun message avec {{contact}}",
      search: messages.wall.emptySearch(),
      searchFolder: messages.wall.emptySearch({ folder: '{{folder}}' }),
      searchContact: messages.wall.emptySearch({ contact: '{{contact}}' }),
    },
  },
}
