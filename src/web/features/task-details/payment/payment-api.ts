import type { QueryClient } from '@tanstack/react-query';
import { messages } from '@shared/messages';
import type { LocalCardRequest } from '@shared/schemas/payments.schemas';
import type { CaptureResultDto, LocalCardResultDto, PaymentIntentDto, TaskDto } from '@shared/schemas/task-api';
import { api } from '@web/lib/api';

/** The payment routes of the API (src/shared/schemas/task-api.ts, "Payments"). */

export const createPaymentIntent = (taskId: string) =>
  api.post<PaymentIntentDto>('/api/payments/intent', { task_id: taskId });

/** A fresh hold that will replace the task's live one (the saved card cannot be reused; decision 0113). */
export const createRenewalIntent = (taskId: string) =>
  api.post<PaymentIntentDto>(`/api/tasks/${encodeURIComponent(taskId)}/payment/reauthorize/intent`, {});

export const confirmLocalCard = (card: LocalCardRequest) =>
  api.post<LocalCardResultDto>('/api/payments/local/confirm', card);

export const completeLocalAuthentication = (clientSecret: string, approve: boolean) =>
  api.post<LocalCardResultDto>('/api/payments/local/authenticate', { client_secret: clientSecret, approve });

/** Stage confirm_authorization: the server reads the intent and records the hold. */
export const confirmAuthorization = (params: { taskId: string; paymentIntentId: string; clientSecret: string }) =>
  api.post<{ message: string; task: TaskDto }>('/api/payments/confirm', {
    taskId: params.taskId,
    paymentIntentId: params.paymentIntentId,
    paymentIntentClientSecret: params.clientSecret,
    action: 'confirm_authorization',
  });

export const retryCapture = (taskId: string) => api.post<CaptureResultDto>('/api/payments/capture', { task_id: taskId });

export interface IntentStatus {
  status: string;
  payment_intent_id: string;
  task_id: string;
}

/** The return page's read of an intent with the local provider. */
export const fetchLocalIntentStatus = (clientSecret: string) =>
  api.get<IntentStatus>('/api/payments/intent-status', { client_secret: clientSecret });

/** The failure text of a payment call: the server's own message, else the spec's fallback. */
export const paymentErrorMessage = (error: unknown, fallback: string = messages.payment.confirmAuthorizationFailed) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * Refreshes whatever shows this task after a payment change. The task page's query keys belong to
 * its own feature, so every query whose key mentions the task id (and the task lists) is refetched.
 */
export function refreshTaskQueries(queryClient: QueryClient, taskId: string) {
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey.includes(taskId) || query.queryKey[0] === 'tasks',
  });
}

/** Where the card provider sends the browser back after an authentication step (3-D Secure). */
export const paymentReturnUrl = (taskId: string, origin: string = window.location.origin) =>
  `${origin}/stripe-return?task_id=${encodeURIComponent(taskId)}`;
