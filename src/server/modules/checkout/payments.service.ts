import { MONEY } from '@shared/constants';
import { format } from '@shared/format-message';
import { platformFeeCents } from '@shared/domain/money';
import { check, type PermissionCheck } from '@shared/domain/permissions';
import { canCapturePayment } from '@shared/domain/task-status';
import { messages } from '@shared/messages';
import type {
  CapturePaymentRequest,
  ConfirmPaymentRequest,
  LocalAuthenticateRequest,
  localCardSchema,
} from '@shared/schemas/payments.schemas';
import type { CaptureResultDto, LocalCardResultDto, PaymentIntentDto, TaskDto } from '@shared/schemas/task-api';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { SessionUser } from '../../http/context';
import { AppError, badRequest, conflict, forbidden, notFound, unauthenticated } from '../../lib/errors';
import type { LocalPaymentProvider } from '../../providers/payments/local-adapter';
import {
  idempotencyKeyFor,
  PaymentProviderError,
  type PaymentIntentInfo,
  type PaymentIntentStatus,
} from '../../providers/payments/payment-provider';
import { crashPoint } from '../../ops/crash-points';
import { rolesOf } from '../profiles/profiles.repository';
import { ensureAuthorized } from '../holds/payment-authorization';
import { toTaskDto } from '../tasks/tasks.dto';
import { accessFactsOf, loadActor } from '../tasks/task-access';
import type { TaskRow as TaskAccessRow } from '../tasks/tasks.repository';
import {
  attachIntent,
  findTask,
  findTaskByIntent,
  findTaskForPayment,
  findTaskOfReplacementIntent,
  finishAction,
  listActions,
  platformFeePercent,
  releaseIntentTransactions,
  transactionsOfTask,
  upsertIntentTransaction,
  type TaskRow,
} from '../payments/payments.repository';
import { createTaskIntent } from '../payments/create-task-intent';
import { createReauthorizeDialogService } from '../holds/reauthorize-dialog.service';

/** Intents the client can still pay: the dialog reuses them instead of creating another. */
const PAYABLE: PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
/** Intents that still hold, or may still come to hold, money on the client's card. */
const LIVE: PaymentIntentStatus[] = [...PAYABLE, 'requires_capture'];

const refusal = (result: Extract<PermissionCheck, { ok: false }>) =>
  result.reason === 'forbidden' ? forbidden(result.message) : conflict(result.message);

/** What /payments/confirm answers for an intent that is not (yet) an authorized hold. */
function notAuthorizedError(status: PaymentIntentStatus): AppError {
  switch (status) {
    case 'succeeded':
      return conflict(messages.payment.alreadyCaptured);
    case 'processing':
      return conflict(messages.payment.processing);
    case 'requires_payment_method':
      return badRequest(messages.payment.tryDifferentMethod);
    case 'requires_action':
    case 'requires_confirmation':
      return conflict(messages.payment.authorizationFailed);
    case 'canceled':
      return conflict(messages.payment.failed);
    default:
      return conflict(format(messages.payment.unexpectedStatus, { status: String(status) }));
  }
}

