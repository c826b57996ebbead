import { and, eq, lte } from 'drizzle-orm';
import { cancelReasonText } from '@shared/domain/cancellation-policy';
import { formatUsd } from '@shared/domain/money';
import { format } from '@shared/format-message';
import { check } from '@shared/domain/permissions';
import { ADMIN_CANCEL_HOLD_REASON, isHoldExpired, transitionFor } from '@shared/domain/task-status';
import { OVERDUE_STATUSES, overdueFreeCancelCutoff } from '@shared/domain/late-work';
import { messages } from '@shared/messages';
import type { CancellationEventDto, CancellationQuoteDto, ClientCancelBody } from '@shared/schemas/cancellations.schemas';
import type { TaskDto } from '@shared/schemas/task-api';
import { recordReliabilityEvent } from '../reliability/reliability.service';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { CancelHoldReason } from '../../providers/payments/payment-provider';
import { enforce, loadVisibleTask } from './task-access';
import { notify, taskNotification } from './task-notifications';
import type { TaskHooks, TasksServiceDeps } from './tasks.deps';
import { toTaskDto } from './tasks.dto';
import { findTask, updateTaskIf, type TaskRow } from './tasks.repository';
import { adminOverrideOf, recordOverride } from '../admin-overrides/admin-override';
import { errorField, log } from '../../ops/logger';
import { enqueueCaptureRetry, enqueueVoidRetry, OUTBOX_HEAD_START_MS } from '../payments/payment-retry-jobs';
import { priceCancellation, toCancellationEventDto, toQuoteDto } from './cancellation-quote';
import { insertCancellation, listCancellations } from './cancellations.repository';

/** The answer of a transition; payment_failed tells the web to show the message as an error. */
export interface TransitionResult {
  task: TaskDto;
  message: string;
  payment_failed: boolean;
}

/**
 * The release of a task's payment hold when the task closes or reopens (cancel here; decline and
 * abandon in modules/applications): the void's job in the change's transaction, then one try at once.
 */
export function createHoldRelease(deps: Pick<TasksServiceDeps, 'db' | 'clock' | 'payments'>) {
  const { db, clock, payments } = deps;

  /** Voids the hold if there is one; the provider's failure is returned, not thrown (its job retries it). */
  async function voidHold(task: TaskRow, reason: CancelHoldReason): Promise<unknown> {
    if (!task.stripe_payment_intent_id) return null;
    try {
      await payments.cancelHold(task, reason);
      return null;
    } catch (error) {
      log.error({ taskId: task.id, reason, err: errorField(error) }, 'payment hold could not be cancelled');
      await enqueueVoidRetry(db, { taskId: task.id, intentId: task.stripe_payment_intent_id, reason, now: clock.now() });
      return error ?? new Error('cancelHold failed');
    }
  }

  /** The outbox: a change that releases a hold writes the void's job in its own transaction. */
  async function owedVoid(tx: Db, task: TaskRow, reason: CancelHoldReason, now: Date) {
    if (!task.stripe_payment_intent_id || task.payment_status === 'captured' || task.payment_status === 'unpaid') return;
    await enqueueVoidRetry(tx, { taskId: task.id, intentId: task.stripe_payment_intent_id, reason, now, delayMs: OUTBOX_HEAD_START_MS });
  }

  return { voidHold, owedVoid };
}

/**
 * Issue 50 (docs/decisions/0465): `overdue` is the client's cancel of work over 24 hours past its due
 * moment (isOverdueCancellable). It is ALWAYS free: any cancellation fee must skip it.
 */
export interface CancelOptions {
  overdue?: boolean;
}

/**
 * The client's (or an admin's) cancel; `callOffVisit` and `agreedStartOf` come from the appointments
 * module (tasks.deps.ts).
 */
