/** Texts of operations: payment retries that need no person and the admin System tab (issue 21). */
export const operationsMessages = {
  retryFailingTitle: 'A payment keeps failing',
  /** The payment reconciler found a difference it cannot repair (decision 0440). */
  driftTitle: 'A payment does not match the provider',
  driftMessage: 'The payment of "{title}" needs a look: {detail}',
  reconciliationTitle: 'Payment reconciliation',
  reconciliationNever: 'The reconciler has not run yet.',
  reconciliationClean: 'Every payment in flight matches the provider.',
  retryFailingMessage:
    'The {action} for "{title}" has failed {attempts} times ({error}). It is retried automatically until {deadline}; see Admin > System.',
  retryGaveUpTitle: 'A payment could not be completed',
  retryGaveUpMessage: 'The {action} for "{title}" failed {attempts} times and is no longer retried ({error}). See Admin > System.',
  actionCapture: 'payment capture',
  actionVoid: 'release of the payment hold',
  actionRefund: 'refund',
  refundRetrying: 'A refund of this payment failed and is being retried: see Admin > System.',
  jobNotFound: 'This job was not found.',
  jobNotFailed: 'This job has not failed: it is done or still being retried.',
} as const;
