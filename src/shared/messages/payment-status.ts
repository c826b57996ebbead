/** Texts of the paymentStatus section of the messages catalogue (see ../messages.ts). */
export const paymentStatusMessages = {
  unpaid: 'Awaiting Payment Authorization',
  pending: 'Expert Assigned - Payment Pending',
  authorized: 'Payment Authorized',
  captured: 'Payment Captured',
} as const;
