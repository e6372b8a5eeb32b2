import type { Translations } from './en'

/** Textes français des pages publiques (page d'accueil et politique de confidentialité). */
export const fr: Translations = {
  routeError: {
    title: 'Un problème est survenu',
    text: "Cette page n'a pas pu être chargée. Vérifiez votre connexion, puis rechargez.",
    reload: 'Recharger',
  },
  language: { label: 'Langue', switchTo: 'English', short: 'EN' },
  nav: {
    why: 'Pourquoi Palabre',
    what: 'Ce que nous faisons',
    solution: 'Solution',
    pricing: 'Tarifs',
    login: 'Se connecter',
    tryIt: "L'essayer",
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
    main: 'Navigation principale',
  },
  hero: {
    title: "La messagerie d'équipe de toute votre organisation",
    subtitle:
      'Publications, dossiers partagés, fils de commentaires, fichiers et quiz au même endroit, pour les salariés et partenaires de tout niveau scolaire.',
    contactSales: 'Contacter les ventes',
    stores: "Téléchargez l'application mobile",
    appStore: "Télécharger dans l'App Store",
    googlePlay: 'Disponible sur Google Play',
    imageAlt: 'Le mur Palabre : dossiers, contacts et publications',
  },
  why: {
    title: 'Pourquoi Palabre',
    items: [
      {
        title: 'Une inscription à la portée de tous',
        text: 'Un numéro de téléphone, un code reçu sur WhatsApp, un e-mail : vos équipes sont prêtes en une minute, quel que soit leur niveau scolaire.',
      },
      {
        title: 'Un espace fermé',
        text: 'Réservez Palabre à vos salariés et partenaires. Personne en dehors de votre organisation ne peut leur écrire.',
      },
      {
        title: 'Vos données restent chez vous',
        text: 'Messages et fichiers peuvent être stockés sur le territoire national.',
      },
    ],
  },
  what: {
    title: 'Ce que nous faisons',
    items: [
      'Des publications vers les contacts ou dossiers partagés choisis',
      'Un fil de commentaires sous chaque publication',
      'Photos, documents, liens, vidéos et audio',
      'Des quiz (QCM) notés automatiquement',
      'Des vidéos de formation à la demande avec preuve de visionnage',
      "Des annonces à toute l'organisation",
      'Des accusés de réception et de lecture pour chaque destinataire',
      'Des mises à jour en direct sur le web et sur mobile',
    ],
  },
  solution: {
    title: 'Solution',
    previous: 'Image précédente',
    next: 'Image suivante',
    goTo: "Afficher l'image {{n}}",
    slides: [
      {
        title: 'Un mur pour toutes les conversations',
        alt: 'Le mur : dossiers, contacts et publications',
      },
      {
        title: 'Une discussion sous chaque publication',
        alt: 'Une publication et son fil de commentaires',
      },
      { title: 'Des quiz qui se corrigent seuls', alt: 'Un quiz avec ses questions et une note' },
      { title: 'Partout, même sur un petit téléphone', alt: 'Palabre sur un téléphone mobile' },
    ],
  },
  pricing: {
    title: 'Tarifs',
    perPerson: 'par personne et par mois',
    plan: 'Offre',
    price: 'Prix',
    history: 'Historique',
    sending: 'Envoi',
    support: 'Assistance',
    other: 'Autres',
    allPlans: 'Toutes les offres comprennent',
    choose: "L'essayer",
    contact: 'Contacter les ventes',
  },
  footer: {
    privacyEn: 'Privacy policy',
    privacyFr: 'Politique de confidentialité',
    rights: 'Tous droits réservés.',
  },
  privacy: {
    title: 'Politique de confidentialité',
    intro:
      "Palabre est une messagerie d'équipe pour les organisations. Cette page indique quelles données nous collectons et comment les modifier ou les supprimer.",
    accountTitle: 'Données nécessaires à un compte',
    account: [
      'Votre numéro de téléphone (indicatif du pays et numéro)',
      'Votre prénom et votre nom',
      'Votre adresse e-mail',
      'Votre mot de passe (conservé uniquement sous forme d’empreinte, jamais lisible)',
    ],
    usageTitle: "Données collectées pendant l'utilisation",
    usage: [
      'Le type de chaque publication envoyée (message, photo, document, lien, vidéo, audio ou sondage)',
      'Le nombre de publications et de commentaires envoyés chaque jour',
      "Un numéro d'application unique généré au premier lancement de l'application",
    ],
    purposeTitle: 'Pourquoi',
    purpose:
      "Ces données vous permettent de vous connecter et de joindre vos contacts et dossiers partagés, et nous permettent de faire fonctionner le service et d'en mesurer l'usage. Nous ne les vendons pas.",
    rightsTitle: 'Modifier ou supprimer votre compte',
    rights:
      'Pour modifier ou supprimer votre compte, écrivez à notre assistance. Nous répondons à chaque demande.',
    otherLanguage: 'English version',
    signUp: "S'inscrire",
    signIn: 'Se connecter',
  },
}
