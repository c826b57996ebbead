/** Texts of the paymentSetup section of the messages catalogue (see ../messages.ts). */
import { BRAND_NAME } from '../brand';

export const paymentSetupMessages = {
  createAccountFailed: 'Failed to create payment account. Please try again.',
  createStripeAccountFailed: 'Failed to create Stripe account. Please try again.',
  refreshLinkFailed: 'Failed to refresh onboarding link. Please try again.',
  expertProfileNotFound: 'Expert profile not found',
  linkGenerationFailed: 'Unable to generate payment setup link. Please contact an administrator.',
  accessFailed: 'Unable to access payment setup. Please contact an administrator.',
  noAccount: 'No payment account found. Please contact an administrator.',
  mustCompleteFirst:
    'Payment setup must be completed first. Please finish setting up your payment account to continue.',
  completed: 'Payment setup completed successfully!',
  completeSetup: 'Please complete your payment provider account setup to receive payments.',
  returnToApp: `Please return to the ${BRAND_NAME} app to see your payment setup status.`,
  /** The native shell's variant: the web fills in {brand} at run time. */
  returnToBrandApp: "Please return to the {brand} app to see your payment setup status.",
} as const;
