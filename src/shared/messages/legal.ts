/** Texts of the legal section of the messages catalogue (see ../messages.ts). */
export const legalMessages = {
  privacyTitle: 'Privacy Policy',
  termsTitle: 'Terms of Service',
  supportTitle: 'Support',
  supportText: 'Questions about a task, a payment or your account? Write to us and we will get back to you.',
  supportNoEmail: 'Contact support from your dashboard and we will get back to you.',
  loadFailed: 'Failed to load this page. Please try again.',
  backHome: 'Back to home',
  defaultFooter: 'Remote inspections and verifications by verified local experts.',
} as const;
