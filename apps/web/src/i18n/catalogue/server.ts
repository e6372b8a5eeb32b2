import {
  invitationInputSchema,
  inviteSchema,
  mailSchema,
  maxAllowedEmailDomains,
  maxAnnouncementFiles,
  maxInvitationsPerCall,
  maxQuestionPoints,
  messages,
  nameSchema,
  newAnnouncementSchema,
  passwordSchema,
  phoneMessages,
  signupSettingsSchema,
} from '@palabre/contracts'
import type { i18n } from 'i18next'
import { registerTexts } from '../texts'

/**
 * The texts that reach a screen from the contracts: the server's refusals and the shared
 * schemas' field messages (docs/languages.md, "Texts from the server"). The contracts keep them
 * in the product's words, whatever the screen's language; a screen shows them through this
 * catalogue (`useServerText`), which knows each one by its wording and gives it in the screen's
 * language. The product's texts are used verbatim: its English ones as the English values, its
 * French ones (the quiz texts, 'Objet enregistré !') as the French values.
 */

/** A contracts text with a variable part, as a template: `{{name}}` where the value goes. */
const template = <A extends unknown[]>(text: (...args: A) => string, ...names: string[]) =>
  text(...(names.map((name) => `{{${name}}}`) as A))

/**
 * The first message a contracts schema gives for `value`: for its texts that `messages` does
 * not hold, so they stay the contracts' own wording rather than a copy of it.
 */
const messageOf = (
  schema: { safeParse: (value: unknown) => { error?: { issues: { message: string }[] } } },
  value: unknown,
): string => schema.safeParse(value).error?.issues[0]?.message ?? ''

