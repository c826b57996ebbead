import { PDFDocument, StandardFonts } from 'pdf-lib';
import { BRAND_NAME } from '@shared/brand';
import { formatUsd } from '@shared/domain/money';
import { receiptNumber, type ReceiptKind } from '@shared/domain/receipts';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { Writer } from '../documents/pdf-writer';
import type { ReceiptRow } from './receipts.repository';

const text = messages.receipts;

export const RECEIPT_KIND_LABELS: Record<ReceiptKind, string> = {
  payment: text.kindPayment,
  partial_payment: text.kindPartialPayment,
  refund: text.kindRefund,
  tip: text.kindTip,
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (value: number) => String(value).padStart(2, '0');

/** "Dec 6, 2026, 13:45 UTC": the same on every server, in the PDF's standard font (no narrow spaces). */
export function receiptDate(at: Date): string {
  return `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}, ${at.getUTCFullYear()}, ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())} UTC`;
}

/**
 * One receipt as a PDF: the task, the expert, the amount, the platform fee and the date (issue 51).
 * The expert's share is what is left after the fee; a tip carries no fee; a refund says what comes
 * back, fee included.
 */
export async function renderReceiptPdf(receipt: ReceiptRow, billed: { name: string; email: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const number = receiptNumber(receipt);
  doc.setTitle(`${text.pdfTitle} ${number}`);
  doc.setProducer(BRAND_NAME);
  // A fixed creation date: the same receipt renders to the same bytes whenever it is downloaded.
  doc.setCreationDate(receipt.created_at);
  doc.setModificationDate(receipt.created_at);
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  w.text(BRAND_NAME, { size: 12, bold: true });
  w.text(text.pdfTitle, { size: 20, bold: true });
  w.gap();
  w.text(format(text.pdfNumber, { number }));
  w.text(format(text.pdfDate, { date: receiptDate(receipt.created_at) }));
  if (billed.name || billed.email) w.text(format(text.pdfBilledTo, { name: billed.name, email: billed.email }));
  w.gap();
  w.text(format(text.pdfTask, { title: receipt.task_title }));
  if (receipt.expert_name) w.text(format(text.pdfExpert, { name: receipt.expert_name }));
  w.text(format(text.pdfKind, { kind: RECEIPT_KIND_LABELS[receipt.kind] }));
  w.gap();
  const amount = formatUsd(receipt.amount);
  if (receipt.kind === 'refund') {
    w.text(format(text.pdfRefundAmount, { amount }), { size: 14, bold: true });
    w.text(format(text.pdfPlatformFeeRefund, { amount: formatUsd(receipt.platform_fee) }));
  } else {
    w.text(format(text.pdfAmount, { amount }), { size: 14, bold: true });
    if (receipt.kind === 'tip') w.text(text.pdfNoFee);
    else {
      w.text(format(text.pdfPlatformFee, { amount: formatUsd(receipt.platform_fee) }));
      w.text(format(text.pdfExpertShare, { amount: formatUsd(receipt.amount - receipt.platform_fee) }));
    }
  }
  w.gap(16);
  w.text(format(text.pdfFooter, { brand: BRAND_NAME }), { size: 9, color: [0.35, 0.35, 0.35] });
  return doc.save();
}
