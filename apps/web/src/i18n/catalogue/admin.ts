import type { i18n } from 'i18next'
import { registerTexts, type Texts } from '../texts'
import { registerAccountTexts } from './account'
import { registerServerTexts } from './server'

/**
 * The administrators' console (docs/organisation.md, "The console"): its own namespace, loaded
 * with its page (docs/languages.md, "The catalogue"). Every text here is ours.
 */
const en = {
  page: {
    title: 'Administration',
    backToWall: 'Back to the wall',
    sections: 'Sections of the console',
    loading: 'Loading…',
    loadFailed: 'This could not be loaded.',
    actionFailed: 'This could not be done.',
    retry: 'Try again',
  },
  tabs: {
    members: 'Members',
    invitations: 'Invitations',
    settings: 'Sign-up settings',
    audit: 'Audit trail',
  },
  pager: {
    label: 'Pages',
    range: '{{first}}–{{last}} of {{total}}',
    previous: 'Previous',
    next: 'Next',
  },
  members: {
    search: 'Search by name or phone',
    searchButton: 'Search',
    list: 'The members',
    columns: {
      name: 'Name',
      phone: 'Phone',
      role: 'Role',
      status: 'Status',
      joined: 'Joined',
      lastSeen: 'Last seen',
      actions: 'Actions',
    },
    role: { member: 'Member', admin: 'Administrator' },
    status: { active: 'Active', deactivated: 'Deactivated' },
    never: 'Never',
    you: 'You',
    byConfiguration: 'Named in ADMIN_PHONES',
    makeAdmin: 'Make administrator',
    makeAdminOf: 'Make {{name}} an administrator',
    makeMember: 'Make member',
    makeMemberOf: 'Make {{name}} a member',
    deactivate: 'Deactivate',
    deactivateOf: 'Deactivate {{name}}',
    activate: 'Activate',
    activateOf: 'Activate {{name}}',
    history: 'History',
    historyOf: 'History of {{name}}',
    confirmDeactivate:
      'Deactivate {{name}}? They are signed out at once and cannot sign in until an administrator activates them again. Their messages stay.',
    cancel: 'Cancel',
    noMatch: 'No member matches this search.',
    empty: 'No member yet.',
    madeAdmin: '{{name}} is now an administrator.',
    madeMember: '{{name}} is now a member.',
    deactivated: '{{name}} has been deactivated.',
    activated: '{{name}} is active again.',
  },
  invitations: {
    heading: 'Invite people',
    kind: 'Whom to invite',
    one: 'One phone',
    list: 'A list',
    phone: 'Phone number',
    name: 'Name (optional)',
    pasted: 'Phones, one a line',
    pastedHint:
      'A phone, then a name if you like: 06 12 34 56 78 Jane Doe. A number without + or 00 is read in the country above.',
    submit: 'Invite',
    nothing: 'Type at least one phone.',
    tooMany: 'At most {{max}} phones at once.',
    lineIssue: 'Line {{line}}: {{message}}',
    results: 'What became of each invitation',
    outcome: {
      sent: 'Invited: the WhatsApp message with the sign-up link went out.',
      notSent: 'Invited, but the message could not be sent: invite again to send it again.',
      alreadyMember: 'Already a member.',
      invalid: 'Not a phone number of an accepted country.',
      duplicate: 'Already in this list: invited once.',
    },
    pending: 'Pending invitations',
    columns: {
      phone: 'Phone',
      name: 'Name',
      invitedAt: 'Invited',
      invitedBy: 'By',
      actions: 'Actions',
    },
    revoke: 'Revoke',
    revokeOf: 'Revoke the invitation of {{who}}',
    revoked: 'The invitation of {{who}} is revoked.',
    noPending: 'No invitation is pending.',
  },
  settings: {
    mode: 'Who may sign up',
    open: 'Anyone with a phone (open)',
    closed: 'Invited people only (closed)',
    closedHint:
      'In a closed space, a person signs up with an invitation, a phone of ADMIN_PHONES or a verified e-mail of an allowed domain.',
    domains: 'Allowed e-mail domains',
    domainsHint: 'One a line, like example.com. A domain admits its own addresses only.',
    save: 'Save',
    fromEnvironment:
      "The environment's values hold (SIGNUP_MODE, SIGNUP_EMAIL_DOMAINS): no settings have been saved yet.",
    savedOn: 'Saved on {{date}}: these settings hold, whatever the environment says.',
    saved: 'The settings are saved.',
    domainIssue: '{{domain}}: {{message}}',
  },
  audit: {
    filter: "A member's phone",
    filterHint: 'In international form, like +33 6 12 34 56 78.',
    apply: 'Filter',
    clear: 'Show every entry',
    filteredBy: 'The entries of {{who}}',
    notAPhone: 'This is not a phone number.',
    list: 'The audit trail',
    columns: { when: 'When', who: 'Who', what: 'What', target: 'Target' },
    action: {
      invite: 'Invited',
      inviteNamed: 'Invited, as {{name}}',
      revoke: 'Revoked the invitation',
      role: 'Changed the role: {{from}} → {{to}}',
      settings: 'Changed the sign-up settings: {{from}} → {{to}}',
      deactivate: 'Deactivated',
      activate: 'Activated',
      announce: 'Sent an announcement',
      remind: 'Reminded the members of an announcement',
    },
    settingsValue: '{{mode}} ({{domains}})',
    noDomain: 'no domain',
    mode: { open: 'open', closed: 'closed' },
    role: { member: 'member', admin: 'administrator' },
    empty: 'Nothing is recorded yet.',
  },
}