/** The contracts' texts, by catalogue key: what the server or a schema actually writes. */
export const serverSources = {
  signIn: {
    phoneRequired: messages.signIn.phoneRequired,
    passwordRequired: messages.signIn.passwordRequired,
    notFound: messages.signIn.notFound,
    wrongPassword: messages.signIn.wrongPassword,
  },
  phone: {
    invalid: phoneMessages.invalid,
    countryRequired: messages.phoneStep.countryRequired,
    numberRequired: messages.phoneStep.numberRequired,
    formatIncorrect: messages.contact.formatIncorrect,
  },
  reset: {
    passwordRequired: messages.reset.passwordRequired,
    confirmRequired: messages.reset.confirmRequired,
    passwordsMismatch: messages.reset.passwordsMismatch,
    otpSendFailed: messages.reset.otpSendFailed,
    otpWrong: messages.reset.otpWrong,
    notFound: messages.reset.notFound,
    updateFailed: messages.reset.updateFailed,
    unexpected: messages.reset.unexpected,
  },
  signUp: {
    firstNameRequired: messages.signUp.firstNameRequired,
    lastNameRequired: messages.signUp.lastNameRequired,
    emailRequired: messages.signUp.emailRequired,
    emailTooLong: messageOf(mailSchema, 'a'.repeat(255)),
    emailInvalid: messageOf(mailSchema, 'a'),
    passwordTooLong: messageOf(passwordSchema, 'a'.repeat(73)),
    phoneOtpSendFailed: messages.signUp.phoneOtpSendFailed,
    phoneOtpWrong: messages.signUp.phoneOtpWrong,
    emailOtpSendFailed: messages.signUp.emailOtpSendFailed,
    emailOtpWrong: messages.signUp.emailOtpWrong,
    failed: messages.signUp.failed,
    alreadyRegistered: messages.signUp.alreadyRegistered,
  },
  message: {
    empty: messages.message.empty,
    noContact: messages.message.noContact,
    failedToSend: messages.message.failedToSend,
    notContacts: messages.message.notContacts,
    tooManyRecipients: template(messages.message.tooManyRecipients, 'max'),
    cannotSend: messages.discussion.cannotSend,
  },
  contact: {
    nameRequired: messages.contact.nameRequired,
    phoneRequired: messages.contact.phoneRequired,
    saveFailed: messages.contact.saveFailed,
  },
  folder: {
    nameRequired: messages.folder.nameRequired,
    noContact: messages.folder.noContact,
    notContacts: messages.folder.notContacts,
    tooManyMembers: template(messages.folder.tooManyMembers, 'max'),
  },
  poll: {
    titleRequired: messages.poll.titleRequired,
    questionTextRequired: messages.poll.questionTextRequired,
    noQuestion: messages.poll.noQuestion,
    noAnswer: messages.poll.noAnswer,
    noCorrectAnswer: messages.poll.noCorrectAnswer,
    pointsRequired: messages.poll.pointsRequired,
    pointsTooHigh: messages.poll.pointsTooHigh,
    noResponse: messages.poll.noResponse,
  },
  /** The closed space, deactivation and the administrators' calls (docs/organisation.md). */
  organisation: {
    notInvited: messages.organisation.notInvited,
    adminsOnly: messages.organisation.adminsOnly,
    cannotDemoteSelf: messages.organisation.cannotDemoteSelf,
    cannotDemoteConfigured: messages.organisation.cannotDemoteConfigured,
    noSuchMember: messages.organisation.noSuchMember,
    noSuchInvitation: messages.organisation.noSuchInvitation,
    domainWithAt: messages.organisation.domainWithAt,
    domainShape: messages.organisation.domainShape,
    deactivated: messages.organisation.deactivated,
    cannotDeactivateSelf: messages.organisation.cannotDeactivateSelf,
    cannotDeactivateConfigured: messages.organisation.cannotDeactivateConfigured,
    recipientsDeactivated: messages.organisation.recipientsDeactivated,
    deactivationUnconfirmed: messages.organisation.deactivationUnconfirmed,
    // The console's schema texts that `messages` does not hold.
    nameTooLong: messageOf(nameSchema, 'a'.repeat(101)),
    phoneTooLong: messageOf(invitationInputSchema, { phone: 'a'.repeat(65) }),
    tooManyDomains: messageOf(
      signupSettingsSchema.shape.allowedEmailDomains,
      Array.from({ length: maxAllowedEmailDomains + 1 }, () => 'example.com'),
    ),
    tooManyInvitations: messageOf(
      inviteSchema.shape.invitations,
      Array.from({ length: maxInvitationsPerCall + 1 }, () => ({ phone: '1' })),
    ),
  },
  /** Profiles (docs/organisation.md, "Profiles"): the schemas' field messages. */
  profile: { ...messages.profile },
  /** Announcements (docs/announcements.md): the schema's texts, then the api's refusals. */
  announcement: {
    textRequired: messageOf(newAnnouncementSchema, { text: '' }),
    textTooLong: messageOf(newAnnouncementSchema, { text: 'a'.repeat(10_001) }),
    tooManyFiles: messageOf(newAnnouncementSchema, {
      text: 'a',
      fileNames: Array.from({ length: maxAnnouncementFiles + 1 }, () => 'a'),
    }),
    tooManyFolders: messageOf(newAnnouncementSchema, {
      text: 'a',
      folderIds: Array.from({ length: 101 }, () => 'a'),
    }),
    reachesNobody: messages.announcement.reachesNobody,
    tooManyRecipients: template(messages.announcement.tooManyRecipients, 'n'),
    noSuchAnnouncement: messages.announcement.noSuchAnnouncement,
    noSuchFolder: messages.announcement.noSuchFolder,
    noSuchFile: messages.noSuchFile,
  },
  api: {
    saved: messages.api.saved,
    alreadySaved: messages.api.alreadySaved,
    unavailable: messages.api.unavailable,
    sessionEnded: messages.api.sessionEnded,
  },
  passwordChange: {
    currentRequired: messages.passwordChange.currentRequired,
    currentWrong: messages.passwordChange.currentWrong,
    samePassword: messages.passwordChange.samePassword,
    langInvalid: messages.passwordChange.langInvalid,
    changed: messages.passwordChange.changed,
  },
}

type TextsOf<T> = { [K in keyof T]: T[K] extends string ? string : TextsOf<T[K]> }
export type ServerTranslations = TextsOf<typeof serverSources>

const en: ServerTranslations = {
  ...serverSources,
  // The product's quiz texts are French; these are their English values.
  poll: {
    titleRequired: 'The title is required.',
    questionTextRequired: 'The question text is required.',
    noQuestion: messages.poll.noQuestion,
    noAnswer: messages.poll.noAnswer,
    noCorrectAnswer: messages.poll.noCorrectAnswer,
    pointsRequired: messages.poll.pointsRequired,
    pointsTooHigh: messages.poll.pointsTooHigh,
    noResponse: 'No recorded answer for this quiz',
  },
  api: {
    ...serverSources.api,
    saved: 'Saved!',
    alreadySaved: 'Already saved!',
  },
}

