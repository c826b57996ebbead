/**
 * Texts of the admin overrides section of the messages catalogue (see ../messages.ts): an admin acting
 * in a client's or expert's place, always with a written reason (issue 27, docs/decisions/0210).
 */
export const adminOverridesMessages = {
  reasonRequired: 'Please give a reason for this admin action (at least 10 characters).',
  reasonTooLong: 'The reason may be at most 1,000 characters.',
  reasonLabel: 'Reason (sent to the client and the expert, kept in the audit log)',
  reasonHint: 'At least 10 characters.',
  cancelDeliveredWork:
    'The expert has delivered work on this task, so an admin cannot cancel it. Reject the evidence to open a dispute, then settle it from the Disputes tab (release, refund or split).',
  cancelDisputed:
    'This task is under dispute, so an admin cannot cancel it. Settle the dispute from the Disputes tab (release, refund or split).',
  notificationTitle: 'An admin acted on your task',
  cancelledMessage: 'An admin cancelled "{title}". Reason: {reason}',
  confirmedMessage: 'An admin confirmed the evidence of "{title}" and released the payment. Reason: {reason}',
  rejectedMessage: 'An admin rejected the evidence of "{title}" and opened a dispute. Reason: {reason}',
  assignedMessage: 'An admin assigned "{title}" to an expert. Reason: {reason}',
  cancelTitle: 'Cancel this task as an admin?',
  cancelText:
    'The task is cancelled in the client\'s place and any payment hold is released. Both parties are notified with your reason.',
  confirmTitle: 'Confirm the evidence as an admin?',
  confirmText:
    'The evidence is approved in the client\'s place and {amount} is captured for the expert. Both parties are notified with your reason.',
  rejectTitle: 'Reject the evidence as an admin?',
  rejectText:
    'A dispute opens in the client\'s place; you settle it from the Disputes tab. Both parties are notified with your reason.',
  cancelledHoldFailed:
    'Task cancelled, but the payment hold could not be released. The failed release is recorded for manual review.',
  assignTitle: 'Assign this expert as an admin?',
  assignText:
    'The expert is hired in the client\'s place at their proposed rate; the client still authorizes the payment. Both parties are notified with your reason.',
  submit: 'Confirm',
  keep: 'Keep as is',
  historyTitle: 'Admin actions',
  historyEmpty: 'No admin has acted on this task.',
  /** A refused body that was over the size limit. */
  requestTooLarge: 'The request is too large.',
} as const;
