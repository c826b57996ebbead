/**
 * Issue 51: a receipt for every movement of the client's money (docs/decisions/0468). A capture of
 * the whole hold is a payment, a capture of part of it (a call-out fee, a dispute's partial
 * release) a partial payment; a refund gives money back; a tip is its own payment.
 */
export const RECEIPT_KINDS = ['payment', 'partial_payment', 'refund', 'tip'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** The number printed on the receipt: stable, short and quotable to support. */
export function receiptNumber(receipt: { id: string; created_at: Date | string }): string {
  const year = new Date(receipt.created_at).getUTCFullYear();
  return `R-${year}-${receipt.id.replace(/-/g, '').slice(0, 10).toUpperCase()}`;
}