const fr: ServerTranslations = {
  passwordChange: {
    currentRequired: 'Veuillez saisir votre mot de passe actuel.',
    currentWrong: 'Le mot de passe actuel est incorrect.',
    samePassword: "Le nouveau mot de passe doit être différent de l'actuel.",
    langInvalid: 'La langue (lang) est en ou fr.',
    changed: 'Mot de passe changé. Vos autres sessions ont été déconnectées.',
  },
  signIn: {
    phoneRequired: 'Pouvez-vous indiquer votre numéro de téléphone ?',
    passwordRequired: 'Veuillez saisir un mot de passe.',
    notFound: 'Numéro introuvable : inscrivez-vous !',
    wrongPassword: 'Oups, mot de passe incorrect. Réessayez.',
  },
  phone: {
    invalid: 'Un numéro compte 6 à 15 chiffres, avec l’indicatif de son pays.',
    countryRequired: 'Veuillez choisir un pays.',
    numberRequired: 'Veuillez saisir le numéro de téléphone.',
    formatIncorrect: 'Le format est incorrect.',
  },
  reset: {
    passwordRequired: 'Veuillez saisir le mot de passe.',
    confirmRequired: 'Veuillez confirmer le mot de passe.',
    passwordsMismatch: 'Les mots de passe ne correspondent pas.',
    otpSendFailed: "Erreur lors de l'envoi du code au téléphone.",
    otpWrong: 'Code incorrect.',
    notFound: 'Aucun compte avec ce numéro de téléphone.',
    updateFailed: 'Erreur lors de la mise à jour du mot de passe. Réessayez plus tard.',
    unexpected: 'Une erreur inattendue est survenue. Réessayez.',
  },
  signUp: {
    firstNameRequired: 'Veuillez saisir le prénom.',
    lastNameRequired: 'Veuillez saisir le nom.',
    emailRequired: "Veuillez saisir l'e-mail.",
    emailTooLong: 'Une adresse e-mail compte au plus 254 caractères.',
    emailInvalid: 'Veuillez saisir une adresse e-mail valide.',
    passwordTooLong: 'Un mot de passe compte au plus 72 octets.',
    phoneOtpSendFailed: "Erreur lors de l'envoi du code par WhatsApp.",
    phoneOtpWrong: 'Le code reçu sur le téléphone est incorrect.',
    emailOtpSendFailed: "Erreur lors de l'envoi du code par e-mail.",
    emailOtpWrong: 'Le code reçu par e-mail est incorrect.',
    failed: "Erreur pendant l'inscription.",
    alreadyRegistered: 'Ce numéro est déjà inscrit, connectez-vous.',
  },
  message: {
    empty: 'Le message est vide',
    noContact: "Aucun contact n'est sélectionné",
    failedToSend: "Échec de l'envoi",
    notContacts: "Vous ne pouvez écrire qu'à vos contacts et à vos dossiers.",
    tooManyRecipients: 'Un message peut aller à {{max}} personnes au plus.',
    cannotSend: "Vous ne pouvez pas écrire ici, car vous n'êtes pas membre de ce dossier partagé.",
  },
  contact: {
    nameRequired: '/!\\ Saisissez un nom, s’il vous plaît',
    phoneRequired: 'Veuillez indiquer un numéro de téléphone',
    saveFailed: "Le numéro n'a pas pu être enregistré",
  },
  folder: {
    nameRequired: '/!\\ Saisissez le nom du dossier, s’il vous plaît',
    noContact: "Aucun contact n'est sélectionné",
    notContacts: 'Vous ne pouvez ajouter que vos contacts à un dossier.',
    tooManyMembers: 'Un dossier compte {{max}} membres au plus.',
  },
  // The product's own quiz texts, verbatim.
  poll: {
    titleRequired: messages.poll.titleRequired,
    questionTextRequired: messages.poll.questionTextRequired,
    noQuestion: 'Au moins une question est requise.',
    noAnswer: 'Chaque question a besoin d’au moins une réponse possible.',
    noCorrectAnswer: 'Chaque question a besoin d’au moins une bonne réponse.',
    pointsRequired: 'Les points sont requis et valent 0 ou plus.',
    pointsTooHigh: `Une question vaut au plus ${maxQuestionPoints} points.`,
    noResponse: messages.poll.noResponse,
  },
  organisation: {
    notInvited:
      'Cet espace est réservé aux membres invités. Demandez une invitation à votre administrateur.',
    adminsOnly: 'Ceci est réservé aux administrateurs.',
    cannotDemoteSelf: "Vous ne pouvez pas retirer votre propre rôle d'administrateur.",
    cannotDemoteConfigured:
      'Cet administrateur est fixé par la configuration du serveur et ne peut pas redevenir simple membre.',
    noSuchMember: "Aucun membre n'a ce numéro de téléphone.",
    noSuchInvitation: "Aucune invitation n'est en attente pour ce numéro de téléphone.",
    domainWithAt: "Écrivez un domaine sans '@', comme example.com.",
    domainShape: 'Un domaine a la forme example.com.',
    deactivated: 'Ce compte a été désactivé. Contactez votre administrateur.',
    cannotDeactivateSelf: 'Vous ne pouvez pas désactiver votre propre compte.',
    cannotDeactivateConfigured:
      'Cet administrateur est fixé par la configuration du serveur et ne peut pas être désactivé.',
    recipientsDeactivated:
      'Toutes les personnes à qui ce message est adressé ont été désactivées : il ne parviendrait à personne.',
    deactivationUnconfirmed:
      "Le compte est désactivé, mais tous les serveurs n'ont pas confirmé la fermeture de ses connexions. Réessayez dans un instant.",
    nameTooLong: 'Un nom compte au plus 100 caractères.',
    phoneTooLong: 'Un numéro compte au plus 64 caractères.',
    tooManyDomains: `${maxAllowedEmailDomains} domaines au plus.`,
    tooManyInvitations: `${maxInvitationsPerCall} invitations au plus à la fois.`,
  },
  profile: {
    nameEmpty: 'Un nom ne peut pas être vide.',
    titleTooLong: 'Une fonction compte au plus 100 caractères.',
    teamTooLong: 'Une équipe compte au plus 100 caractères.',
    siteTooLong: 'Un site compte au plus 100 caractères.',
    kindInvalid: "Le type d'un membre est « employee » (salarié) ou « partner » (partenaire).",
    languageInvalid: 'La langue est « en » ou « fr ».',
    noSuchUpload: 'Aucun envoi de ce nom : envoyez d’abord le fichier à POST /api/upload/image.',
    notYourUpload:
      'Cet envoi n’est pas le vôtre : une photo est une image que vous avez envoyée vous-même.',
    notAnImage: 'Une photo est une image envoyée à POST /api/upload/image.',
    unreadablePhoto: 'Cette image ne peut pas être lue.',
    noSuchPhoto: 'Aucune photo de ce nom.',
  },
  announcement: {
    textRequired: 'Une annonce a besoin d’un texte.',
    textTooLong: 'Une annonce compte au plus 10 000 caractères.',
    tooManyFiles: `${maxAnnouncementFiles} fichiers au plus.`,
    tooManyFolders: '100 dossiers au plus.',
    reachesNobody: 'Cette annonce ne parviendrait à personne.',
    tooManyRecipients: 'Une annonce parvient à {{n}} personnes au plus.',
    noSuchAnnouncement: "Cette annonce n'existe pas.",
    noSuchFolder: "Ce dossier n'existe pas.",
    noSuchFile: 'Ce fichier ne fait partie d’aucune de vos conversations.',
  },
  api: {
    saved: messages.api.saved,
    alreadySaved: messages.api.alreadySaved,
    unavailable: 'Le service est indisponible pour un moment. Réessayez.',
    sessionEnded: 'Votre session a pris fin. Reconnectez-vous.',
  },
}

export const serverTexts = { en, fr }

/** Adds these texts to an i18n instance, once: with the pages that call the api, never before. */
export const registerServerTexts = (instance: i18n): i18n =>
  registerTexts(instance, 'server', serverTexts)
