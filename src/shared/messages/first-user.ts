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
} as const;
