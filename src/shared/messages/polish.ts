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
} as const;
