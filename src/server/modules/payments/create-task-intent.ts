import { MONEY } from '@shared/constants';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import type { PaymentIntentInfo, PaymentProvider } from '../../providers/payments/payment-provider';
import { finishAction, startAction } from './payments.repository';
import { asProviderError } from './task-payments';

/**
 * A task's new payment hold at the provider, recorded as a payment action around the call: the
 * action row first (a crash leaves it `started`, and the retry replays the same idempotency key, so
 * the provider answers with the intent it made), then the call; a refusal finishes the row `failed`
 * and answers "authorization failed". The checkout and the client's renewal dialog both create holds
 * this way; the caller finishes the row `succeeded` in the transaction that records the intent.
 */
export async function createTaskIntent(
  deps: { db: Db; clock: Clock; provider: () => PaymentProvider },
  params: {
    task: { id: string; title: string; client_id: string; expert_id: string | null };
    action: 'create_intent' | 'reauthorize_intent';
    key: string;
    amountCents: number;
    feeCents: number;
    destinationAccountId: string;
    /** Added to the intent's metadata beside the task and its parties (e.g. the hold it replaces). */
    metadata?: Record<string, string>;
  },
): Promise<PaymentIntentInfo> {
  const { task } = params;
  await startAction(deps.db, { taskId: task.id, action: params.action, key: params.key, amount: params.amountCents, now: deps.clock.now() });
  try {
    return await deps.provider().createPaymentIntent({
      amountCents: params.amountCents,
      currency: MONEY.currency,
      applicationFeeCents: params.feeCents,
      destinationAccountId: params.destinationAccountId,
      description: `Task: ${task.title}`.slice(0, 500),
      metadata: { task_id: task.id, client_id: task.client_id, expert_id: task.expert_id ?? '', ...params.metadata },
      idempotencyKey: params.key,
    });
  } catch (error) {
    const failure = asProviderError(error);
    await finishAction(deps.db, { key: params.key, status: 'failed', error: failure.message, now: deps.clock.now() });
    throw new AppError('provider_error', messages.payment.authorizationFailed, { details: failure });
  }
}
