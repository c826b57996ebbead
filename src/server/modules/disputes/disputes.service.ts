import { SETTINGS_DEFAULTS } from '@shared/constants';
import { eq } from 'drizzle-orm';
import { check } from '@shared/domain/permissions';
import { formatUsd, platformFeeCents } from '@shared/domain/money';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { RejectEvidenceRequest, ResolveDisputeRequest } from '@shared/schemas/disputes.schemas';
import { tasks } from '../../db/schema';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { recordAudit } from '../audit/audit.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import { transactionsOfTask } from '../payments/payments.repository';
import type { TaskPayments } from '../payments/task-payments';
import { adminIds } from '../holds/holds.repository';
import { moneyNotification } from '../holds/money-notifications';
import { enforce, loadTaskFor, loadVisibleTask } from '../tasks/task-access';
import { updateTaskIf } from '../tasks/tasks.repository';
import { adminOverrideOf, recordOverride } from '../admin-overrides/admin-override';
import {
  findDispute,
  findOpenDispute,
  insertDispute,
  resolveDisputeRow,
  updateResubmittedDispute,
  type DisputeRow,
} from './disputes.repository';
import { errorField, log } from '../../ops/logger';
import { enqueueCaptureRetry, enqueueVoidRetry, OUTBOX_HEAD_START_MS } from '../payments/payment-retry-jobs';

export interface DisputesDeps {
  db: Db;
  clock: Clock;
  payments: TaskPayments;
  provider: () => PaymentProvider;
}

const disputesText = messages.disputes;

/**
 * Disputes instead of reject-means-void (docs/decisions/0111): the client's Reject opens one, the
 * expert resubmits once or accepts, an admin releases, refunds or captures part. Each resolution
 * commits with the provider call it owes as a job (a void for a refund, a capture for a release or
 * a part), the outbox of decision 0440; the call is then made at once and its job retries a failure.
 */
