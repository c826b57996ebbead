/** Issue 51: receipts for clients (docs/decisions/0468). */
export const receiptsMessages = {
  // The notification (and its email) for the client.
  issuedTitle: 'Your receipt',
  issuedPayment: 'You paid {amount} for "{title}". Your receipt {number} is ready.',
  issuedPartial: 'You paid {amount} of your hold for "{title}". Your receipt {number} is ready.',
  issuedRefund: '{amount} for "{title}" is on its way back to your card. Your receipt {number} is ready.',
  issuedTip: 'You tipped {amount} for "{title}". Your receipt {number} is ready.',
  // The Receipts tab on /profile.
  tabTitle: 'Receipts',
  tabDescription: 'A receipt for every payment, partial payment, refund and tip, to download as a PDF.',
  empty: 'No receipts yet. One appears here whenever your card is charged or refunded.',
  loadFailed: 'Failed to load receipts: {msg}',
  download: 'Download PDF',
  downloadFor: 'Download receipt {number} (PDF)',
  // Kinds, as a list and on the PDF.
  kindPayment: 'Payment',
  kindPartialPayment: 'Partial payment',
  kindRefund: 'Refund',
  kindTip: 'Tip',
  // The PDF.
  pdfTitle: 'Receipt',
  pdfNumber: 'Receipt number: {number}',
  pdfDate: 'Date: {date}',
  pdfBilledTo: 'Billed to: {name} ({email})',
  pdfTask: 'Task: {title}',
  pdfExpert: 'Expert: {name}',
  pdfKind: 'Type: {kind}',
  pdfAmount: 'Amount: {amount}',
  pdfRefundAmount: 'Amount refunded to your card: {amount}',
  pdfPlatformFee: 'Of which platform fee: {amount}',
  pdfPlatformFeeRefund: 'Of which platform fee given back: {amount}',
  pdfExpertShare: 'Of which to the expert: {amount}',
  pdfNoFee: 'No platform fee: the whole tip goes to the expert.',
  pdfFooter: 'Charged by the payment provider on behalf of {brand}. Keep this receipt for your records.',
  notFound: 'Receipt not found',
} as const;
