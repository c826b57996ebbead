import { isFinished } from '@shared/domain/task-state';
import { messages } from '@shared/messages';
import { idSchema } from '@shared/schemas/common.schemas';
import { TIP, type CreateTipInput, type TaskTipDto, type TipDto } from '@shared/schemas/tips.schemas';
import type { Db } from '../../db/client';
import { enqueueJob, finishJobByKey } from '../../jobs/jobs.repository';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { findTask, type TaskRow } from '../tasks/tasks.repository';
import { transactionsOfTask } from '../payments/payments.repository';
import { OUTBOX_HEAD_START_MS } from '../payments/payment-retry-jobs';
import { chargeTip, TIP_CHARGE_KIND, tipJobKey, type TipChargeDeps } from './tip-charge';
import { findTaskTip, findTipByKey, insertTip, type TipRow } from './tips.repository';

const text = messages.earnings;

export function tipDto(row: TipRow): TipDto {
  return {
    id: row.id,
    task_id: row.task_id,
    amount_cents: row.amount,
    percent: row.percent,
    status: row.status,
    failure_message: row.failure_message,
    created_at: row.created_at.toISOString(),
    captured_at: row.captured_at?.toISOString() ?? null,
  };
}

/** The price the tip's percentages apply to: what the client paid for the task (the captured hold). */
async function priceOf(db: Db, task: TaskRow): Promise<number> {
  const rows = await transactionsOfTask(db, task.id);
  const paid =
    rows.find((row) => row.stripe_payment_intent_id === task.stripe_payment_intent_id) ?? rows.at(-1);
  return paid ? paid.amount - paid.amount_refunded : task.budget;
}

const tipUntil = (task: TaskRow) =>
  task.completed_at ? new Date(task.completed_at.getTime() + TIP.windowMs) : null;

/** The client's task, or 404 (nobody else learns it exists) / 403 (the expert). */
async function clientTask(db: Db, userId: string, taskId: string): Promise<TaskRow> {
  const task = idSchema.safeParse(taskId).success ? await findTask(db, taskId) : undefined;
  if (!task || (task.client_id !== userId && task.expert_id !== userId))
    throw notFound(messages.common.notFound);
  if (task.client_id !== userId) throw forbidden(text.tipOnlyClient);
  return task;
}

/** Tips (issue 51, decision 0471): one per confirmed task (completed or verified), within 7 days of completion, charged by a job. */
export function createTipsService(deps: TipChargeDeps) {
  const { db, clock } = deps;
  return {
    async read(userId: string, taskId: string): Promise<TaskTipDto> {
      const task = await clientTask(db, userId, taskId);
      const [tip, price] = await Promise.all([findTaskTip(db, task.id), priceOf(db, task)]);
      const until = tipUntil(task);
      const live = tip && tip.status !== 'failed';
      return {
        tip: tip ? tipDto(tip) : null,
        can_tip: isFinished(task.status) && !!until && until > clock.now() && !live,
        tip_until: until?.toISOString() ?? null,
        price_cents: price,
      };
    },

    /**
     * Writes the tip and its charge job in one transaction, then charges at once; a crash leaves the
     * job, which charges after a head start. The same key answers with the same tip (201 then 200).
     */
    async create(
      userId: string,
      taskId: string,
      input: CreateTipInput,
    ): Promise<{ tip: TipDto; created: boolean }> {
      const task = await clientTask(db, userId, taskId);
      const known = await findTipByKey(db, task.id, input.idempotency_key);
      if (known) return { tip: tipDto(known), created: false };
      const now = clock.now();
      const until = tipUntil(task);
      if (!isFinished(task.status) || !until) throw conflict(text.tipNotCompleted);
      if (until <= now) throw conflict(text.tipWindowClosed);
      const amount =
        input.percent !== undefined
          ? Math.round(((await priceOf(db, task)) * input.percent) / 100)
          : input.amount_cents!;
      if (amount < TIP.minCents) throw conflict(text.tipAmountTooSmall);
      const inserted = await db.transaction(async (tx) => {
        const row = await insertTip(tx, {
          task_id: task.id,
          client_id: userId,
          expert_id: task.expert_id,
          amount,
          percent: input.percent ?? null,
          client_key: input.idempotency_key,
          created_at: now,
          updated_at: now,
        });
        if (row) {
          await enqueueJob(tx, {
            kind: TIP_CHARGE_KIND,
            key: tipJobKey(row.id),
            runAt: new Date(now.getTime() + OUTBOX_HEAD_START_MS),
            payload: { tipId: row.id },
          });
        }
        return row;
      });
      if (!inserted) {
        // A parallel request with the same key won the insert; another key finds the live tip.
        const same = await findTipByKey(db, task.id, input.idempotency_key);
        if (same) return { tip: tipDto(same), created: false };
        throw conflict(text.tipAlreadyAdded);
      }
      try {
        await chargeTip(deps, inserted.id);
        await finishJobByKey(db, { key: tipJobKey(inserted.id), now: clock.now() });
      } catch {
        // The provider did not answer: the job charges it (with the same keys) after its head start.
      }
      const current = (await findTipByKey(db, task.id, input.idempotency_key))!;
      return { tip: tipDto(current), created: true };
    },
  };
}
