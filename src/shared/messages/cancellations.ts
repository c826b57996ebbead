/** Texts of the cancellation policy (issue 50, docs/decisions/0460): reasons, quotes, the policy page. */
export const cancellationsMessages = {
  // The reasons a cancel names (CANCEL_REASONS in domain/cancellation-policy.ts).
  reasonPlansChanged: 'My plans changed',
  reasonFoundElsewhere: 'I found another way to get it done',
  reasonScheduleConflict: 'We could not agree on a time',
  reasonNoAccess: 'The place cannot be visited',
  reasonExpertUnavailable: 'I am no longer available',
  reasonExpertUnwell: 'I am ill or had an emergency',
  reasonOther: 'Another reason',
  reasonNotGiven: 'No reason given',
  reasonRequired: 'Choose a reason for cancelling',
  reasonInvalid: 'Choose one of the listed reasons',
  noteTooLong: 'The note can be at most 500 characters',
  noteRequiredForOther: 'Say in a few words why you are cancelling',
  // The quote's rule, as the dialog and the timeline state it.
  ruleNoHold: 'No payment is held, so cancelling costs nothing.',
  ruleAfterHire: 'You hired within the last {freeAfterHire}: cancelling is free and the whole hold is released.',
  ruleNoAppointment: 'No visit time is agreed yet: cancelling is free and the whole hold is released.',
  ruleBeforeWindow: 'The agreed visit starts more than {freeHours} from now: cancelling is free and the whole hold is released.',
  ruleLate:
    'The agreed visit starts in less than {freeHours}: the expert receives a call-out fee of {fee}, the rest of the hold ({released}) is released.',
  ruleExpert: 'The expert cancels: the client pays nothing, the hold is released and the task reopens for the other applicants.',
  // The dialogs.
  clientDialogTitle: 'Cancel this task?',
  expertDialogTitle: 'Cancel your booking?',
  expertDialogText:
    'The client is told at once, the payment hold is released and the task reopens for the other applicants. Cancelling after hiring counts on your record.',
  feeLine: 'Call-out fee charged: {fee} (the expert receives {expert}, platform fee {platform})',
  releasedLine: 'Released back to the card: {released}',
  freeLine: 'Free: nothing is charged.',
  quoteLoading: 'Working out what cancelling costs...',
  quoteFailed: 'Could not work out what cancelling costs. Try again.',
  reasonLabel: 'Reason',
  noteLabel: 'Anything to add (optional)',
  confirmClient: 'Cancel task',
  confirmClientWithFee: 'Cancel and pay {fee}',
  confirmExpert: 'Cancel my booking',
  keep: 'Keep it',
  policyLink: 'Cancellation policy',
  // The server's answers.
  expertCancelled: 'You cancelled the booking. The client has been told and the task is open again.',
  expertCancelledHoldFailed:
    'You cancelled the booking, but the payment hold could not be released yet. It will be retried automatically.',
  cancelledWithFee: 'Task cancelled. A call-out fee of {fee} is charged and the rest of the hold is released.',
  feeChanged: 'What cancelling costs has changed (now {fee}). Check the new amount and cancel again.',
  expectedFeeInvalid: 'The expected fee must be whole cents',
  onlyAssignedExpertCanCancel: 'Only the hired expert can cancel this booking',
  // Notifications.
  expertCancelledTitle: 'The expert cancelled',
  expertCancelledMessage:
    'The expert cancelled "{title}" ({reason}). The payment hold is released and your other applicants can be hired at once.',
  calloutFeeTitle: 'Call-out fee',
  calloutFeeMessage: 'The client cancelled "{title}" late ({reason}). You receive a call-out fee of {amount}.',
  // The task page's timeline.
  timelineTitle: 'Cancellations',
  timelineClient: 'Cancelled by the client',
  timelineExpert: 'Cancelled by the expert',
  timelineAdmin: 'Cancelled by an admin',
  timelineFee: 'call-out fee {fee}',
  // The policy page.
  pageTitle: 'Cancellation policy',
  pageIntro: 'What cancelling a booked task costs, for clients and experts. The numbers below are the ones in force today.',
  pageFreeHeading: 'Free cancellation',
  pageFreeItems: [
    'before a visit time is agreed;',
    'more than {freeHours} before the agreed start of the visit;',
    'within {freeAfterHire} of hiring the expert.',
  ],
  pageFreeResult: 'The whole payment hold on your card is released.',
  pageLateHeading: 'Late cancellation',
  pageLateText:
    'Inside {freeHours} of the agreed start, the expert receives a call-out fee: {calloutPercent}% of the agreed price, at least {calloutMin}, never more than the price. It is taken from the existing hold and the rest is released. The platform fee ({fee}%) applies to the call-out fee as to any payment.',
  pageExpertHeading: 'When the expert cancels',
  pageExpertText:
    'You pay nothing: the hold is released, you are told at once, and the task is open again with your other applicants still there, so you can hire one of them straight away.',
  pageReasonHeading: 'Reasons',
  pageReasonText: 'Every cancellation names a reason, which both sides see on the task page.',
  // Admin settings.
  settingsTitle: 'Cancellation policy',
  freeHoursLabel: 'Free until this many hours before the agreed start',
  freeMinutesLabel: 'Free for this many minutes after hiring',
  calloutPercentLabel: 'Call-out fee (% of the price)',
  calloutMinLabel: 'Minimum call-out fee (cents)',
  freeHoursInvalid: 'The free window must be a whole number of hours from 0 to 168',
  freeMinutesInvalid: 'The free period must be a whole number of minutes from 0 to 1440',
  calloutPercentInvalid: 'The call-out fee must be a whole percent from 0 to 100',
  calloutMinInvalid: 'The minimum call-out fee must be whole cents from 0 to 100000',
  settingsSaved: 'Cancellation policy saved',
  settingsSave: 'Save Cancellation Policy',
} as const;
