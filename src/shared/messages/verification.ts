/** Texts of the verification section of the messages catalogue (see ../messages.ts). */
export const verificationMessages = {
  initiateFailed: 'Failed to initiate verification',
  updateStatusFailed: 'Failed to update verification status',
  internalError: 'Internal error',
  submitFailed: 'Failed to submit verification',
  expertProfileRequired:
    'You need to create an expert profile first. Complete the expert application to request verification.',
  moreBadges: '+{count} more',
  communityTrustName: 'Community Trusted',
  communityTrustDescription: '5+ completed tasks with 4.0+ average rating',
  backgroundCheckName: 'Background Checked',
  backgroundCheckDescription: 'Identity and background checked by our verification partner',
  alreadyBackgroundVerified: 'Your background check is already complete',
  communityTrustNotYet: 'Community trust is granted automatically at 5 positive reviews with a 4.0+ average rating',
  notYourProfile: 'You can only request verification for your own expert profile',
  approvedTitle: 'Background Check Approved',
  approved: 'Your background check was approved. The badge now shows on your public profile.',
  rejectedTitle: 'Background Check Not Approved',
  rejected: 'Your background check was not approved. You can start a new check from your profile.',
  communityTrustedTitle: 'Community Trusted',
  communityTrusted: 'You earned the Community Trusted badge: 5 positive reviews with a 4.0+ average rating.',
  startBackgroundCheck: 'Start background check',
  // Live results of a verification request (spec 002: approved and rejected show a toast).
  resultApproved: 'Your verification request was approved.',
  resultRejected: 'Your verification request was rejected.',
} as const;
