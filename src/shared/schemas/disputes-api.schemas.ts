import { z } from 'zod';
import { TRANSACTION_STATUSES } from '../domain/enums';
import { TASK_STATUSES } from '../domain/task-state';
import {
  DISPUTE_RESOLUTIONS,
  type AdminDisputeDto,
  type DisputeDto,
  type MoneySettingsDto,
  type RefundableTransactionDto,
  type TaskMoneyDto,
} from './disputes.schemas';
import { taskTransitionSchema } from './task-api.schemas';

/**
 * The dispute, hold and refund responses as zod schemas (issue 21): the OpenAPI document describes the
 * answers with them and the API suite checks every answer against them; the `same` checks below fail
 * the build when a schema and the interface the web app reads (disputes.schemas.ts) drift apart.
 */

const isoDate = z.string().meta({ format: 'date-time' });

export const disputeDtoSchema = z
  .object({
    id: z.string(),
    task_id: z.string(),
    reason: z.string(),
    request_changes: z.boolean(),
    status: z.enum(['open', 'resubmitted', 'resolved']),
    resolution: z.enum(['release', 'refund', 'partial', 'expert_accepted', 'client_confirmed']).nullable(),
    captured_amount: z.number().int().nullable(),
    resubmitted_at: isoDate.nullable(),
    resolved_at: isoDate.nullable(),
    created_at: isoDate,
  })
  .meta({ id: 'Dispute' });

export const taskMoneyDtoSchema = z
  .object({
    task_id: z.string(),
    status: z.string(),
    payment_status: z.string(),
    authorization_hold_expires_at: isoDate.nullable(),
    review_window_ends_at: isoDate.nullable(),
    dispute: disputeDtoSchema.nullable(),
    can_resubmit: z.boolean(),
    can_accept_rejection: z.boolean(),
    can_reauthorize: z.boolean(),
    has_saved_card: z.boolean(),
    reauthorize_with: z.enum(['saved_card', 'payment_dialog']).nullable(),
    amount_cents: z.number().int(),
    server_now: isoDate,
  })
  .meta({ id: 'TaskMoney' });

export const adminDisputeDtoSchema = disputeDtoSchema
  .extend({
    task: z.object({
      id: z.string(),
      title: z.string(),
      status: z.string(),
      budget: z.number().int(),
      payment_status: z.string(),
      authorization_hold_expires_at: isoDate.nullable(),
    }),
    client_id: z.string(),
    client_name: z.string(),
    expert_id: z.string().nullable(),
    expert_name: z.string().nullable(),
  })
  .meta({ id: 'AdminDispute' });

export const refundableTransactionDtoSchema = z
  .object({
    id: z.string(),
    task_id: z.string(),
    task_title: z.string(),
    amount: z.number().int(),
    amount_refunded: z.number().int(),
    platform_fee: z.number().int(),
    status: z.string(),
    created_at: isoDate,
  })
  .meta({ id: 'RefundableTransaction' });

export const moneySettingsDtoSchema = z.object({ review_window_hours: z.number().int() }).meta({ id: 'MoneySettings' });

export const adminDisputeListSchema = z.object({ disputes: z.array(adminDisputeDtoSchema) });
export const refundableTransactionListSchema = z.object({ transactions: z.array(refundableTransactionDtoSchema) });

/** POST /tasks/:id/evidence/reject and /evidence/resubmit: the task transition, never a payment failure. */
export const disputeTransitionSchema = taskTransitionSchema.extend({ payment_failed: z.boolean() });

/** POST /tasks/:id/dispute/accept: the task is cancelled; payment_failed when the hold was not voided yet. */
export const rejectionAcceptedSchema = z.object({ message: z.string(), payment_failed: z.boolean() });

/** POST /admin/disputes/:id/resolve. */
export const disputeResolvedSchema = z.object({
  message: z.string(),
  resolution: z.enum(DISPUTE_RESOLUTIONS),
  captured_amount: z.number().int(),
});

/** POST /admin/transactions/:id/refund (the same answer when the idempotency key was already used). */
export const refundResultSchema = z.object({
  message: z.string(),
  transaction_status: z.enum(TRANSACTION_STATUSES),
  amount_refunded: z.number().int(),
});

/** POST /tasks/:id/payment/reauthorize: the task's new hold. */
export const reauthorizeResultSchema = z.object({
  message: z.string(),
  status: z.enum(TASK_STATUSES),
  payment_status: z.string(),
  authorization_hold_expires_at: isoDate.nullable(),
});

// Compile-time: each schema's output is exactly the interface the web app reads.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(check: Same<A, B>) => check;
same<z.output<typeof disputeDtoSchema>, DisputeDto>(true);
same<z.output<typeof taskMoneyDtoSchema>, TaskMoneyDto>(true);
same<z.output<typeof adminDisputeDtoSchema>, AdminDisputeDto>(true);
same<z.output<typeof refundableTransactionDtoSchema>, RefundableTransactionDto>(true);
same<z.output<typeof moneySettingsDtoSchema>, MoneySettingsDto>(true);
