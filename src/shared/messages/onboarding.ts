/** Texts of the onboarding section of the messages catalogue (see ../messages.ts). */
export const onboardingMessages = {
  failed: 'Failed to complete onboarding. Please try again.',
  roleChangeLater: 'You can change your role later in profile settings.',
} as const;
