import { formatUsd } from '@shared/domain/money';
import { receiptNumber, type ReceiptKind } from '@shared/domain/receipts';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { insertNotifications } from '../notifications/notifications.repository';
import { expertNameOf, insertReceipt, type ReceiptRow } from './receipts.repository';

const text = messages.receipts;

const NOTICE = {
  payment: text.issuedPayment,
  partial_payment: text.issuedPartial,
  refund: text.issuedRefund,
  tip: text.issuedTip,
} as const satisfies Record<ReceiptKind, string>;

export interface ReceiptFacts {
  kind: ReceiptKind;
  task: { id: string; title: string; client_id: string };
  /** The expert the money went to (or came back from); their name is printed as it is now. */
  expertId: string | null;
  amountCents: number;
  platformFeeCents: number;
  /** What made it: `capture:<intent>`, `refund:<key>`, `tip:<id>`; a second call with it does nothing. */
  sourceKey: string;
  now: Date;
}

/**
 * Issue 51 (decision 0468): the client's receipt for one movement of their money, with the
 * notification that emails it, in the caller's transaction (the one that records the movement), so
 * that a crash leaves both or neither. Idempotent by `sourceKey`: a retried capture or refund that
 * reaches the ledger again issues nothing more.
 */
export async function issueReceipt(tx: Db, facts: ReceiptFacts): Promise<ReceiptRow | undefined> {
  if (facts.amountCents <= 0) return undefined;
  const receipt = await insertReceipt(tx, {
    client_id: facts.task.client_id,
    task_id: facts.task.id,
    kind: facts.kind,
    amount: facts.amountCents,
    platform_fee: facts.platformFeeCents,
    task_title: facts.task.title,
    expert_name: await expertNameOf(tx, facts.expertId),
    source_key: facts.sourceKey,
    created_at: facts.now,
  });
  if (!receipt) return undefined;
  await insertNotifications(tx, [
    {
      user_id: receipt.client_id,
      type: 'payment_receipt',
      task_id: facts.task.id,
      title: text.issuedTitle,
      message: format(NOTICE[receipt.kind], { amount: formatUsd(receipt.amount), title: receipt.task_title, number: receiptNumber(receipt) }),
      data: { receipt_id: receipt.id, kind: receipt.kind, amount: receipt.amount },
      created_at: facts.now,
    },
  ]);
  return receipt;
}
