/** Texts of hold deadlines, re-authorization, auto-release and refunds (issue 13). */
export const holdsMessages = {
  panelTitle: 'Payment and deadlines',
  expiresIn: 'Payment hold expires in {time}',
  expired: 'Payment hold expired',
  reviewEndsIn: 'Payment is released automatically in {time} unless you confirm or reject',
  reviewEndsInExpert: 'The payment is released automatically in {time} if the client does not answer',
  lapsedClient:
    'The payment hold expired before the payment was captured. Authorize the payment again to continue.',
  lapsedExpert:
    'The client’s payment hold expired before the payment was captured. The client has been asked to authorize it again.',
  reauthorizeButton: 'Authorize again',
  reauthorizeHint: 'The hold on your card expires soon. Renew it with the same card so the expert can be paid.',
  reauthorized: 'The payment was authorized again with your saved card.',
  reauthorizeNeedsDialog:
    'Your saved card could not be used again ({msg}). Please enter a card in the payment dialog.',
  reauthorizeNotAllowed: 'This payment cannot be authorized again now',
  // Re-authorization through the payment dialog, when the saved card cannot be reused (decision 0113)
  reauthorizeDialogButton: 'Authorize again with a card',
  reauthorizeDialogHint: 'The hold on your card expires soon. Authorize the payment again with a card; the earlier hold is released.',
  reauthorizedThroughDialog: 'The payment was authorized again. The earlier hold is released.',
  replacementIntentUnknown: 'This payment does not belong to a renewal of this task',
  // Notifications
  expiringTitle: 'Payment hold expires soon',
  expiringMessage: 'The payment hold for "{title}" expires in {hours} hours.',
  reauthorizeTitle: 'Please authorize the payment again',
  reauthorizeMessage:
    'The payment hold for "{title}" expires in 24 hours and the work is not confirmed yet. Authorize the payment again so the expert can be paid.',
  reauthorizedTitle: 'Payment authorized again',
  reauthorizedMessage: 'A fresh payment hold of {amount} is in place for "{title}".',
  lapsedTitle: 'Payment hold expired',
  lapsedMessage: 'The payment hold for "{title}" expired before it was captured. The client must authorize the payment again.',
  reviewReminderTitle: 'Please review the evidence',
  reviewReminderMessage:
    'The evidence for "{title}" is waiting for you. The payment is released automatically in {hours} hours unless you confirm or reject it.',
  autoReleasedTitle: 'Payment released automatically',
  autoReleasedClientMessage:
    'The review window for "{title}" ended without an answer, so the payment was released to the expert.',
  // Refunds
  refundTitle: 'Payment refunded',
  refundMessage: '{amount} of the payment for "{title}" was refunded to the client.',
  refundAmountInvalid: 'Enter an amount between $0.01 and the amount not yet refunded',
  refundNotAllowed: 'Only a captured payment can be refunded',
  refundFailed: 'The refund failed: {msg}',
  refunded: 'The refund was made.',
  refundButton: 'Refund',
  refundAmountLabel: 'Amount to refund (USD)',
  refundFull: 'Refund everything left',
  refundsHeading: 'Captured payments',
  refundsEmpty: 'No captured payments to refund.',
  reviewWindowLabel: 'Review window (hours)',
  reviewWindowInvalid: 'The review window must be a whole number of hours between 1 and 160',
  statusLabel: 'Status',
  refundedSoFar: 'Refunded',
} as const;
