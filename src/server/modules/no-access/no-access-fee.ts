import { and, eq } from 'drizzle-orm';
import { SETTINGS_DEFAULTS } from '@shared/constants';
import { calloutFeeCents } from '@shared/domain/cancellation-policy';
import { formatUsd, platformFeeCents } from '@shared/domain/money';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';
import type { JobHandler } from '../../jobs/runner';
import type { Clock } from '../../lib/clock';
import { insertNotifications } from '../notifications/notifications.repository';
import { enqueueCaptureRetry, OUTBOX_HEAD_START_MS } from '../payments/payment-retry-jobs';
import { transactionsOfTask } from '../payments/payments.repository';
import { recordReliabilityEvent } from '../reliability/reliability.service';
import { readCancellationPolicy } from '../settings/settings.repository';
import { hasLiveHold } from '../tasks/cancellation-quote';
import { insertCancellation } from '../tasks/cancellations.repository';
import { findTask, updateTaskIf, type TaskRow } from '../tasks/tasks.repository';
import { findReport, settleReport } from './no-access.repository';

const text = messages.noAccess;

/** Job kind of the call-out fee 48 hours after an uncontested report (the money lane: `money_*`). */
export const NO_ACCESS_FEE_KIND = 'money_no_access_fee';

/** The call-out fee of the task's hold as the policy in force prices it, with the hold's own platform fee. */
export async function noAccessFeeOf(db: Db, task: TaskRow): Promise<{ fee: number; platform: number }> {
  const [settings, rows] = await Promise.all([readCancellationPolicy(db), task.stripe_payment_intent_id ? transactionsOfTask(db, task.id) : []]);
  const held = rows.find((row) => row.stripe_payment_intent_id === task.stripe_payment_intent_id);
  const fee = calloutFeeCents(held?.amount ?? task.budget, settings);
  const percent = held ? Number(held.platform_fee_percent) : SETTINGS_DEFAULTS.platformFeePercent;
  return { fee, platform: platformFeeCents(fee, percent) };
}

/**
 * 48 hours after an uncontested report (decision 0463): the task is cancelled and the call-out fee's
 * partial capture is written with the change as a capture job (the outbox of decision 0440), exactly as
 * a late client cancel's; the provider releases the rest. A contested, decided or lapsed task is left
 * alone: the conditional update finds nothing to change.
 */
export function createNoAccessFeeHandlers(deps: { db: Db; clock: Clock }): Record<string, JobHandler> {
  const { db, clock } = deps;
  return {
    [NO_ACCESS_FEE_KIND]: async (job) => {
      const taskId = String((job.payload as { taskId?: string }).taskId ?? '');
      const now = clock.now();
      const [task, report] = await Promise.all([findTask(db, taskId), findReport(db, taskId)]);
      if (!task || task.status !== 'no_access_reported' || report?.status !== 'pending') return;
      const intentId = task.stripe_payment_intent_id;
      const live = hasLiveHold(task, now) && intentId !== null;
      const { fee, platform } = await noAccessFeeOf(db, task);
      await db.transaction(async (tx) => {
        const row = await updateTaskIf(
          tx,
          {
            id: task.id,
            from: ['no_access_reported'],
            // The fee is taken from the hold it was priced on.
            extra: live ? and(eq(tasks.payment_status, 'authorized'), eq(tasks.stripe_payment_intent_id, intentId)) : undefined,
          },
          { status: 'cancelled', cancelled_at: now, updated_at: now },
        );
        if (!row || !(await settleReport(tx, { taskId: task.id, to: 'charged', now }))) return;
        if (live) await enqueueCaptureRetry(tx, { taskId: task.id, intentId, now, amount: fee, fee: platform, delayMs: OUTBOX_HEAD_START_MS });
        await insertCancellation(tx, {
          task_id: task.id,
          actor_id: null,
          expert_id: task.expert_id,
          party: 'client',
          reason: 'no_access',
          note: null,
          fee_cents: live ? fee : 0,
          platform_fee_cents: live ? platform : 0,
          rule: 'no_access',
          created_at: now,
        });
        // Nobody gave access: it counts on the client's record as a late cancel does.
        await recordReliabilityEvent(tx, { userId: task.client_id, taskId: task.id, kind: 'late_cancel', now });
        await insertNotifications(tx, [
          {
            user_id: task.client_id,
            type: 'no_access_fee_charged',
            title: text.notifyFeeTitle,
            message: format(text.notifyFeeClient, { title: task.title, fee: formatUsd(fee) }),
            task_id: task.id,
            data: { task_id: task.id, callout_fee_cents: fee },
          },
          ...(task.expert_id
            ? [
                {
                  user_id: task.expert_id,
                  type: 'no_access_fee_charged' as const,
                  title: text.notifyFeeTitle,
                  message: format(text.notifyFeeExpert, { title: task.title, amount: formatUsd(fee - platform) }),
                  task_id: task.id,
                  data: { task_id: task.id, callout_fee_cents: fee, expert_cents: fee - platform },
                },
              ]
            : []),
        ]);
      });
    },
  };
}
