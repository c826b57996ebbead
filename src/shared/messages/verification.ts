/** Texts of the verification section of the messages catalogue (see ../messages.ts). */
export const verificationMessages = {
  initiateFailed: 'Failed to initiate verification',
  updateStatusFailed: 'Failed to update verification status',
  internalError: 'Internal error',
  submitFailed: 'Failed to submit verification',
  expertProfileRequired:
    'You need to create an expert profile first. Complete the expert application to request verification.',
  moreBadges: '+{count} more',
  // Live results of a verification request (spec 002: approved and rejected show a toast).
  resultApproved: 'Your verification request was approved.',
  resultRejected: 'Your verification request was rejected.',
} as const;
