import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import type { AppointmentDto } from '@shared/schemas/appointments.schemas';
import { visitQueryKey } from '@web/lib/visit-query-key';
import { api, ApiError } from '@web/lib/api';
import { taskPath } from '../task-query';

export const visitKey = visitQueryKey;

export function useVisit(taskId: string) {
  return useQuery({
    queryKey: visitQueryKey(taskId),
    queryFn: async () =>
      (await api.get<{ appointment: AppointmentDto }>(taskPath(taskId, '/appointment'))).appointment,
    retry: false,
  });
}

/** A change of the visit: the answer's appointment replaces the cached one; its message is toasted. */
export function useVisitChange<TVars>(
  taskId: string,
  run: (vars: TVars) => Promise<{ appointment: AppointmentDto; message: string }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      queryClient.setQueryData(visitQueryKey(taskId), answer.appointment);
      toast.success(answer.message);
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : messages.common.internal),
  });
}

export type VisitAnswer = { appointment: AppointmentDto; message: string };

export const visitCalls = (taskId: string) => ({
  propose: (body: { windows: Array<{ start: string; end: string }>; reason?: string }) =>
    api.post<VisitAnswer>(taskPath(taskId, '/appointment/proposals'), body),
  accept: ({ proposalId, choice }: { proposalId: string; choice: number }) =>
    api.post<VisitAnswer>(taskPath(taskId, `/appointment/proposals/${proposalId}/accept`), { choice }),
  decline: ({ proposalId }: { proposalId: string }) =>
    api.post<VisitAnswer>(taskPath(taskId, `/appointment/proposals/${proposalId}/decline`), {}),
});