export function createPaymentsService(deps: AppDeps) {
  const { db, clock } = deps;
  const provider = () => deps.providers.payments;
  const taskPayments = deps.taskPayments;
  const renewal = createReauthorizeDialogService({ db, clock, payments: taskPayments, provider });

  /** The local provider's extra methods, or 404 with the real provider (its card fields never reach us). */
  function localProvider(): LocalPaymentProvider {
    const current = provider();
    if (current.name !== 'local') throw notFound(messages.payment.providerNotLocal);
    return current as LocalPaymentProvider;
  }

  /**
   * 404 "Task not found" for whoever may not see the task at all, exactly as the task routes answer,
   * so that the payment routes are no oracle for other clients' tasks. Those who see it (the assigned
   * expert, an applicant, an admin) keep the 403 of the check that follows.
   */
  async function hideUnlessVisible(userId: string, task: TaskAccessRow, notFoundText: string = messages.tasks.notFound) {
    if (task.client_id === userId) return;
    const actor = await loadActor(db, userId);
    if (!check(actor, 'view', await accessFactsOf(db, actor, task), clock.now()).ok) throw notFound(notFoundText);
  }

  /** The intent behind a client secret and its task, for the task's client only. */
  async function intentOfClient(user: SessionUser, clientSecret: string): Promise<{ intent: PaymentIntentInfo; task: TaskRow }> {
    const local = localProvider();
    let intent: PaymentIntentInfo;
    try {
      intent = await local.retrievePaymentIntentByClientSecret(clientSecret);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.kind === 'not_found') throw notFound(messages.payment.intentNotFound);
      throw error;
    }
    // The dialog's renewal of a live hold is not the task's intent until it is authorized.
    const task = (await findTaskByIntent(db, intent.id)) ?? (await findTaskOfReplacementIntent(db, intent.id));
    if (!task) throw notFound(messages.payment.intentNotFound);
    await hideUnlessVisible(user.id, task, messages.payment.intentNotFound);
    if (task.client_id !== user.id) throw forbidden(messages.payment.onlyClientCanPay);
    return { intent, task };
  }

  /**
   * One attempt at the task's intent: the first attempt's key is the task's, later ones (after a
   * failed or cancelled attempt) add the attempt number; an attempt whose outcome is unknown (a
   * crash) is replayed with its own key, so the provider answers with the intent it made.
   */
  async function createAttempt(
    task: TaskRow,
    params: { amount: number; fee: number; destination: string },
  ): Promise<{ key: string; intent: PaymentIntentInfo }> {
    const attempts = await listActions(db, task.id, 'create_intent');
    const unfinished = attempts[0]?.status === 'started' ? attempts[0] : undefined;
    const key =
      unfinished?.idempotency_key ??
      idempotencyKeyFor(task.id, 'create_payment_intent', attempts.length === 0 ? undefined : attempts.length + 1);
    const intent = await createTaskIntent(
      { db, clock, provider },
      { task, action: 'create_intent', key, amountCents: params.amount, feeCents: params.fee, destinationAccountId: params.destination },
    );
    return { key, intent };
  }

  /**
   * Voids every live intent the provider holds for the task except `keep` (and except the task's own
   * authorized hold): the orphans of attempts whose record a crash lost. Each void has its own key.
   */
  async function voidOtherLiveIntents(taskId: string, keep: string | null) {
    const known = await provider()
      .listPaymentIntentsForTask(taskId)
      .catch((error: unknown) => {
        throw new AppError('provider_error', messages.payment.authorizationFailed, { details: error });
      });
    const current = await findTask(db, taskId);
    const ownHold = current?.payment_status === 'authorized' ? current.stripe_payment_intent_id : null;
    for (const intent of known) {
      if (intent.id === keep || intent.id === ownHold || !LIVE.includes(intent.status)) continue;
      await provider()
        .cancelPaymentIntent(intent.id, { idempotencyKey: idempotencyKeyFor(taskId, 'cancel_hold', `orphan:${intent.id}`), reason: 'hold_replaced' })
        .catch((error: unknown) => {
          throw new AppError('provider_error', messages.payment.authorizationFailed, { details: error });
        });
    }
  }

  async function intentDto(intent: PaymentIntentInfo, taskId: string, amount: number, feePercent: number): Promise<PaymentIntentDto> {
    const row = (await transactionsOfTask(db, taskId)).find((r) => r.stripe_payment_intent_id === intent.id);
    return {
      provider: provider().name,
      paymentIntentId: intent.id,
      paymentIntentClientSecret: intent.clientSecret,
      amount,
      platform_fee: row?.platform_fee ?? platformFeeCents(amount, feePercent),
      currency: MONEY.currency,
    };
  }

  return {
    /** POST /payments/intent: a manual-capture intent for the task's agreed amount. */
    async createIntent(user: SessionUser, taskId: string): Promise<PaymentIntentDto> {
      const found = await findTaskForPayment(db, taskId);
      if (!found) throw notFound(messages.tasks.notFound);
      const { task, expert } = found;
      await hideUnlessVisible(user.id, task);
      const now = clock.now();
      const allowed = check({ userId: user.id, ...(await rolesOf(db, user.id)) }, 'authorize_payment', task, now);
      if (!allowed.ok) throw refusal(allowed);
      const destination = expert?.stripe_account_id;
      if (!destination || !expert.stripe_onboarding_completed || expert.stripe_account_status !== 'active') {
        throw conflict(messages.payment.cannotAuthorize);
      }
      const feePercent = await platformFeePercent(db);
      const amount = task.budget;

      const previousIntentId = task.stripe_payment_intent_id;
      if (previousIntentId && task.payment_status !== 'authorized') {
        const previous = await provider()
          .retrievePaymentIntent(previousIntentId)
          .catch((error: unknown) => {
            if (error instanceof PaymentProviderError && error.kind === 'not_found') return null;
            throw new AppError('provider_error', messages.payment.authorizationFailed, { details: error });
          });
        // One hold per task (decision 0440): the card step authorized this intent but its confirm
        // never arrived (a crash, a closed tab). Record it and reuse it; never make a second hold.
        if (previous?.status === 'requires_capture' && previous.amountCents === amount) {
          await ensureAuthorized(db, { taskId: task.id, intent: previous, now: clock.now() });
          return intentDto(previous, task.id, amount, feePercent);
        }
        if (previous && PAYABLE.includes(previous.status) && previous.amountCents === amount) {
          await voidOtherLiveIntents(task.id, previous.id);
          return intentDto(previous, task.id, amount, feePercent);
        }
      }
      // A new intent: the first attempt's key is the task's, later ones (after a failed or
      // cancelled attempt) add the attempt number; an attempt whose outcome is unknown is replayed.
      const fee = platformFeeCents(amount, feePercent);
      let { key, intent } = await createAttempt(task, { amount, fee, destination });
      if (intent.status === 'canceled') {
        // The replayed attempt's intent was released meanwhile (the reconciler voids an intent no
        // task records, as a crash before the attach leaves it): that attempt failed; make a new one.
        await finishAction(db, { key, status: 'failed', error: 'The intent was released before it was attached.', now: clock.now() });
        ({ key, intent } = await createAttempt(task, { amount, fee, destination }));
      }
      crashPoint('intent.after_create');

      const attached = await db.transaction(async (tx) => {
        const at = clock.now();
        const row = await attachIntent(tx, { taskId: task.id, intentId: intent.id, previousIntentId, now: at });
        await finishAction(tx, { key, status: 'succeeded', intentId: intent.id, now: at });
        if (!row) return false;
        if (previousIntentId) await releaseIntentTransactions(tx, { taskId: task.id, intentId: previousIntentId, now: at });
        await upsertIntentTransaction(tx, {
          taskId: task.id,
          intentId: intent.id,
          amount,
          platformFee: fee,
          platformFeePercent: feePercent,
          status: 'pending',
          from: ['pending'],
          now: at,
        });
        return true;
      });
      if (!attached) {
        // A parallel request attached the same intent (same key): same answer. Anything else lost the race.
        const current = await findTask(db, task.id);
        if (current?.stripe_payment_intent_id !== intent.id) throw conflict(messages.payment.cannotAuthorize);
      }
      // Any other live intent of this task at the provider (an earlier attempt, one whose record a
      // crash lost) is voided now that this one is the task's: the card never carries two holds.
      // After the attach, so that two parallel requests (the same key, the same intent) never void
      // each other's.
      await voidOtherLiveIntents(task.id, intent.id);
      return intentDto(intent, task.id, amount, feePercent);
    },

    /** POST /payments/local/confirm: the local card form's test card against the intent. */
    async localConfirm(user: SessionUser, card: z.output<typeof localCardSchema>): Promise<LocalCardResultDto> {
      const { intent } = await intentOfClient(user, card.client_secret);
      // Already authorized (an earlier submit whose answer was lost): the dialog goes on to confirm.
      if (intent.status === 'requires_capture') return { status: intent.status };
      try {
        const result = await localProvider().confirmPaymentIntent(card.client_secret, {
          cardNumber: card.card_number,
          expMonth: card.exp_month,
          expYear: card.exp_year,
          cvc: card.cvc,
        });
        crashPoint('card.after_authorize');
        return { status: result.status as LocalCardResultDto['status'] };
      } catch (error) {
        if (error instanceof PaymentProviderError && error.kind === 'card_declined') {
          return { status: 'requires_payment_method', error: messages.payment.tryDifferentMethod };
        }
        if (error instanceof PaymentProviderError && error.kind === 'invalid_state') {
          // A double click: the first submit authorized the hold while this one waited. Same success.
          const now = await provider().retrievePaymentIntent(intent.id).catch(() => null);
          if (now?.status === 'requires_capture') return { status: 'requires_capture' };
          throw conflict(messages.payment.cannotAuthorize);
        }
        throw new AppError('provider_error', messages.payment.authorizationFailed, { details: error });
      }
    },

    /** POST /payments/local/authenticate: the local stand-in for the bank's 3-D Secure answer. */
    async localAuthenticate(user: SessionUser, body: LocalAuthenticateRequest): Promise<LocalCardResultDto> {
      const { intent } = await intentOfClient(user, body.client_secret);
      if (intent.status === 'requires_capture') return { status: intent.status };
      try {
        const result = await localProvider().completeAuthentication(intent.id, body.approve);
        return { status: result.status as LocalCardResultDto['status'] };
      } catch (error) {
        if (error instanceof PaymentProviderError && error.kind === 'authentication_failed') {
          return { status: 'requires_payment_method', error: messages.payment.authorizationFailed };
        }
        if (error instanceof PaymentProviderError && error.kind === 'invalid_state') throw conflict(messages.payment.cannotAuthorize);
        throw new AppError('provider_error', messages.payment.authorizationFailed, { details: error });
      }
    },

    /** GET /payments/intent-status: the return page's read of the intent with the local provider. */
    async intentStatus(user: SessionUser, clientSecret: string) {
      const { intent, task } = await intentOfClient(user, clientSecret);
      return { status: intent.status, payment_intent_id: intent.id, task_id: task.id };
    },

    /** POST /payments/confirm (stage confirm_authorization). */
    async confirmAuthorization(user: SessionUser | null, body: ConfirmPaymentRequest): Promise<{ message: string; task: TaskDto }> {
      if (!user) throw unauthenticated(messages.payment.notAuthenticated);
      const task = await findTask(db, body.taskId);
      if (!task) throw notFound(messages.tasks.notFound);
      await hideUnlessVisible(user.id, task);
      if (task.client_id !== user.id) throw forbidden(messages.payment.onlyClientCanPay);
      if (task.stripe_payment_intent_id !== body.paymentIntentId) {
        if (!(await findTaskOfReplacementIntent(db, body.paymentIntentId))) throw conflict(messages.payment.confirmAuthorizationFailed);
        const renewed = await renewal.confirm(user.id, {
          taskId: task.id,
          paymentIntentId: body.paymentIntentId,
          clientSecret: body.paymentIntentClientSecret,
        });
        return { message: renewed.message, task: toTaskDto(renewed.task) };
      }
      if (task.payment_status === 'authorized') {
        return { message: messages.payment.authorizationConfirmed, task: toTaskDto(task) };
      }
      if (task.payment_status === 'captured') throw conflict(messages.payment.alreadyCaptured);

      let intent: PaymentIntentInfo;
      try {
        intent = await provider().retrievePaymentIntent(body.paymentIntentId);
      } catch (error) {
        throw new AppError('provider_error', messages.payment.confirmAuthorizationFailed, { details: error });
      }
      if (intent.clientSecret !== body.paymentIntentClientSecret) throw badRequest(messages.payment.confirmAuthorizationFailed);
      if (intent.status !== 'requires_capture') throw notAuthorizedError(intent.status);
      const authorized = await ensureAuthorized(db, { taskId: task.id, intent, now: clock.now() });
      if (!authorized) throw conflict(messages.payment.confirmAuthorizationFailed);
      return { message: messages.payment.authorizationConfirmed, task: toTaskDto(authorized) };
    },

    /** POST /payments/capture: a retry after a failed capture, by the client or an admin. */
    async retryCapture(user: SessionUser, body: CapturePaymentRequest): Promise<CaptureResultDto> {
      const task = await findTask(db, body.task_id);
      if (!task) throw notFound(messages.tasks.notFound);
      await hideUnlessVisible(user.id, task);
      const roles = await rolesOf(db, user.id);
      if (!roles.isAdmin && task.client_id !== user.id) throw forbidden(messages.payment.onlyClientCanPay);
      if (body.stripe_payment_intent_id && body.stripe_payment_intent_id !== task.stripe_payment_intent_id) {
        throw conflict(messages.payment.cannotCapture);
      }
      if (task.payment_status === 'captured') return taskPayments.capture(task);
      if (!canCapturePayment(task, clock.now())) throw conflict(messages.payment.cannotCapture);
      return taskPayments.capture(task);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
