import { Hono } from 'hono';
import { receiptNumber } from '@shared/domain/receipts';
import { messages } from '@shared/messages';
import { idSchema } from '@shared/schemas/common.schemas';
import { listReceiptsQuerySchema, type ReceiptDto } from '@shared/schemas/receipts.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { queryParams } from '../../http/validation';
import { notFound } from '../../lib/errors';
import { rolesOf } from '../profiles/profiles.repository';
import { renderReceiptPdf } from './receipt-pdf';
import { billedTo, findReceipt, listReceiptsOf, type ReceiptRow } from './receipts.repository';

const text = messages.receipts;

export const toReceiptDto = (row: ReceiptRow): ReceiptDto => ({
  id: row.id,
  number: receiptNumber(row),
  kind: row.kind,
  task_id: row.task_id,
  task_title: row.task_title,
  expert_name: row.expert_name,
  amount: row.amount,
  platform_fee: row.platform_fee,
  created_at: row.created_at.toISOString(),
});

/**
 * Issue 51 (decision 0468), mounted under /api:
 * GET /me/receipts          the caller's receipts, newest first
 * GET /receipts/:id/pdf     one receipt as a PDF, for the client it was issued to (or an admin); 404 for anyone else
 */
export function receiptsRoutes(deps: AppDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .get('/me/receipts', async (c) => {
      const user = requireUser(c);
      const query = queryParams(c, listReceiptsQuerySchema);
      const cursor = query.before ? await findReceipt(db, query.before) : undefined;
      const rows = await listReceiptsOf(db, {
        clientId: user.id,
        limit: query.limit,
        before: cursor && cursor.client_id === user.id ? { created_at: cursor.created_at, id: cursor.id } : undefined,
      });
      c.header('Cache-Control', 'no-store');
      return c.json({ receipts: rows.map(toReceiptDto) });
    })
    .get('/receipts/:id/pdf', async (c) => {
      const user = requireUser(c);
      const id = idSchema.safeParse(c.req.param('id'));
      const receipt = id.success ? await findReceipt(db, id.data) : undefined;
      // Someone else's receipt answers like a missing one: its existence is the client's business.
      if (!receipt || (receipt.client_id !== user.id && !(await rolesOf(db, user.id)).isAdmin)) throw notFound(text.notFound);
      const pdf = await renderReceiptPdf(receipt, await billedTo(db, receipt.client_id));
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="receipt-${receiptNumber(receipt)}.pdf"`,
        'Cache-Control': 'private, no-store',
      });
    });
}
