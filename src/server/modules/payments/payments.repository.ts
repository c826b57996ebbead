import { and, count, desc, eq, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { expertProfiles, paymentActions, systemSettings, tasks, transactions } from '../../db/schema';
import { SETTINGS_DEFAULTS } from '@shared/constants';

/** Queries of the task payments; `(db, params)` so they run on the database or in a transaction. */

export type TaskRow = typeof tasks.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type PaymentActionRow = typeof paymentActions.$inferSelect;
type PaymentActionKind = PaymentActionRow['action'];
type TransactionStatus = TransactionRow['status'];

/** The task with what paying needs to know about its expert's connected account. */
export async function findTaskForPayment(db: Db, taskId: string) {
  const [row] = await db
    .select({
      task: tasks,
      expert: {
        stripe_account_id: expertProfiles.stripe_account_id,
        stripe_onboarding_completed: expertProfiles.stripe_onboarding_completed,
        stripe_account_status: expertProfiles.stripe_account_status,
      },
    })
    .from(tasks)
    .leftJoin(expertProfiles, eq(expertProfiles.id, tasks.expert_id))
    .where(eq(tasks.id, taskId));
  return row;
}

export async function findTask(db: Db, taskId: string): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, taskId));
  return row;
}

export async function findTaskByIntent(db: Db, intentId: string): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(tasks).where(eq(tasks.stripe_payment_intent_id, intentId));
  return row;
}

/** The task whose hold an intent created by the payment dialog's renewal is meant to replace. */
export async function findTaskOfReplacementIntent(db: Db, intentId: string): Promise<TaskRow | undefined> {
  const [row] = await db
    .select({ task: tasks })
    .from(paymentActions)
    .innerJoin(tasks, eq(tasks.id, paymentActions.task_id))
    .where(and(eq(paymentActions.action, 'reauthorize_intent'), eq(paymentActions.stripe_payment_intent_id, intentId)));
  return row?.task;
}

/** The platform fee percentage from system_settings; the spec's default when the row is missing. */
export async function platformFeePercent(db: Db): Promise<number> {
  const [row] = await db
    .select({ percent: systemSettings.platform_fee_percent })
    .from(systemSettings)
    .where(eq(systemSettings.id, 1));
  return row?.percent ?? SETTINGS_DEFAULTS.platformFeePercent;
}

// ---- payment_actions: one row per provider call, keyed by its idempotency key ----

export async function listActions(db: Db, taskId: string, action: PaymentActionKind): Promise<PaymentActionRow[]> {
  return db
    .select()
    .from(paymentActions)
    .where(and(eq(paymentActions.task_id, taskId), eq(paymentActions.action, action)))
    .orderBy(desc(paymentActions.created_at));
}

export async function countFailedActions(
  db: Db,
  params: { taskId: string; action: PaymentActionKind; intentId: string },
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(paymentActions)
    .where(
      and(
        eq(paymentActions.task_id, params.taskId),
        eq(paymentActions.action, params.action),
        eq(paymentActions.stripe_payment_intent_id, params.intentId),
        eq(paymentActions.status, 'failed'),
      ),
    );
  return Number(row?.value ?? 0);
}

/** Records a call about to be made; a repeat of the same key (a retry, a parallel request) keeps the first row. */
export async function startAction(
  db: Db,
  params: {
    taskId: string;
    action: PaymentActionKind;
    key: string;
    intentId?: string | null;
    amount?: number | null;
    reason?: string | null;
    now: Date;
  },
): Promise<void> {
  await db
    .insert(paymentActions)
    .values({
      task_id: params.taskId,
      action: params.action,
      idempotency_key: params.key,
      status: 'started',
      stripe_payment_intent_id: params.intentId ?? null,
      amount: params.amount ?? null,
      reason: params.reason ?? null,
      created_at: params.now,
      updated_at: params.now,
    })
    .onConflictDoNothing({ target: paymentActions.idempotency_key });
}

export async function finishAction(
  db: Db,
  params: {
    key: string;
    status: 'succeeded' | 'failed';
    intentId?: string | null;
    error?: string | null;
    data?: Record<string, unknown>;
    now: Date;
  },
): Promise<void> {
  await db
    .update(paymentActions)
    .set({
      status: params.status,
      ...(params.intentId ? { stripe_payment_intent_id: params.intentId } : {}),
      error: params.error ?? null,
      ...(params.data ? { data: params.data } : {}),
      updated_at: params.now,
    })
    .where(eq(paymentActions.idempotency_key, params.key));
}

// ---- transactions: one row per payment intent, whose status follows the intent ----

export async function transactionsOfTask(db: Db, taskId: string): Promise<TransactionRow[]> {
  return db.select().from(transactions).where(eq(transactions.task_id, taskId)).orderBy(transactions.created_at);
}

/**
 * Moves the intent's row to `status` (from one of `from`), or inserts it when the intent has no row
 * yet. Callers hold the task's row (a conditional update) so two of them never insert twice.
 */
