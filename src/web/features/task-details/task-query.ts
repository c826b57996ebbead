import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { capabilitiesOf, type TaskCapability } from '@shared/domain/permissions';
import { TASK_QUERY } from '@shared/constants';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import type { MeDto } from '@shared/schemas/me.schemas';
import { api, ApiError } from '@web/lib/api';

/**
 * The task of the details page. Every task query lives under ['tasks'], so a change anywhere
 * (this page, the payment dialog, the dashboards) refreshes them all by invalidating that prefix.
 */
export const taskQueryKey = (taskId: string) => ['tasks', 'detail', taskId] as const;

export const taskPath = (taskId: string, rest = '') => `/api/tasks/${encodeURIComponent(taskId)}${rest}`;

/** The task query; also started by the route warm-up before the first render (decision 0390). */
export const taskQuery = (taskId: string) =>
  queryOptions({
    queryKey: taskQueryKey(taskId),
    queryFn: async () => (await api.get<{ task: TaskDetailsDto }>(taskPath(taskId))).task,
    // A missing task or a refusal will not change on a second try.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
      failures < TASK_QUERY.retry,
    refetchOnWindowFocus: TASK_QUERY.refetchOnWindowFocus,
  });

/** The spec: the task query needs a task id and a signed-in user, retries once and refetches on focus. */
export function useTaskQuery(taskId: string | undefined, signedIn: boolean) {
  return useQuery({ ...taskQuery(taskId ?? ''), enabled: Boolean(taskId) && signedIn });
}

/** What the caller may do: the server's evaluation of the roles matrix, or the same rules run here. */
export function capabilitiesFor(task: TaskDetailsDto, me: MeDto | null | undefined): Set<TaskCapability> {
  if (Array.isArray(task.capabilities)) return new Set(task.capabilities);
  if (!me) return new Set();
  const actor = { userId: me.user.id, isAdmin: me.roles.isAdmin, isExpert: me.roles.isExpert };
  return new Set(
    capabilitiesOf(actor, {
      status: task.status,
      payment_status: task.payment_status,
      client_id: task.client_id,
      expert_id: task.expert_id,
      authorization_hold_expires_at: task.authorization_hold_expires_at,
      hasApplied: task.applications.some((application) => application.expert_id === me.user.id),
      applicationCount: task.applications.length,
      hasReview: task.reviews.length > 0,
    }),
  );
}

/** The text for a failed action: the server's own words for a refusal (4xx), else the fallback. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message)
    return error.message;
  return fallback;
}

/** The server's message from an error of any kind, for the "{msg}" of the spec's failure templates. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

export interface TaskActionOptions<TVars, TResult> {
  taskId: string;
  run: (vars: TVars) => Promise<TResult>;
  /** The success toast: the server's message when it sends one, else this. */
  success: string | ((result: TResult) => string | null);
  /** The failure toast for the error; null when the form shows the error itself (no second copy). */
  failure: (error: unknown) => string | null;
  onSuccess?: (result: TResult, vars: TVars) => void;
}

/** One task action: run it, toast the outcome, and refetch every task query whatever happened. */
export function useTaskAction<TVars = void, TResult = { message?: string }>(
  options: TaskActionOptions<TVars, TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.run,
    onSuccess: (result, vars) => {
      const answer = result as { message?: unknown; payment_failed?: unknown } | undefined;
      const serverMessage = answer?.message;
      // The transition happened but the provider failed (capture, void): the server's text is an error.
      if (answer?.payment_failed === true && typeof serverMessage === 'string') {
        toast.error(serverMessage);
        options.onSuccess?.(result, vars);
        return;
      }
      const text =
        typeof options.success === 'function'
          ? options.success(result)
          : typeof serverMessage === 'string' && serverMessage
            ? serverMessage
            : options.success;
      if (text) toast.success(text);
      options.onSuccess?.(result, vars);
    },
    onError: (error) => {
      const text = options.failure(error);
      if (text) toast.error(text);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tasks'] }),
  });
}
