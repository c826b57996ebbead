import type { Db } from '../../db/client';
import { enqueueJob } from '../../jobs/jobs.repository';
import type { JobModule } from '../../jobs/registry';
import type { Clock } from '../../lib/clock';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import type { PayoutInfo, PayoutStatus } from '../../providers/payments/provider-payouts';
import { findExpertByAccountId, findExpertProfile } from '../experts/experts.repository';
import type { WebhookHandler } from '../payments/payment-webhooks';
import { knownPayoutStatuses, upsertBalanceTransactions, upsertPayouts } from './earnings.repository';

export const EARNINGS_SYNC_KIND = 'earnings_sync';
/** How far back a sync reads the provider: this year's and last year's statements need it all. */
const SYNC_WINDOW_MS = 400 * 24 * 60 * 60 * 1000;
/** At most one sync per expert in this long (the page asks for one when opened). */
const SYNC_BUCKET_MS = 10 * 60 * 1000;

export interface EarningsSyncDeps {
  db: Db;
  clock: Clock;
  provider: () => PaymentProvider;
}

/**
 * Reads the expert's payouts and balance transactions from the provider into our tables (decision
 * 0470). A payout that is new or changed also has its balance transactions listed, which is how the
 * provider says which charges it carried. Upserts only, so a repeated or concurrent sync is harmless.
 */
export async function syncExpertEarnings(deps: EarningsSyncDeps, expertId: string): Promise<void> {
  const expert = await findExpertProfile(deps.db, expertId);
  const accountId = expert?.stripe_account_id;
  if (!accountId) return;
  const provider = deps.provider();
  const now = deps.clock.now();
  const createdSince = new Date(now.getTime() - SYNC_WINDOW_MS);
  const [payouts, rows] = await Promise.all([
    provider.listPayouts(accountId, { createdSince }),
    provider.listBalanceTransactions(accountId, { createdSince }),
  ]);
  const known = await knownPayoutStatuses(
    deps.db,
    payouts.map((payout) => payout.id),
  );
  const changed = payouts.filter((payout) => known.get(payout.id) !== payout.status);
  const carried = await Promise.all(
    changed.map((payout) => provider.listBalanceTransactions(accountId, { payoutId: payout.id })),
  );
  await deps.db.transaction(async (tx) => {
    await upsertBalanceTransactions(tx, { expertId, accountId, rows });
    for (const list of carried) await upsertBalanceTransactions(tx, { expertId, accountId, rows: list });
    await upsertPayouts(tx, { expertId, accountId, payouts, now });
  });
}

/** Asks for a sync of the expert's payout facts, at most once per 10 minutes (a keyed job). */
export async function requestEarningsSync(db: Db, params: { expertId: string; now: Date }): Promise<void> {
  const bucket = Math.floor(params.now.getTime() / SYNC_BUCKET_MS);
  await enqueueJob(db, {
    kind: EARNINGS_SYNC_KIND,
    key: `earnings_sync:${params.expertId}:${bucket}`,
    runAt: params.now,
    payload: { expertId: params.expertId },
    maxAttempts: 5,
  });
}

export function earningsJobs(deps: EarningsSyncDeps): JobModule {
  return {
    name: 'earnings',
    handlers: {
      [EARNINGS_SYNC_KIND]: async (job) => {
        await syncExpertEarnings(deps, String((job.payload as { expertId?: string }).expertId ?? ''));
      },
    },
  };
}

const PAYOUT_STATUSES: readonly PayoutStatus[] = ['pending', 'in_transit', 'paid', 'failed', 'canceled'];

/** The payout in a `payout.*` event, in our terms; null when the object is not a payout. */
export function payoutOfEvent(object: Record<string, unknown>): PayoutInfo | null {
  const { id, amount, status, arrival_date: arrival, created, failure_message: failure } = object;
  if (
    object.object !== 'payout' ||
    typeof id !== 'string' ||
    typeof amount !== 'number' ||
    typeof arrival !== 'number'
  )
    return null;
  return {
    id,
    amountCents: amount,
    status: PAYOUT_STATUSES.includes(status as PayoutStatus) ? (status as PayoutStatus) : 'pending',
    arrivalDate: new Date(arrival * 1000),
    createdAt: new Date((typeof created === 'number' ? created : arrival) * 1000),
    failureMessage: typeof failure === 'string' ? failure : null,
  };
}

/**
 * payout.created / updated / paid / failed / canceled for a connected account: the payout as the
 * event has it, and the balance transactions it carries read from the provider first; both are
 * written in the transaction that records the event id, so each event applies once.
 */
const handlePayoutEvent: WebhookHandler = async (event, { payments, clock }) => {
  const payout = payoutOfEvent(event.object);
  const accountId = event.accountId;
  if (!payout || !accountId) return undefined;
  const carried = await payments.listBalanceTransactions(accountId, { payoutId: payout.id });
  const now = clock.now();
  return async (tx) => {
    const expert = await findExpertByAccountId(tx, accountId);
    if (!expert) return;
    await upsertBalanceTransactions(tx, { expertId: expert.id, accountId, rows: carried });
    await upsertPayouts(tx, { expertId: expert.id, accountId, payouts: [payout], now });
  };
};

export const payoutWebhookHandlers: Record<string, WebhookHandler> = {
  'payout.created': handlePayoutEvent,
  'payout.updated': handlePayoutEvent,
  'payout.paid': handlePayoutEvent,
  'payout.failed': handlePayoutEvent,
  'payout.canceled': handlePayoutEvent,
};
