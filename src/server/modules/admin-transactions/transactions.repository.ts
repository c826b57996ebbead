import { aliasedTable, and, between, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminTransactionsQuery } from '@shared/schemas/admin.schemas';
import { pageOffset } from '@shared/schemas/common.schemas';
import type { Db } from '../../db/client';
import { uuidPrefixRange } from '../admin/uuid-prefix';
import { applicationOffers, expertBalanceTransactions, expertPayouts, profiles, taskApplications, taskPriceChanges, tasks, tips, transactions } from '../../db/schema';

type PriceChangeSummary = { from: number; to: number; authorization: string | null; second_intent_id: string | null };

const clients = aliasedTable(profiles, 'client');
const experts = aliasedTable(profiles, 'expert');
const fullName = (p: typeof clients) =>
  sql<string | null>`nullif(trim(coalesce(${p.first_name}, '') || ' ' || coalesce(${p.last_name}, '')), '')`;

function transactionsWhere(query: AdminTransactionsQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (query.status !== 'all') filters.push(eq(transactions.status, query.status));
  // A prefix of the id: the uuids from prefix-000… to prefix-fff…, a range the primary key's index serves.
  if (query.search) {
    const [lowest, highest] = uuidPrefixRange(query.search);
    filters.push(between(transactions.id, lowest, highest));
  }
  return filters.length ? and(...filters) : undefined;
}

/** One page of transactions, newest first, with the task's id and title, its parties, and the exact count. */
export async function listAdminTransactions(db: Db, query: AdminTransactionsQuery) {
  const where = transactionsWhere(query);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: transactions.id,
        task_id: transactions.task_id,
        task_title: tasks.title,
        client_id: tasks.client_id,
        client_name: fullName(clients),
        expert_id: tasks.expert_id,
        expert_name: fullName(experts),
        amount: transactions.amount,
        platform_fee: transactions.platform_fee,
        platform_fee_percent: transactions.platform_fee_percent,
        status: transactions.status,
        created_at: transactions.created_at,
        // Issue 51: the rate agreed by counter-offer before the hire, and the price changes after it.
        offer_amount: sql<number | null>`(
          select ${applicationOffers.amount} from ${applicationOffers}
          join ${taskApplications} on ${taskApplications.id} = ${applicationOffers.application_id}
          where ${applicationOffers.task_id} = ${transactions.task_id} and ${applicationOffers.status} = 'accepted'
            and ${taskApplications.status} = 'accepted'
          order by ${applicationOffers.round} desc limit 1)`,
        price_changes: sql<PriceChangeSummary[]>`coalesce((
          select json_agg(json_build_object('from', ${taskPriceChanges.previous_amount}, 'to', ${taskPriceChanges.amount},
            'authorization', ${taskPriceChanges.authorization}, 'second_intent_id', ${taskPriceChanges.second_intent_id})
            order by ${taskPriceChanges.created_at})
          from ${taskPriceChanges}
          where ${taskPriceChanges.task_id} = ${transactions.task_id} and ${taskPriceChanges.status} = 'approved'), '[]'::json)`,
        // Issue 51: the client's tip on the task (its own charge, no fee), on the row of the task's own hold.
        tip_amount: sql<number>`case when ${transactions.stripe_payment_intent_id} = ${tasks.stripe_payment_intent_id} then coalesce((
          select sum(${tips.amount}) from ${tips} where ${tips.task_id} = ${transactions.task_id} and ${tips.status} = 'succeeded'), 0)::int else 0 end`,
        // Issue 51: the expert's payout that carried this charge, as the provider reported it.
        payout_status: sql<string | null>`(
          select ${expertPayouts.status} from ${expertBalanceTransactions}
          join ${expertPayouts} on ${expertPayouts.id} = ${expertBalanceTransactions.payout_id}
          where ${expertBalanceTransactions.payment_intent_id} = ${transactions.stripe_payment_intent_id} limit 1)`,
        payout_arrival: sql<string | null>`(
          select to_char(${expertPayouts.arrival_date} at time zone 'UTC', 'YYYY-MM-DD') from ${expertBalanceTransactions}
          join ${expertPayouts} on ${expertPayouts.id} = ${expertBalanceTransactions.payout_id}
          where ${expertBalanceTransactions.payment_intent_id} = ${transactions.stripe_payment_intent_id} limit 1)`,
      })
      .from(transactions)
      .leftJoin(tasks, eq(tasks.id, transactions.task_id))
      .leftJoin(clients, eq(clients.id, tasks.client_id))
      .leftJoin(experts, eq(experts.id, tasks.expert_id))
      .where(where)
      .orderBy(desc(transactions.created_at), desc(transactions.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ value: count() }).from(transactions).where(where),
  ]);
  return { rows, total: Number(totalRow?.value ?? 0) };
}