export function createDisputesService(deps: DisputesDeps) {
  const { db, clock, payments } = deps;

  /** pending_approval -> disputed by the client (or an admin on their behalf). */
  async function open(userId: string, taskId: string, body: RejectEvidenceRequest & { reason: string; override_reason?: string }) {
    const now = clock.now();
    const { actor, task } = await loadTaskFor(db, userId, taskId, 'reject_evidence', now);
    // An admin rejecting in the client's place: reason, audit and notices (issue 27, decision 0210).
    const override = adminOverrideOf(actor, 'reject_evidence', task, body.override_reason);
    const isOwner = task.client_id === actor.userId;
    const admins = await adminIds(db);
    const disputed = await db.transaction(async (tx) => {
      const row = await updateTaskIf(
        tx,
        { id: task.id, from: ['pending_approval'], extra: isOwner ? eq(tasks.client_id, actor.userId) : undefined },
        { status: 'disputed', review_window_ends_at: null, updated_at: now },
      );
      if (!row) return undefined;
      const params = { taskId: task.id, reason: body.reason, requestChanges: Boolean(body.request_changes), now };
      const dispute =
        (await updateResubmittedDispute(tx, params)) ?? (await insertDispute(tx, { ...params, openedBy: actor.userId }));
      await insertNotifications(tx, [
        ...(task.expert_id
          ? [
              // The spec's type for a rejection; the text says what happens now (a dispute, decision 0111).
              moneyNotification(task.expert_id, 'evidence_rejected', disputesText.openedTitle, format(disputesText.openedMessage, { title: task.title, reason: body.reason }), task, now, {
                dispute_id: dispute.id,
                request_changes: Boolean(body.request_changes),
              }),
            ]
          : []),
        ...admins
          .filter((id) => id !== actor.userId)
          .map((id) =>
            moneyNotification(id, 'dispute_opened', disputesText.openedTitle, format(disputesText.openedAdminMessage, { title: task.title }), task, now, {
              dispute_id: dispute.id,
            }),
          ),
      ]);
      await recordAudit(tx, {
        actor_id: actor.userId,
        action: 'dispute.opened',
        target_type: 'task',
        target_id: task.id,
        details: { dispute_id: dispute.id, reason: body.reason, request_changes: Boolean(body.request_changes) },
        created_at: now,
      });
      await recordOverride(tx, override, row, now);
      return row;
    });
    if (!disputed) throw conflict(messages.tasks.statusChanged);
    return { task: disputed, message: disputesText.opened };
  }

  /** disputed -> cancelled by the expert: the hold is voided (retried by cancelHold's own records). */
  async function acceptRejection(userId: string, taskId: string) {
    const now = clock.now();
    const { task } = await loadTaskFor(db, userId, taskId, 'accept_rejection', now);
    const dispute = await findOpenDispute(db, task.id);
    if (!dispute) throw conflict(disputesText.notOpen);
    const cancelled = await db.transaction(async (tx) => {
      const row = await updateTaskIf(tx, { id: task.id, from: ['disputed'], expertId: userId }, { status: 'cancelled', cancelled_at: now, updated_at: now });
      if (!row) return undefined;
      await resolveDisputeRow(tx, { id: dispute.id, from: ['open', 'resubmitted'], resolution: 'expert_accepted', capturedAmount: null, resolvedBy: userId, now });
      await insertNotifications(tx, [
        moneyNotification(task.client_id, 'rejection_accepted', disputesText.acceptedTitle, format(disputesText.acceptedMessage, { title: task.title }), task, now),
      ]);
      await recordAudit(tx, { actor_id: userId, action: 'dispute.rejection_accepted', target_type: 'task', target_id: task.id, details: { dispute_id: dispute.id }, created_at: now });
      // The outbox (decision 0440): the void is owed from this commit on.
      if (row.stripe_payment_intent_id && row.payment_status === 'authorized') {
        await enqueueVoidRetry(tx, { taskId: task.id, intentId: row.stripe_payment_intent_id, reason: 'client_rejected_evidence', now, delayMs: OUTBOX_HEAD_START_MS });
      }
      return row;
    });
    if (!cancelled) throw conflict(messages.tasks.statusChanged);
    let holdFailed = false;
    if (cancelled.stripe_payment_intent_id && cancelled.payment_status === 'authorized') {
      try {
        await payments.cancelHold(cancelled, 'client_rejected_evidence');
      } catch (error) {
        log.error({ taskId: task.id, err: errorField(error) }, 'hold not voided after the rejection was accepted');
        await enqueueVoidRetry(db, { taskId: task.id, intentId: cancelled.stripe_payment_intent_id, reason: 'client_rejected_evidence', now: clock.now() });
        holdFailed = true;
      }
    }
    return { message: holdFailed ? disputesText.rejectionAcceptedHoldFailed : disputesText.rejectionAccepted, payment_failed: holdFailed };
  }

  async function resolve(adminId: string, disputeId: string, body: ResolveDisputeRequest) {
    const now = clock.now();
    const dispute = await findDispute(db, disputeId);
    if (!dispute) throw notFound(disputesText.notFound);
    const { actor, facts, task } = await loadVisibleTask(db, adminId, dispute.task_id, now);
    enforce(check(actor, 'resolve_dispute', facts, now));
    if (dispute.status === 'resolved') throw conflict(disputesText.notOpen);
    const txRow = (await transactionsOfTask(db, task.id)).find((row) => row.stripe_payment_intent_id === task.stripe_payment_intent_id);
    const authorized = txRow?.amount ?? task.budget;
    const feePercent = txRow?.platform_fee_percent ?? SETTINGS_DEFAULTS.platformFeePercent;
    const notifyBoth = async (tx: Db, message: string) =>
      insertNotifications(tx, [task.client_id, task.expert_id].filter((id): id is string => Boolean(id)).map((to) =>
        moneyNotification(to, 'dispute_resolved', disputesText.resolvedTitle, message, task, now, { dispute_id: dispute.id, resolution: body.resolution }),
      ));

    if (body.resolution === 'refund') {
      const owesVoid = task.payment_status === 'authorized' && Boolean(task.stripe_payment_intent_id);
      // The outbox (decision 0440): the resolution and the void it owes commit together.
      const done = await db.transaction(async (tx) => {
        const row = await updateTaskIf(tx, { id: task.id, from: ['disputed'] }, { status: 'cancelled', cancelled_at: now, updated_at: now });
        if (!row) return undefined;
        await resolveDisputeRow(tx, { id: dispute.id, from: ['open', 'resubmitted'], resolution: 'refund', capturedAmount: null, resolvedBy: adminId, note: body.note, now });
        await notifyBoth(tx, format(disputesText.resolvedRefundMessage, { title: task.title }));
        await recordAudit(tx, { actor_id: adminId, action: 'dispute.resolved', target_type: 'task', target_id: task.id, details: { dispute_id: dispute.id, resolution: 'refund', note: body.note ?? null }, created_at: now });
        if (owesVoid) await enqueueVoidRetry(tx, { taskId: task.id, intentId: task.stripe_payment_intent_id!, reason: 'dispute_refunded', now, delayMs: OUTBOX_HEAD_START_MS });
        return row;
      });
      if (!done) throw conflict(disputesText.notOpen);
      if (owesVoid) {
        await payments.cancelHold(task, 'dispute_refunded').catch((error: unknown) =>
          log.warn({ taskId: task.id, err: errorField(error) }, 'dispute refund void failed; its job retries it'),
        );
      }
      return { message: disputesText.resolved, resolution: 'refund' as const, captured_amount: 0 };
    }

    const amount = body.resolution === 'release' ? authorized : body.amount_cents!;
    if (amount < 1 || amount > authorized) throw badRequest(disputesText.amountInvalid, { amount_cents: disputesText.amountInvalid });
    if (task.payment_status !== 'authorized' || !task.stripe_payment_intent_id) throw conflict(messages.payment.cannotCapture);
    const fee = amount === authorized && txRow ? txRow.platform_fee : platformFeeCents(amount, feePercent);
    const intentId = task.stripe_payment_intent_id;
    // The outbox (decision 0440): the resolution and the capture it owes commit together; the capture
    // is then made at once for the answer, and the job makes it after a crash or a provider failure.
    const done = await db.transaction(async (tx) => {
      const row = await updateTaskIf(tx, { id: task.id, from: ['disputed'], extra: eq(tasks.payment_status, 'authorized') }, { status: 'verified', completed_at: now, updated_at: now });
      if (!row) return undefined;
      await resolveDisputeRow(tx, { id: dispute.id, from: ['open', 'resubmitted'], resolution: body.resolution === 'release' ? 'release' : 'partial', capturedAmount: amount, resolvedBy: adminId, note: body.note, now });
      await notifyBoth(tx, format(disputesText.resolvedReleaseMessage, { title: task.title, amount: formatUsd(amount - fee) }));
      await recordAudit(tx, { actor_id: adminId, action: 'dispute.resolved', target_type: 'task', target_id: task.id, details: { dispute_id: dispute.id, resolution: body.resolution, captured_amount: amount, platform_fee: fee, note: body.note ?? null }, created_at: now });
      await enqueueCaptureRetry(tx, { taskId: task.id, intentId, now, amount, fee, delayMs: OUTBOX_HEAD_START_MS });
      return row;
    });
    if (!done) {
      const again = await findDispute(db, dispute.id);
      if (again?.status !== 'resolved') throw conflict(disputesText.notOpen);
      return { message: disputesText.resolved, resolution: body.resolution, captured_amount: again.captured_amount ?? amount };
    }
    const capture = await payments.capture(done, { amountCents: amount, feeCents: fee });
    if (!capture.success) log.warn({ taskId: task.id, err: capture.error }, 'dispute capture failed; its job retries it');
    const captured = capture.success ? capture.amount_captured : amount;
    return { message: disputesText.resolved, resolution: body.resolution, captured_amount: captured };
  }

  return { open, acceptRejection, resolve };
}

export type DisputesService = ReturnType<typeof createDisputesService>;

/** The dispute of a task for its parties' screens. */
export function toDisputeDto(row: DisputeRow) {
  return {
    id: row.id,
    task_id: row.task_id,
    reason: row.reason,
    request_changes: row.request_changes === 1,
    status: row.status,
    resolution: row.resolution,
    captured_amount: row.captured_amount,
    resubmitted_at: row.resubmitted_at?.toISOString() ?? null,
    resolved_at: row.resolved_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

export const isDisputeCurrent = (row: DisputeRow | undefined) => Boolean(row && row.status !== 'resolved');
