import { BRAND_NAME } from '../brand';

/**
 * Texts of issue 25 (what a first user still tripped over): the fee and share stated from the setting in
 * force ({fee} and {share} are percents as percentText writes them), singular forms, and the maintenance notice.
 */
export const polishMessages = {
  consentIntroFee: `${BRAND_NAME} acts as the expert's limited payment collection agent. Your card is authorized now and charged only after you confirm the evidence. The platform keeps a {fee}% fee and the expert receives {share}%.`,
  lpcaFee: `By accepting, you appoint ${BRAND_NAME} as your limited payment collection agent (LPCA). ${BRAND_NAME} collects payments from clients on your behalf through its card payment provider, keeps a platform fee of {fee}% and transfers the remaining {share}% to your connected payment account.`,
  paymentsTabFee: `Clients pay through the card payment provider used by ${BRAND_NAME}, which keeps a {fee}% platform fee; your {share}% share is transferred to your connected account.`,
  termsFee: `${BRAND_NAME} acts as the expert's limited payment-collection agent: it collects the payment, deducts a platform fee of {fee}% and transfers {share}% to the expert. It never holds funds beyond that role.`,
  nextInProgress: 'The expert is working on your task. You will review the evidence before the payment is captured.',
  nextReviewEvidence:
    'The evidence is ready. Confirm & Pay if it meets your requirements, or reject it. Your card is charged only when you confirm.',
  nextDisputedClient:
    'The evidence is under dispute. The expert can send new evidence once or accept the rejection; otherwise an admin decides. Your card is not charged meanwhile.',
  nextCapturedReviewed: 'Payment has been captured and released to the expert. Thank you for your review.',
  nextCancelled: 'This task was cancelled. Nothing was charged to your card.',
  evidenceDisputed: 'Under dispute',
  evidenceRejected: 'Rejected',
  notificationSentOne: 'Notification sent to 1 user',
  maintenanceEnded: 'Maintenance is over. Welcome back!',
  roleTitle: 'Your role',
  roleExpertNow: 'You work as an expert. You can go back to being a client when no task of yours is in progress.',
  roleClientNow: 'You post tasks as a client. Become an expert through the expert application.',
  roleFormerExpert: 'Your expert application is on file. You can work as an expert again at any time.',
  roleSwitchToClient: 'Switch to client',
  roleSwitchToExpert: 'Work as an expert again',
  roleApply: 'Apply to become an expert',
  roleSwitchedToClient: 'You are now a client. Your expert profile is kept.',
  roleSwitchedToExpert: 'You are an expert again.',
  roleSwitchFailed: 'Failed to change your role',
  roleTaskInFlight: 'Finish your tasks in progress before switching to client.',
  roleApplicationNeeded: 'Complete the expert application to become an expert.',
} as const;
