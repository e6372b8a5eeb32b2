import { messages } from '@palabre/contracts'
import type { ExportLanguage } from '@palabre/contracts'

/**
 * The texts of the exports' pages, in the language of the screen that asked for the export
 * (docs/export.md, "index.html"). The product's own quiz texts are French: they are the French
 * values, verbatim (`messages.poll`), as on the quiz screens (docs/quizzes.md, "Languages").
 * Every value here is ours and holds no markup: the pages escape it like any other text.
 */
export interface ExportTexts {
  /** `Intl` locale of the dates and lists. */
  locale: string
  personTitle: (name: string) => string
  organisationTitle: string
  exportedAt: (date: string) => string
  searchHint: string
  dataFiles: (files: string) => string
  announcements: string
  inFolders: string
  withContacts: string
  noConversations: string
  dateColumn: string
  withColumn: string
  fromColumn: string
  textColumn: string
  to: string
  folders: string
  announcement: string
  announcementTo: (count: number) => string
  notInArchive: string
  backToIndex: string
  conversationOf: (name: string) => string
  commentsHeading: string
  noComments: string
  // The organisation's index.
  people: string
  foldersHeading: string
  nameColumn: string
  phoneColumn: string
  statusColumn: string
  membersColumn: string
  active: string
  administrator: string
  deactivatedSince: (date: string) => string
  unnamedFolder: string
  conversations: string
  // Quizzes (docs/quizzes.md, "Correction").
  quiz: (title: string) => string
  quizGone: string
  question: (n: number) => string
  eliminatory: string
  points: (count: number) => string
  pointsEarned: (earned: number, worth: number) => string
  grade: (percent: number) => string
  eliminatedBy: (questions: number[]) => string
  correctMark: string
  wrongMark: string
  yourChoice: string
  notAnswered: string
  resultsHeading: (count: number) => string
  participantColumn: string
  gradeColumn: string
  noResults: string
}

const list = (locale: string, items: number[]) =>
  new Intl.ListFormat(locale, { type: 'conjunction' }).format(items.map(String))

const en: ExportTexts = {
  locale: 'en-GB',
  personTitle: (name) => `Palabre — ${name}`,
  organisationTitle: 'Palabre — the organisation',
  exportedAt: (date) => `Exported on ${date} (UTC).`,
  searchHint: "Find a name or a word with your browser's search (Ctrl+F, or ⌘F on a Mac).",
  dataFiles: (files) => `The same data, for programs: ${files}.`,
  announcements: 'Announcements',
  inFolders: 'In folders',
  withContacts: 'With contacts',
  noConversations: 'No conversation.',
  dateColumn: 'Date',
  withColumn: 'With',
  fromColumn: 'From',
  textColumn: 'Message',
  to: 'To:',
  folders: 'Folders:',
  announcement: 'Announcement',
  announcementTo: (count) => `Announcement to ${count} ${count === 1 ? 'person' : 'people'}`,
  notInArchive: '(not in this archive)',
  backToIndex: 'Back to the index',
  conversationOf: (name) => `Conversation started by ${name}`,
  commentsHeading: 'Comments',
  noComments: 'No comment.',
  people: 'People',
  foldersHeading: 'Folders',
  nameColumn: 'Name',
  phoneColumn: 'Phone',
  statusColumn: 'Status',
  membersColumn: 'Members',
  active: 'Active',
  administrator: 'administrator',
  deactivatedSince: (date) => `Deactivated on ${date}`,
  unnamedFolder: '(unnamed folder)',
  conversations: 'Conversations',
  quiz: (title) => `Quiz: ${title}`,
  quizGone: 'This quiz no longer exists.',
  question: (n) => `Question ${n}`,
  eliminatory: '(Eliminatory)',
  points: (count) => `${count} ${count === 1 ? 'point' : 'points'}`,
  pointsEarned: (earned, worth) => `Points earned: ${earned} of ${worth}`,
  grade: (percent) => `Your grade: ${percent}%`,
  eliminatedBy: (questions) =>
    questions.length === 1
      ? `Question ${list('en-GB', questions)} is eliminatory and was answered wrongly, so the grade is 0%.`
      : `Questions ${list('en-GB', questions)} are eliminatory and were answered wrongly, so the grade is 0%.`,
  correctMark: '✓ correct answer',
  wrongMark: '✗ wrong choice',
  yourChoice: 'your choice',
  notAnswered: 'You have not answered this quiz.',
  resultsHeading: (count) => `Participants' results (${count})`,
  participantColumn: 'Participant name',
  gradeColumn: 'Grade (%)',
  noResults: 'No results available for this quiz yet.',
}