export type AdminTranslations = Texts<typeof en>

const fr: AdminTranslations = {
  page: {
    title: 'Administration',
    backToWall: 'Retour au mur',
    sections: 'Rubriques de la console',
    loading: 'Chargement…',
    loadFailed: "Le chargement n'a pas abouti.",
    actionFailed: "L'opération n'a pas abouti.",
    retry: 'Réessayer',
  },
  tabs: {
    members: 'Membres',
    invitations: 'Invitations',
    settings: "Réglages d'inscription",
    audit: "Journal d'audit",
  },
  pager: {
    label: 'Pages',
    range: '{{first}}–{{last}} sur {{total}}',
    previous: 'Précédent',
    next: 'Suivant',
  },
  members: {
    search: 'Rechercher par nom ou téléphone',
    searchButton: 'Rechercher',
    list: 'Les membres',
    columns: {
      name: 'Nom',
      phone: 'Téléphone',
      role: 'Rôle',
      status: 'Statut',
      joined: 'Inscription',
      lastSeen: 'Dernière visite',
      actions: 'Actions',
    },
    role: { member: 'Membre', admin: 'Administrateur' },
    status: { active: 'Actif', deactivated: 'Désactivé' },
    never: 'Jamais',
    you: 'Vous',
    byConfiguration: 'Nommé dans ADMIN_PHONES',
    makeAdmin: 'Nommer administrateur',
    makeAdminOf: 'Nommer {{name}} administrateur',
    makeMember: 'Rendre membre',
    makeMemberOf: 'Rendre {{name}} simple membre',
    deactivate: 'Désactiver',
    deactivateOf: 'Désactiver {{name}}',
    activate: 'Réactiver',
    activateOf: 'Réactiver {{name}}',
    history: 'Historique',
    historyOf: 'Historique de {{name}}',
    confirmDeactivate:
      "Désactiver {{name}} ? Cette personne est déconnectée aussitôt et ne peut plus se connecter tant qu'un administrateur ne l'a pas réactivée. Ses messages restent.",
    cancel: 'Annuler',
    noMatch: 'Aucun membre ne correspond à cette recherche.',
    empty: "Aucun membre pour l'instant.",
    madeAdmin: '{{name}} est maintenant administrateur.',
    madeMember: '{{name}} est maintenant simple membre.',
    deactivated: '{{name}} a été désactivé.',
    activated: '{{name}} est de nouveau actif.',
  },
  invitations: {
    heading: 'Inviter des personnes',
    kind: 'Qui inviter',
    one: 'Un numéro',
    list: 'Une liste',
    phone: 'Numéro de téléphone',
    name: 'Nom (facultatif)',
    pasted: 'Numéros, un par ligne',
    pastedHint:
      'Un numéro, puis un nom si vous voulez : 06 12 34 56 78 Jeanne Dupont. Un numéro sans + ni 00 se lit dans le pays choisi plus haut.',
    submit: 'Inviter',
    nothing: 'Saisissez au moins un numéro.',
    tooMany: '{{max}} numéros au plus à la fois.',
    lineIssue: 'Ligne {{line}} : {{message}}',
    results: 'Le sort de chaque invitation',
    outcome: {
      sent: "Invité : le message WhatsApp avec le lien d'inscription est parti.",
      notSent: "Invité, mais le message n'a pas pu partir : invitez de nouveau pour le renvoyer.",
      alreadyMember: 'Déjà membre.',
      invalid: "Ce n'est pas un numéro d'un pays accepté.",
      duplicate: 'Déjà dans cette liste : invité une fois.',
    },
    pending: 'Invitations en attente',
    columns: {
      phone: 'Téléphone',
      name: 'Nom',
      invitedAt: 'Invité le',
      invitedBy: 'Par',
      actions: 'Actions',
    },
    revoke: 'Révoquer',
    revokeOf: "Révoquer l'invitation de {{who}}",
    revoked: "L'invitation de {{who}} est révoquée.",
    noPending: "Aucune invitation n'est en attente.",
  },
  settings: {
    mode: "Qui peut s'inscrire",
    open: 'Toute personne avec un téléphone (ouvert)',
    closed: 'Les personnes invitées seulement (fermé)',
    closedHint:
      "Dans un espace fermé, on s'inscrit avec une invitation, un numéro d'ADMIN_PHONES ou un e-mail vérifié d'un domaine autorisé.",
    domains: 'Domaines e-mail autorisés',
    domainsHint:
      'Un par ligne, comme example.com. Un domaine admet ses propres adresses seulement.',
    save: 'Enregistrer',
    fromEnvironment:
      "Les valeurs de l'environnement s'appliquent (SIGNUP_MODE, SIGNUP_EMAIL_DOMAINS) : aucun réglage n'a encore été enregistré.",
    savedOn: "Enregistrés le {{date}} : ces réglages s'appliquent, quoi que dise l'environnement.",
    saved: 'Les réglages sont enregistrés.',
    domainIssue: '{{domain}} : {{message}}',
  },
  audit: {
    filter: "Le téléphone d'un membre",
    filterHint: 'Au format international, comme +33 6 12 34 56 78.',
    apply: 'Filtrer',
    clear: 'Tout afficher',
    filteredBy: 'Les entrées de {{who}}',
    notAPhone: "Ce n'est pas un numéro de téléphone.",
    list: "Le journal d'audit",
    columns: { when: 'Quand', who: 'Qui', what: 'Quoi', target: 'Cible' },
    action: {
      invite: 'A invité',
      inviteNamed: 'A invité, sous le nom {{name}}',
      revoke: "A révoqué l'invitation",
      role: 'A changé le rôle : {{from}} → {{to}}',
      settings: "A changé les réglages d'inscription : {{from}} → {{to}}",
      deactivate: 'A désactivé',
      activate: 'A réactivé',
      announce: 'A envoyé une annonce',
      remind: "A relancé les membres au sujet d'une annonce",
    },
    settingsValue: '{{mode}} ({{domains}})',
    noDomain: 'aucun domaine',
    mode: { open: 'ouvert', closed: 'fermé' },
    role: { member: 'membre', admin: 'administrateur' },
    empty: "Rien n'est encore enregistré.",
  },
}

export const adminTexts: { en: AdminTranslations; fr: AdminTranslations } = { en, fr }

/**
 * Adds the console's texts to an i18n instance, once, with those it shows from elsewhere: the
 * country picker's (the account screens') and the server's refusals.
 */
export const registerAdminTexts = (instance: i18n): i18n => {
  registerTexts(instance, 'admin', adminTexts)
  registerAccountTexts(instance)
  return registerServerTexts(instance)
}
