/** Texts of the paymentNotifications section of the messages catalogue (see ../messages.ts). */
export const paymentNotificationsMessages = {
  authorizedTitle: 'Payment authorized',
  authorizedMessage:
    'The client authorized payment of {amount} for "{title}". You can accept the assignment and start work.',
  assignmentConfirmedTitle: 'Assignment confirmed',
  assignmentConfirmedMessage:
    'Your payment hold of {amount} for "{title}" is in place. The expert can now start work.',
  capturedTitle: 'Payment captured',
  capturedMessage: 'Payment of {amount} for "{title}" was captured and released to you.',
} as const;
