/**
 * Texts of issue 52 (what a careful first user still trips over). Our own wording, not the
 * specification's: the spec has no text for these moments.
 */
export const firstUserMessages = {
  /** The log-in card right after sign-up or the email confirmation: a new user is not "back". */
  newAccountTitle: 'Welcome!',
  newAccountSubtitle: 'Log in to your new account to get started.',
  /** The profile header during a new account's first day (the spec's header says "Welcome back"). */
  profileWelcomeNew: 'Welcome, {name}!',
  /** Where a client finds the places they wait for (the page /waitlist). */
  seeWaitlist: 'See my waitlist',
  directoryWaitlistHint:
    'No expert serves this place yet? Post your task for it and join the waitlist: we tell you as soon as an expert does.',
  /** Account deletion asks once more before it runs. */
  deleteConfirmTitle: 'Delete your account for good?',
  deleteConfirmText:
    'Your name, email, photo and files are erased and you cannot sign in again. This cannot be undone.',
  deleteConfirm: 'Yes, delete my account',
  deleteKeep: 'Keep my account',
  deleting: 'Deleting…',
  /** The admin Users tab: an account's state, the action that fits it, and the table's name. */
  accountSuspended: 'Suspended',
  accountDeleted: 'Deleted',
  liftSuspension: 'Lift suspension',
  usersTable: 'User list',
  /** The expert's evidence inputs: each item takes its own kind of file, and a chosen file can go. */
  photoInVideoSlot: '{name} is a photo. {label} asks for a video.',
  videoInPhotoSlot: '{name} is a video. {label} asks for a photo.',
  removeFile: 'Remove {name}',
  chosenFor: 'Chosen for {label}',
  fileChosenOne: '{count} file chosen',
  filesChosen: '{count} files chosen',
  /** The report verify page says which report it checks. */
  reportChecks: 'This page checks the inspection report for "{title}".',
  reportExpert: 'Expert: {name}',
  /** Counts written with their nouns (src/shared/plural.ts). */
  auditSentOne: 'Sent "{title}" to {count} user',
  auditSent: 'Sent "{title}" to {count} users',
  reconciliationRunOne: '{count} payment checked',
  reconciliationRun: '{count} payments checked',
  reconciliationDriftOne: '{count} difference found',
  reconciliationDrift: '{count} differences found',
} as const;
