/** English texts of the public pages (landing page and privacy policy). Default language. */
export const en = {
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
    price: 'Price',
    history: 'History',
    sending: 'Sending',
    support: 'Support',
    other: 'Other',
    allPlans: 'All plans include',
    choose: 'Try it',
    contact: 'Contact sales',
  },
  footer: {
    privacyEn: 'Privacy policy',
    privacyFr: 'Politique de confidentialité',
    rights: 'All rights reserved.',
  },
  privacy: {
    title: 'Privacy policy',
    intro:
      'Palabre is a team messenger for organisations. This page explains which data we collect and how you can change or delete it.',
    accountTitle: 'Data needed for an account',
    account: [
      'Your phone number (country dial code and number)',
      'Your first and last name',
      'Your e-mail address',
      'Your password (kept only as a one-way hash, never readable)',
    ],
    usageTitle: 'Data collected while you use the product',
    usage: [
      'The type of each post you send (message, photo, document, link, video, audio or poll)',
      'The number of posts and comments you send each day',
      'A unique application number generated when the application is first launched',
    ],
    purposeTitle: 'Why',
    purpose:
      'These data let you sign in, reach your contacts and shared folders, and let us keep the service running and measure its use. We do not sell them.',
    rightsTitle: 'Updating or deleting your account',
    rights:
      'To update or delete your account, send an e-mail to our support. We answer every request.',
    otherLanguage: 'Version française',
    signUp: 'Sign up',
    signIn: 'Sign in',
  },
}

export type Translations = typeof en