export function createLifecycleService(deps: TasksServiceDeps & Pick<TaskHooks, 'callOffVisit' | 'agreedStartOf'>) {
  const { db, clock, callOffVisit, agreedStartOf, payments } = deps;
  const { voidHold, owedVoid } = createHoldRelease(deps);

  return {
    /** What the caller's cancel would cost now (GET /tasks/:id/cancellation-quote): the client's or the hired expert's. */
    async quote(userId: string, taskId: string): Promise<CancellationQuoteDto> {
      const now = clock.now();
      const { actor, task, facts } = await loadVisibleTask(db, userId, taskId, now);
      const party = task.expert_id === actor.userId && task.client_id !== actor.userId ? 'expert' : 'client';
      enforce(check(actor, party === 'expert' ? 'expert_cancel' : 'cancel', facts, now));
      const priced = await priceCancellation(db, { task, party, now, agreedStartOf });
      // An admin cancels in the client's place without a fee (decision 0461).
      const isAdminOnly = party === 'client' && task.client_id !== actor.userId;
      return toQuoteDto(isAdminOnly ? { ...priced, quote: { ...priced.quote, fee_cents: 0, platform_fee_cents: 0, expert_cents: 0, released_cents: priced.quote.fee_cents + priced.quote.released_cents } } : priced, party, now);
    },

    /**
     * The task's cancels for its timeline (GET /tasks/:id/cancellations): the client and admins see
     * all, an expert only those of bookings they held (decision 0462); anyone else who can see the
     * task sees none.
     */
    async timeline(userId: string, taskId: string): Promise<CancellationEventDto[]> {
      const now = clock.now();
      const { actor, task } = await loadVisibleTask(db, userId, taskId, now);
      const rows = await listCancellations(db, task.id);
      const seesAll = actor.isAdmin || task.client_id === actor.userId;
      return rows.filter((row) => seesAll || row.expert_id === actor.userId).map(toCancellationEventDto);
    },

    /**
     * The client (or an admin in the client's place, an override: decision 0210) cancels: the status
     * change, its notices or audit, its cancellation record and the money it owes commit together (the
     * outbox, decision 0440), then the money moves at once. Free (decision 0460): the void of the hold.
     * Late: the call-out fee by a partial capture of the hold, its job written with the change, as a
     * dispute's partial resolution does; the provider releases the rest. A failed void leaves the task
     * cancelled and the job retrying the release, and the answer says so.
     */
    async cancel(userId: string, taskId: string, input: ClientCancelBody = {}, options: CancelOptions = {}): Promise<TransitionResult> {
      const now = clock.now();
      const { actor, task, facts } = await loadVisibleTask(db, userId, taskId, now);
      enforce(check(actor, options.overdue ? 'cancel_overdue' : 'cancel', facts, now));
      const override = adminOverrideOf(actor, 'cancel', task, input.override_reason);
      const isOwner = task.client_id === actor.userId;
      const transition = transitionFor('cancel');
      const reason: CancelHoldReason = override ? ADMIN_CANCEL_HOLD_REASON : 'task_cancelled_by_client';
      // The overdue cancel is always free (decision 0465): it is never priced.
      const priced = isOwner && !options.overdue ? await priceCancellation(db, { task, party: 'client', now, agreedStartOf }) : null;
      const fee = priced && priced.quote.fee_cents > 0 ? priced.quote : null;
      if (input.expected_fee_cents !== undefined && input.expected_fee_cents !== (fee?.fee_cents ?? 0)) {
        throw conflict(format(messages.cancellations.feeChanged, { fee: formatUsd(fee?.fee_cents ?? 0) }));
      }
      const intentId = task.stripe_payment_intent_id;
      // A hold past its deadline was released by the provider itself: hold_lapse records it, no call.
      const owesVoid =
        !fee &&
        Boolean(intentId) &&
        task.payment_status !== 'captured' &&
        task.payment_status !== 'unpaid' &&
        !(task.payment_status === 'authorized' && isHoldExpired(task, now));
      const reasonText = cancelReasonText(input.reason);
      const cancelled = await db.transaction(async (tx) => {
        const row = await updateTaskIf(
          tx,
          options.overdue
            ? // The rule again in the update: still overdue by 24 hours (no extension agreed meanwhile).
              { id: task.id, from: OVERDUE_STATUSES, extra: and(eq(tasks.client_id, actor.userId), lte(tasks.due_date, overdueFreeCancelCutoff(now))) }
            : {
                id: task.id,
                from: isOwner ? transition.from : transition.adminFrom,
                extra: and(
                  isOwner ? eq(tasks.client_id, actor.userId) : undefined,
                  // The fee is taken from the hold it was quoted on.
                  fee && intentId ? and(eq(tasks.payment_status, 'authorized'), eq(tasks.stripe_payment_intent_id, intentId)) : undefined,
                ),
              },
          { status: 'cancelled', cancelled_at: now, updated_at: now },
        );
        if (!row) return undefined;
        if (owesVoid) await owedVoid(tx, task, reason, now);
        if (fee && intentId) {
          await enqueueCaptureRetry(tx, { taskId: task.id, intentId, now, amount: fee.fee_cents, fee: fee.platform_fee_cents, delayMs: OUTBOX_HEAD_START_MS });
        }
        await insertCancellation(tx, {
          task_id: task.id,
          actor_id: actor.userId,
          expert_id: task.expert_id,
          party: override ? 'admin' : 'client',
          reason: override ? null : (input.reason ?? null),
          note: (override ? input.override_reason : input.note) || null,
          fee_cents: fee?.fee_cents ?? 0,
          platform_fee_cents: fee?.platform_fee_cents ?? 0,
          rule: priced?.quote.rule ?? (options.overdue ? 'overdue' : 'admin_override'),
          created_at: now,
        });
        // Issue 50 (decision 0457): a late cancel counts on the client's record, an overdue one on the expert's.
        if (fee) await recordReliabilityEvent(tx, { userId: task.client_id, taskId: task.id, kind: 'late_cancel', now });
        if (options.overdue && task.expert_id)
          await recordReliabilityEvent(tx, { userId: task.expert_id, taskId: task.id, kind: 'overdue_cancel', now });
        // Issue 49: the agreed visit is called off (METHOD:CANCEL to everyone who had it).
        if (transition.visitEffect === 'call_off')
          await callOffVisit(tx, { taskId: task.id, expertId: task.expert_id, party: 'client', now });
        if (override) await recordOverride(tx, override, row, now);
        else {
          const expertNote = options.overdue ? taskNotification.taskCancelledOverdue : taskNotification.taskCancelled;
          await notify(tx, [
            task.expert_id
              ? fee
                ? taskNotification.calloutFee(task.expert_id, task, reasonText, fee.expert_cents, fee.fee_cents)
                : expertNote(task.expert_id, task)
              : null,
            isOwner ? null : taskNotification.taskCancelled(task.client_id, task),
          ]);
        }
        return row;
      });
      if (!cancelled) throw conflict(messages.tasks.notCancellable);
      if (fee) {
        // The answer waits for the capture; its job makes it after a crash or a provider failure.
        const capture = await payments.capture(cancelled, { amountCents: fee.fee_cents, feeCents: fee.platform_fee_cents });
        if (!capture.success) log.warn({ taskId: task.id, err: capture.error }, 'call-out fee capture failed; its job retries it');
        const current = (await findTask(db, task.id)) ?? cancelled;
        return {
          task: toTaskDto(current),
          message: format(messages.cancellations.cancelledWithFee, { fee: formatUsd(fee.fee_cents) }),
          payment_failed: false,
        };
      }
      const holdFailed = owesVoid && Boolean(await voidHold(task, reason));
      const current = owesVoid ? ((await findTask(db, task.id)) ?? cancelled) : cancelled;
      const failedText = override ? messages.adminOverrides.cancelledHoldFailed : messages.tasks.cancelledHoldRetrying;
      return {
        task: toTaskDto(current),
        message: holdFailed ? failedText : options.overdue ? messages.lateWork.overdueCancelled : messages.tasks.cancelled,
        payment_failed: holdFailed,
      };
    },
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;