const fr: ExportTexts = {
  locale: 'fr-FR',
  personTitle: (name) => `Palabre — ${name}`,
  organisationTitle: "Palabre — l'organisation",
  exportedAt: (date) => `Exporté le ${date} (UTC).`,
  searchHint:
    'Trouvez un nom ou un mot avec la recherche du navigateur (Ctrl+F, ou ⌘F sur un Mac).',
  dataFiles: (files) => `Les mêmes données, pour les programmes : ${files}.`,
  announcements: 'Annonces',
  inFolders: 'Dans les dossiers',
  withContacts: 'Avec les contacts',
  noConversations: 'Aucune conversation.',
  dateColumn: 'Date',
  withColumn: 'Avec',
  fromColumn: 'De',
  textColumn: 'Message',
  to: 'À :',
  folders: 'Dossiers :',
  announcement: 'Annonce',
  announcementTo: (count) => `Annonce à ${count} ${count <= 1 ? 'personne' : 'personnes'}`,
  notInArchive: '(absent de cette archive)',
  backToIndex: "Retour à l'index",
  conversationOf: (name) => `Conversation commencée par ${name}`,
  commentsHeading: 'Commentaires',
  noComments: 'Aucun commentaire.',
  people: 'Personnes',
  foldersHeading: 'Dossiers',
  nameColumn: 'Nom',
  phoneColumn: 'Téléphone',
  statusColumn: 'Statut',
  membersColumn: 'Membres',
  active: 'Actif',
  administrator: 'administrateur',
  deactivatedSince: (date) => `Désactivé le ${date}`,
  unnamedFolder: '(dossier sans nom)',
  conversations: 'Conversations',
  quiz: (title) => `QCM : ${title}`,
  quizGone: "Ce QCM n'existe plus.",
  question: (n) => `Question ${n}`,
  eliminatory: messages.poll.eliminatory,
  points: (count) => `${count} ${count <= 1 ? 'point' : 'points'}`,
  pointsEarned: (earned, worth) => `Points obtenus : ${earned} sur ${worth}`,
  grade: messages.poll.grade,
  eliminatedBy: (questions) =>
    questions.length === 1
      ? `La question ${list('fr-FR', questions)} est éliminatoire et sa réponse est fausse : la note est donc de 0%.`
      : `Les questions ${list('fr-FR', questions)} sont éliminatoires et leurs réponses sont fausses : la note est donc de 0%.`,
  correctMark: '✓ bonne réponse',
  wrongMark: '✗ mauvais choix',
  yourChoice: 'votre choix',
  notAnswered: "Vous n'avez pas répondu à ce QCM.",
  resultsHeading: messages.poll.resultsHeading,
  participantColumn: messages.poll.participantColumn,
  gradeColumn: messages.poll.gradeColumn,
  noResults: messages.poll.noResults,
}

export const exportTexts: Record<ExportLanguage, ExportTexts> = { en, fr }

/** A date as the language writes it, in UTC: '3 March 2025, 14:05', '3 mars 2025 à 14:05'. */
export const formatDate = (t: ExportTexts, date: Date): string =>
  new Intl.DateTimeFormat(t.locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date)
