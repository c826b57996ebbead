/** Texts of the landing section of the messages catalogue (see ../messages.ts). */
export const landingMessages = {
  logIn: 'Log in',
  signUp: 'Sign up',
  dashboard: 'Dashboard',
  getRealStory: 'Get the Real Story',
  becomeExpert: 'Become an Expert',
  quickTaskTitle: 'Where do you need help?',
  quickTaskText: 'Pick a place and we will start your task there.',
  quickTaskContinue: 'Continue with this location',
  accountNav: 'Account',
  legalNav: 'Legal',
  privacy: 'Privacy',
  terms: 'Terms',
  support: 'Support',
} as const;
