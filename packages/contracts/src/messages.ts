/**
 * Every user-facing text of the product (docs/behaviour.md, "Messages"), verbatim, spelling
 * included ('comfirm', 'registred', 'dejà', 'non inscris'), and the few refusals of our own,
 * marked as such. Grouped by screen. Functions build the texts with a variable part.
 */
/** The most points one quiz question may be worth, so a quiz's total stays a finite number. */
export const maxQuestionPoints = 1000

export const messages = {
  notFound: {
    title: 'Error 404',
    text: 'The page you are looking for does not exist!',
  },
  signIn: {
    signUpLink: 'Sign up',
    logIn: 'Log in',
    forgotPassword: 'I forgot my password',
    phoneRequired: 'Can you please provide your phone number?',
    passwordRequired: 'Please enter a password.',
    notFound: 'Number not found, time to sign up!',
    wrongPassword: "Oops, password's incorrect. Give it another shot.",
  },
  /** The phone step shared by the password reset and the sign-up. */
  phoneStep: {
    countryRequired: 'Please select country.',
    numberRequired: 'Please fill number phone field.',
    sendCode: 'Send Code',
  },
  reset: {
    sendCode: 'Send Code',
    verifyCode: 'Verify Code',
    noCode: "Didn't receive a code?",
    resendWhatsApp: 'Resend via WhatsApp',
    changeNumber: 'Change the number',
    resetPassword: 'Reset Password',
    backToLogin: 'Back to Login',
    passwordRequired: 'Please fill password field.',
    confirmRequired: 'Please fill comfirm password field.',
    passwordsMismatch: 'Passwords do not match.',
    otpSendFailed: 'Error sending OTP to phone.',
    otpWrong: 'Incorrect OTP code.',
    notFound: 'No account found with this phone number.',
    updateFailed: 'Error updating password. Please try again later.',
    unexpected: 'An unexpected error occurred. Please try again.',
  },
  /** Changing the password while signed in: our own texts (docs/security.md, "Passwords"). */
  passwordChange: {
    currentRequired: 'Please enter your current password.',
    currentWrong: 'The current password is wrong.',
    samePassword: 'The new password must differ from the current one.',
    langInvalid: 'The language (lang) is en or fr.',
    changed: 'Password changed. Your other sessions have been signed out.',
  },
  signUp: {
    sendCode: 'Send Code',
    signUp: 'Sign Up',
    logIn: 'Log in',
    changeEmail: 'Change the email',
    firstNameRequired: 'Please fill first name field.',
    lastNameRequired: 'Please fill last name field.',
    passwordRequired: 'Please fill password field.',
    confirmRequired: 'Please fill comfirm password field.',
    passwordsMismatch: 'Passwords do not match.',
    emailRequired: 'Please fill email field.',
    phoneOtpSendFailed: 'Error while sending the OTP via WhatsApp.',
    phoneOtpWrong: 'The OTP code for the phone is incorrect.',
    emailOtpSendFailed: 'Error while sending the OTP to the email.',
    emailOtpWrong: 'The OTP code for the email is incorrect.',
    failed: 'Error during sign-up.',
    alreadyRegistered: 'This number is already registred, please log in.',
  },
  wall: {
    newMessage: 'New Message',
    general: 'General',
    notRegistered: 'non inscris',
    me: 'Me',
    you: 'You',
    readMore: 'Read more...',
    less: 'Less',
    comment: 'Comment',
    share: 'Share',
    copy: 'Copy',
    resend: 'Resend',
    /** 'first - last of total' */
    paging: (first: number, last: number, total: number) => `${first} - ${last} of ${total}`,
    /** '+ N' after the two inline recipients. */
    moreRecipients: (count: number) => `+ ${count}`,
    /** 'You don't have any Post', ' on {folder}' or ' with {contact}'. */
    empty: (scope?: { folder: string } | { contact: string }) =>
      `You don't have any Post${scopeSuffix(scope, ' on ', ' with ')}`,
    /** The empty search result, in French: ' sur {folder}' or ' avec {contact}'. */
    emptySearch: (scope?: { folder: string } | { contact: string }) =>
      `Aucun message ne correspond à votre recherche${scopeSuffix(scope, ' sur ', ' avec ')}`,
  },
  discussion: {
    placeholderDesktop: 'Type a message...',
    placeholderMobile: 'Message...',
    cannotSend: "You can't send a message because you are not a member of this shared folder.",
  },
  message: {
    empty: 'The message is empty',
    noContact: 'No contact is selected',
    failedToSend: 'Failed to send',
    /** Ours, not the original product's (docs/security.md, "Recipients"). */
    notContacts: 'You can only send to your contacts and your folders.',
    /** A partner names someone they may not see (docs/organisation.md, "The directory"). */
    notVisibleToPartner:
      'As a partner, you can only send to the administrators and the people you already share a post or a folder with.',
    /** Ours (docs/security.md, "Recipients"). */
    tooManyRecipients: (max: number) => `A post can go to at most ${max} people.`,
  },
  contact: {
    modalTitle: 'Save a new contact !',
    addButton: 'Add a contact',
    nameRequired: '/!\\ Enter a name, please',
    phoneRequired: 'Please provide a phone number',
    formatIncorrect: 'Format is incorrect.',
    saveFailed: 'The number could not be registered',
  },
  folder: {
    modalTitle: 'Create a new shared folder',
    createButton: 'Create a folder',
    leave: 'Left folder',
    addParticipantsTitle: 'Add participants',
    add: 'Add',
    nameRequired: '/!\\ Enter the name of the folder, please',
    noContact: 'No contact is selected',
    yes: 'Yes',
    no: 'No',
    confirmRemove: (contact: string, folder: string) =>
      `Remove ${contact} from the ${folder} folder?`,
    addedToGroup: (name: string) => `You have just been added to the group ${name}`,
    /** Ours, not the original product's (docs/security.md, "Recipients"). */
    notContacts: 'You can only add your contacts to a folder.',
    /** A partner adds someone they may not see (docs/organisation.md, "The directory"). */
    notVisibleToPartner:
      'As a partner, you can only add the administrators and the people you already share a post or a folder with.',
    /** Ours (docs/security.md, "Recipients"). */
    tooManyMembers: (max: number) => `A folder can have at most ${max} members.`,
  },
  poll: {
    titleRequired: 'Le titre est requis.',
    questionTextRequired: 'Le texte de la question est requis.',
    /** The original product names a 'no question' error without giving its text. */
    noQuestion: 'At least one question is required.',
    noAnswer: 'Each question needs at least one possible answer.',
    noCorrectAnswer: 'Each question needs at least one correct answer.',
    pointsRequired: 'Points are required and must be 0 or more.',
    pointsTooHigh: `Points are at most ${maxQuestionPoints}.`,
    recording: 'Enregistrement en cours...',
    eliminatory: '(Éliminatoire)',
    submit: 'Valider le QCM',
    grade: (percent: number) => `Votre note : ${percent}%`,
    resultsHeading: (count: number) => `Résultats des participants (${count})`,
    participantColumn: 'Nom du participant',
    gradeColumn: 'Note (%)',
    noResults: 'Aucun résultat disponible pour ce sondage.',
    correctionFor: (participant: string) => `Correction pour ${participant}`,
    noResponse: 'Aucune réponse enregistrée pour ce poll',
  },
  /** The organisation: the closed space and the administrators' calls. Ours (docs/organisation.md). */
  organisation: {
    /** A sign-up step refused in a closed space (code `not_invited`). */
    notInvited: 'This space is for invited members only. Ask your administrator for an invitation.',
    adminsOnly: 'This is for administrators only.',
    cannotDemoteSelf: 'You cannot take away your own administrator role.',
    cannotDemoteConfigured:
      "This administrator is set by the server's configuration and cannot be made a member.",
    noSuchMember: 'No member has this phone number.',
    noSuchInvitation: 'No invitation is pending for this phone number.',
    domainWithAt: "Write a domain without '@', like example.com.",
    domainShape: 'A domain looks like example.com.',
    /** Sign-in, a code or a reset for a deactivated account (code `deactivated`). */
    deactivated: 'This account has been deactivated. Contact your administrator.',
    cannotDeactivateSelf: 'You cannot deactivate your own account.',
    cannotDeactivateConfigured:
      "This administrator is set by the server's configuration and cannot be deactivated.",
    /** A post whose every recipient is deactivated. */
    recipientsDeactivated:
      'Every person this post is addressed to has been deactivated: it would reach nobody.',
    /** Not every realtime node confirmed a deactivation in time; calling again finishes it. */
    /** A CSV line's refusals (docs/organisation.md, "Invitations"). */
    csvAlreadyMember: 'This phone already has an account.',
    csvDuplicate: 'This phone is on an earlier line of the file.',
    csvInvalidPhone: 'This is not a phone number of an accepted country.',
    deactivationUnconfirmed:
      'The account is deactivated, but not every server confirmed that its connections are closed. Try again in a moment.',
  },
  /** Profiles' field messages (docs/organisation.md, "Profiles"). Ours. */
  profile: {
    nameEmpty: 'A name cannot be empty.',
    titleTooLong: 'A title is at most 100 characters.',
    teamTooLong: 'A team is at most 100 characters.',
    siteTooLong: 'A site is at most 100 characters.',
    kindInvalid: "A member's kind is 'employee' or 'partner'.",
    languageInvalid: "The language is 'en' or 'fr'.",
    /** `photoFileName` names no upload of this person (docs/organisation.md, "Photos"). */
    noSuchUpload: 'No such upload: send the file to POST /api/upload/image first.',
    notYourUpload: 'This upload is not yours: a photo is one you uploaded yourself.',
    notAnImage: 'A photo is an image uploaded to POST /api/upload/image.',
    unreadablePhoto: 'This image cannot be read.',
    noSuchPhoto: 'No such photo.',
  },
  /** Announcements' refusals (docs/announcements.md). Ours. */
  announcement: {
    reachesNobody: 'This announcement would reach nobody.',
    tooManyRecipients: (max: number) => `An announcement reaches at most ${max} people.`,
    noSuchAnnouncement: 'No such announcement.',
    noSuchFolder: 'No such folder.',
  },
  /** A file named in a conversation that its author may not read (docs/files.md). */
  noSuchFile: 'No such file among your conversations.',
  /** The answers of POST /api/user that the original clients read. */
  api: {
    saved: 'Objet enregistré !',
    alreadySaved: 'Objet dejà enregistré !',
    /** A database outage, on a call or an event (docs/operations.md, "Database outages"). */
    unavailable: 'The service is unavailable for a moment. Please try again.',
    /** A socket whose session ended meanwhile (docs/security.md, "Sessions"). */
    sessionEnded: 'Your session has ended. Please sign in again.',
  },
} as const

function scopeSuffix(
  scope: { folder: string } | { contact: string } | undefined,
  onFolder: string,
  withContact: string,
): string {
  if (scope === undefined) return ''
  return 'folder' in scope ? `${onFolder}${scope.folder}` : `${withContact}${scope.contact}`
}