export async function upsertIntentTransaction(
  db: Db,
  params: {
    taskId: string;
    intentId: string;
    amount: number;
    platformFee: number;
    /** The fee percent in force when the hold was made; kept on the row for its capture and refund. */
    platformFeePercent?: number;
    status: TransactionStatus;
    from: TransactionStatus[];
    now: Date;
  },
): Promise<void> {
  const updated = await db
    .update(transactions)
    .set({ status: params.status, amount: params.amount, platform_fee: params.platformFee, updated_at: params.now })
    .where(
      and(
        eq(transactions.task_id, params.taskId),
        eq(transactions.stripe_payment_intent_id, params.intentId),
        inArray(transactions.status, params.from),
      ),
    )
    .returning({ id: transactions.id });
  if (updated.length > 0) return;
  const existing = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.task_id, params.taskId), eq(transactions.stripe_payment_intent_id, params.intentId)));
  if (existing.length > 0) return;
  await db.insert(transactions).values({
    task_id: params.taskId,
    stripe_payment_intent_id: params.intentId,
    amount: params.amount,
    platform_fee: params.platformFee,
    ...(params.platformFeePercent === undefined ? {} : { platform_fee_percent: params.platformFeePercent }),
    status: params.status,
    created_at: params.now,
    updated_at: params.now,
  });
}

/** A released intent: an authorized hold becomes voided (docs/decisions/0114), a never-authorized attempt failed. */
export async function releaseIntentTransactions(
  db: Db,
  params: { taskId: string; intentId: string; now: Date },
): Promise<void> {
  const where = (status: TransactionStatus) =>
    and(
      eq(transactions.task_id, params.taskId),
      eq(transactions.stripe_payment_intent_id, params.intentId),
      eq(transactions.status, status),
    );
  await db.update(transactions).set({ status: 'voided', updated_at: params.now }).where(where('authorized'));
  await db.update(transactions).set({ status: 'failed', updated_at: params.now }).where(where('pending'));
}

/** Earlier never-authorized attempts of a task, once a new intent replaces them. */
export async function failStalePendingTransactions(
  db: Db,
  params: { taskId: string; keepIntentId: string; now: Date },
): Promise<void> {
  await db
    .update(transactions)
    .set({ status: 'failed', updated_at: params.now })
    .where(
      and(
        eq(transactions.task_id, params.taskId),
        eq(transactions.status, 'pending'),
        or(isNull(transactions.stripe_payment_intent_id), ne(transactions.stripe_payment_intent_id, params.keepIntentId)),
      ),
    );
}

// ---- the task's payment fields: conditional updates, so a lost race changes nothing ----

/** Stores a new intent on an assigned task still waiting for payment (or whose hold expired). */
export async function attachIntent(
  db: Db,
  params: { taskId: string; intentId: string; previousIntentId: string | null; now: Date },
): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({
      stripe_payment_intent_id: params.intentId,
      stripe_payment_method_id: null,
      authorization_hold_expires_at: null,
      payment_status: 'pending',
      updated_at: params.now,
    })
    .where(
      and(
        eq(tasks.id, params.taskId),
        // payment_lapsed: a new hold for work under way whose hold lapsed (decision 0113).
        inArray(tasks.status, ['assigned', 'payment_lapsed']),
        params.previousIntentId === null
          ? isNull(tasks.stripe_payment_intent_id)
          : eq(tasks.stripe_payment_intent_id, params.previousIntentId),
        or(
          inArray(tasks.payment_status, ['unpaid', 'pending']),
          and(eq(tasks.payment_status, 'authorized'), lte(tasks.authorization_hold_expires_at, params.now)),
        ),
      ),
    )
    .returning();
  return row;
}

/** unpaid/pending -> authorized for the task's own intent. */
export async function markAuthorized(
  db: Db,
  params: { taskId: string; intentId: string; paymentMethodId: string | null; holdExpiresAt: Date | null; now: Date },
): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({
      payment_status: 'authorized',
      stripe_payment_method_id: params.paymentMethodId,
      authorization_hold_expires_at: params.holdExpiresAt,
      updated_at: params.now,
    })
    .where(
      and(
        eq(tasks.id, params.taskId),
        eq(tasks.stripe_payment_intent_id, params.intentId),
        inArray(tasks.payment_status, ['unpaid', 'pending']),
      ),
    )
    .returning();
  return row;
}

/** authorized -> captured for the task's own intent: exactly one caller wins. */
export async function markCaptured(
  db: Db,
  params: { taskId: string; intentId: string; now: Date },
): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({ payment_status: 'captured', updated_at: params.now })
    .where(
      and(
        eq(tasks.id, params.taskId),
        eq(tasks.stripe_payment_intent_id, params.intentId),
        eq(tasks.payment_status, 'authorized'),
      ),
    )
    .returning();
  return row;
}

/**
 * After a hold was voided: back to unpaid, with no intent. Only the payment fields; the task's own
 * transition (status, expert, timestamps) is the tasks module's statement.
 */
export async function clearReleasedIntent(
  db: Db,
  params: { taskId: string; intentId: string; now: Date },
): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({
      payment_status: 'unpaid',
      stripe_payment_intent_id: null,
      stripe_payment_method_id: null,
      authorization_hold_expires_at: null,
      updated_at: params.now,
    })
    .where(
      and(
        eq(tasks.id, params.taskId),
        eq(tasks.stripe_payment_intent_id, params.intentId),
        ne(tasks.payment_status, 'captured'),
      ),
    )
    .returning();
  return row;
}
