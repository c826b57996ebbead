import { SETTINGS_DEFAULTS } from '@shared/constants';
import {
  cancellationRuleText,
  cancelReasonText,
  quoteCancellation,
  type CancellationPolicySettings,
  type CancellationQuote,
} from '@shared/domain/cancellation-policy';
import { isHoldExpired } from '@shared/domain/task-status';
import type { CancellationEventDto, CancellationQuoteDto } from '@shared/schemas/cancellations.schemas';
import type { Db } from '../../db/client';
import { transactionsOfTask } from '../payments/payments.repository';
import { readCancellationPolicy } from '../settings/settings.repository';
import type { CancellationRow } from './cancellations.repository';
import type { TaskHooks } from './tasks.deps';
import type { TaskRow } from './tasks.repository';

export interface PricedCancellation {
  quote: CancellationQuote;
  settings: CancellationPolicySettings;
  agreedStart: Date | null;
}

/** Whether the task holds a live authorization: something to capture a fee from or to release. */
export const hasLiveHold = (task: TaskRow, now: Date) =>
  Boolean(task.stripe_payment_intent_id) && task.payment_status === 'authorized' && !isHoldExpired(task, now);

/**
 * What a cancel of this task by `party` costs now (docs/decisions/0460): the policy in force, the
 * hold's own amount and platform fee percent (as on any capture), the hire time and the agreed start.
 */
export async function priceCancellation(
  db: Db,
  params: { task: TaskRow; party: 'client' | 'expert'; now: Date; agreedStartOf: TaskHooks['agreedStartOf'] },
): Promise<PricedCancellation> {
  const { task, party, now } = params;
  const [settings, agreedStart, rows] = await Promise.all([
    readCancellationPolicy(db),
    params.agreedStartOf(db, task.id),
    task.stripe_payment_intent_id ? transactionsOfTask(db, task.id) : Promise.resolve([]),
  ]);
  const held = rows.find((row) => row.stripe_payment_intent_id === task.stripe_payment_intent_id);
  const quote = quoteCancellation(
    {
      party,
      has_hold: hasLiveHold(task, now),
      price_cents: held?.amount ?? task.budget,
      platform_fee_percent: held ? Number(held.platform_fee_percent) : SETTINGS_DEFAULTS.platformFeePercent,
      hired_at: task.assigned_at,
      agreed_start: agreedStart,
      now,
    },
    settings,
  );
  return { quote, settings, agreedStart };
}

export function toQuoteDto(priced: PricedCancellation, party: 'client' | 'expert', now: Date): CancellationQuoteDto {
  return {
    ...priced.quote,
    party,
    rule_text: cancellationRuleText(priced.quote, priced.settings),
    agreed_start: priced.agreedStart?.toISOString() ?? null,
    server_now: now.toISOString(),
  };
}

export function toCancellationEventDto(row: CancellationRow): CancellationEventDto {
  return {
    id: row.id,
    party: row.party,
    reason: row.reason,
    reason_text: cancelReasonText(row.reason),
    note: row.note,
    fee_cents: row.fee_cents,
    platform_fee_cents: row.platform_fee_cents,
    created_at: row.created_at.toISOString(),
  };
}
