import { formatUsd } from '@shared/domain/money';
import type { AdminTransactionsQuery } from '@shared/schemas/admin.schemas';
import type { Db } from '../../db/client';
import { toCsv } from '../admin/reports-csv';
import { listAdminTransactions } from './transactions.repository';

/** The most rows one export holds; a wider range is narrowed with the status filter or the search. */
export const TRANSACTIONS_EXPORT_MAX = 10_000;

const money = (cents: number | null) => (cents === null ? '' : formatUsd(cents));

/**
 * The admin transactions as CSV (issue 51): the same rows as the tab, newest first, with the rate
 * agreed by counter-offer, the approved price changes, the client's tip (its own charge: no platform
 * fee, so it is not revenue) and the expert's payout of the charge, as the provider reported it.
 */
export async function transactionsCsv(db: Db, query: Pick<AdminTransactionsQuery, 'status' | 'search'>): Promise<string> {
  const { rows } = await listAdminTransactions(db, { ...query, page: 1, pageSize: TRANSACTIONS_EXPORT_MAX });
  return toCsv([
    [
      'Transaction ID',
      'Created (UTC)',
      'Task ID',
      'Task',
      'Client',
      'Expert',
      'Status',
      'Amount',
      'Platform fee',
      'Fee %',
      'Agreed by counter-offer',
      'Price changes',
      'Tip',
      'Payout status',
      'Payout arrival',
    ],
    ...rows.map((row) => [
      row.id,
      row.created_at.toISOString(),
      row.task_id,
      row.task_title ?? '',
      row.client_name ?? '',
      row.expert_name ?? '',
      row.status,
      money(row.amount),
      money(row.platform_fee),
      String(Number(row.platform_fee_percent)),
      money(row.offer_amount),
      row.price_changes.map((change) => `${money(change.from)} -> ${money(change.to)}`).join('; '),
      money(row.tip_amount),
      row.payout_status ?? '',
      row.payout_arrival ?? '',
    ]),
  ]);
}
