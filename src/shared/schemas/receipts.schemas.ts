import { z } from 'zod';
import { RECEIPT_KINDS, type ReceiptKind } from '../domain/receipts';
import { messages } from '../messages';

/** One receipt as /profile lists it (issue 51). Amounts are integer cents. */
export interface ReceiptDto {
  id: string;
  number: string;
  kind: ReceiptKind;
  task_id: string | null;
  task_title: string;
  expert_name: string;
  amount: number;
  platform_fee: number;
  created_at: string;
}

export const receiptDtoSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    kind: z.enum(RECEIPT_KINDS),
    task_id: z.string().nullable(),
    task_title: z.string(),
    expert_name: z.string(),
    amount: z.number().int(),
    platform_fee: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'Receipt' });

const invalid = messages.common.invalidRequest;

/** GET /me/receipts: a page of receipts, newest first; `before` is the last id of the previous page. */
export const listReceiptsQuerySchema = z.object({
  limit: z.coerce.number({ error: invalid }).int(invalid).min(1, invalid).max(100, invalid).default(50),
  before: z.uuid({ error: invalid }).optional(),
});
export type ListReceiptsQuery = z.infer<typeof listReceiptsQuerySchema>;
