import { Hono } from 'hono';
import { adminTransactionsQuerySchema } from '@shared/schemas/admin.schemas';
import type { AdminTransactionDto, Paged } from '@shared/schemas/admin-dto';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../http/context';
import { queryParams } from '../../http/validation';
import { requireAdmin } from '../admin/admin-access';
import { transactionsCsv } from './transactions-csv';
import { listAdminTransactions } from './transactions.repository';

/**
 * The admin Transactions tab (mounted under /api): a page of the ledger with what issue 51 adds to
 * each row (the rate agreed by counter-offer, price changes, the tip, the expert's payout), and the
 * same rows as CSV. Its own module so that the admin module stays within its size.
 */
export function adminTransactionsRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  return new Hono<AppEnv>()
    .get('/admin/transactions', async (c) => {
      await requireAdmin(c, db);
      const query = queryParams(c, adminTransactionsQuerySchema);
      const { rows, total } = await listAdminTransactions(db, query);
      const list: AdminTransactionDto[] = rows.map((row) => ({
        ...row,
        platform_fee_percent: Number(row.platform_fee_percent),
        created_at: row.created_at.toISOString(),
      }));
      return c.json({ rows: list, total, page: query.page, pageSize: query.pageSize } satisfies Paged<AdminTransactionDto>);
    })
    // Issue 51: the same rows as CSV, with counter-offers, price changes, tips and payouts.
    .get('/admin/transactions/export', async (c) => {
      await requireAdmin(c, db);
      const { status, search } = queryParams(c, adminTransactionsQuerySchema);
      const csv = await transactionsCsv(db, { status, search });
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="transactions-${clock.now().toISOString().slice(0, 10)}.csv"`);
      c.header('Cache-Control', 'no-store');
      return c.body(csv);
    });
}
