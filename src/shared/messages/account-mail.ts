/** Texts of password reset, email change and notification delivery (issue 19; see ../messages.ts). */
export const accountMailMessages = {
  forgotPasswordLink: 'Forgot password?',
  forgotPasswordTitle: 'Reset your password',
  forgotPasswordIntro: 'Enter the email address of your account and we will send you a link to choose a new password.',
  /** Said whether or not the address has an account, so the answer never reveals one. */
  resetLinkSent: 'If an account exists for this email address, we have sent a link to reset your password. The link expires in 1 hour.',
  sendResetLink: 'Send reset link',
  backToLogin: 'Back to log in',
  newPasswordTitle: 'Choose a new password',
  newPasswordLabel: 'New password',
  confirmNewPasswordLabel: 'Confirm new password',
  savePassword: 'Save new password',
  passwordResetDone: 'Your password has been changed. Log in with your new password.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  changeEmailTitle: 'Change email address',
  changeEmailIntro: 'We send a confirmation to your current address first, then a link to the new one.',
  newEmailLabel: 'New email address',
  changeEmailSubmit: 'Change email',
  changeEmailSent: 'Check your current email inbox to approve the change.',
} as const;
