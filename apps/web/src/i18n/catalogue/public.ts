import { pricingCommonFeatures, pricingPlans, pricingUpcomingFeatures } from '@palabre/contracts'
import type { Texts } from '../texts'

/**
 * The texts of the landing page and of what every page may show (the loading screen, the route
 * error, the language toggle). They load with the app's entry,
 * so they cost every page's budget (docs/bundle-budgets.md): a screen's own texts go in a
 * namespace of their own, registered when it loads (docs/languages.md, "The catalogue").
 */
const en = {
  loading: 'Loading…',
  routeError: {
    title: 'Something went wrong',
    text: 'This page could not be loaded. Check your connection, then reload.',
    reload: 'Reload',
  },
  language: { label: 'Language', switchTo: 'Français', short: 'FR' },
  nav: {
    why: 'Why Palabre',
    what: 'What we can do',
    solution: 'Solution',
    pricing: 'Pricing',
    login: 'Log in',
    tryIt: 'Try it',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    main: 'Main navigation',
  },
  hero: {
    title: 'The team messenger for your whole organisation',
    subtitle:
      'Posts, shared folders, comment threads, files and quizzes in one place, for employees and partners of every education level.',
    contactSales: 'Contact sales',
    stores: 'Get the mobile app',
    appStore: 'Download on the App Store',
    googlePlay: 'Get it on Google Play',
    imageAlt: 'The Palabre wall: folders, contacts and posts',
  },
  why: {
    title: 'Why Palabre',
    items: [
      {
        title: 'A sign-up anyone can do',
        text: 'A phone number, a code received on WhatsApp, an e-mail: your teams are ready in a minute, whatever their education level.',
      },
      {
        title: 'A closed space',
        text: 'Run Palabre for your employees and partners only. Nobody outside your organisation can write to them.',
      },
      {
        title: 'Your data stays home',
        text: 'Messages and files can be stored within the national territory.',
      },
    ],
  },
  what: {
    title: 'What we can do',
    items: [
      'Posts to chosen contacts or shared folders',
      'A comment thread on every post',
      'Photos, documents, links, videos and audio',
      'Quizzes (QCM) with automatic grading',
      'On-demand training videos with proof of viewing',
      'Announcements to the whole organisation',
      'Delivery and read marks for every recipient',
      'Live updates on the web and on mobile',
    ],
  },
  solution: {
    title: 'Solution',
    previous: 'Previous image',
    next: 'Next image',
    goTo: 'Show image {{n}}',
    slides: [
      { title: 'One wall for every conversation', alt: 'The wall: folders, contacts and posts' },
      { title: 'A discussion on every post', alt: 'A post with its comment thread' },
      { title: 'Quizzes that grade themselves', alt: 'A quiz with questions and a grade' },
      { title: 'Everywhere, even on a small phone', alt: 'Palabre on a mobile phone' },
    ],
  },
  pricing: {
    title: 'Pricing',
    perPerson: 'per person, per month',
    plan: 'Plan',
    /** Names the table's scroll box, which a keyboard can reach to scroll it on a phone. */
    table: 'The plans compared',
    price: 'Price',
    history: 'History',
    sending: 'Sending',
    support: 'Support',
    other: 'Other',
    allPlans: 'All plans include',
    choose: 'Try it',
    contact: 'Contact sales',
    // The plans' values are the contracts' own, verbatim.
    plans: pricingPlans,
    features: pricingCommonFeatures,
    upcomingFeatures: pricingUpcomingFeatures,
    upcoming: '{{feature}} (upcoming)',
  },
  footer: {
    privacyEn: 'Privacy policy',
    privacyFr: 'Politique de confidentialité',
    /** Names the links to the two privacy policies. */
    privacy: 'Privacy policy',
    rights: '© {{year}} Palabre. All rights reserved.',
  },
}

export type PublicTranslations = Texts<typeof en>

const fr: PublicTranslations = {
  loading: 'Chargement…',
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
    table: 'Les offres comparées',
    price: 'Prix',
    history: 'Historique',
    sending: 'Envoi',
    support: 'Assistance',
    other: 'Autres',
    allPlans: 'Toutes les offres comprennent',
    choose: "L'essayer",
    contact: 'Contacter les ventes',
    plans: [
      {
        plan: 'Gratuit',
        price: '0 $',
        history: '90 jours',
        sending: "jusqu'à 10 Go",
        support: 'sous 24 heures',
        other: 'réunions individuelles (à venir)',
      },
      {
        plan: 'Business',
        price: '9,99 $',
        history: 'illimité',
        sending: '200 Go',
        support: 'sous 8 heures',
        other: 'réunions de groupe (à venir)',
      },
      {
        plan: 'Entreprises et secteur public',
        price: 'sur demande',
        history: 'illimité',
        sending: '200 Go',
        support: 'sous 4 heures',
        other:
          'réunions de groupe, diffusion en direct et plusieurs configurations SAML (tout à venir)',
      },
    ],
    features: [
      'activation des utilisateurs',
      'export des données',
      'accès réservé aux salariés et aux partenaires',
      'stockage sur le territoire national',
    ],
    upcomingFeatures: ['Messages audio et vidéo'],
    upcoming: '{{feature}} (à venir)',
  },
  footer: {
    privacyEn: 'Privacy policy',
    privacyFr: 'Politique de confidentialité',
    privacy: 'Politique de confidentialité',
    rights: '© {{year}} Palabre. Tous droits réservés.',
  },
}

export const publicTexts: { en: PublicTranslations; fr: PublicTranslations } = { en, fr }
