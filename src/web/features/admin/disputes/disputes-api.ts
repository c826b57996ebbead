import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type {
  AdminDisputeDto,
  RefundableTransactionDto,
  RefundRequest,
  ResolveDisputeRequest,
} from '@shared/schemas/disputes.schemas';
import { api, ApiError } from '@web/lib/api';

const root = ['admin', 'disputes'] as const;

export function useDisputes(status: 'open' | 'resolved') {
  return useQuery({
    queryKey: [...root, status],
    queryFn: async () => (await api.get<{ disputes: AdminDisputeDto[] }>(`/api/admin/disputes?status=${status}`)).disputes,
  });
}

export function useRefundable() {
  return useQuery({
    queryKey: [...root, 'refundable'],
    queryFn: async () =>
      (await api.get<{ transactions: RefundableTransactionDto[] }>('/api/admin/refundable-transactions')).transactions,
  });
}

const errorText = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : String(error));

export function useResolveDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResolveDisputeRequest }) =>
      api.post<{ message: string }>(`/api/admin/disputes/${encodeURIComponent(id)}/resolve`, body),
    onSuccess: (result) => toast.success(result.message),
    onError: (error) => toast.error(errorText(error)),
    onSettled: () => client.invalidateQueries({ queryKey: root }),
  });
}

export function useRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RefundRequest }) =>
      api.post<{ message: string }>(`/api/admin/transactions/${encodeURIComponent(id)}/refund`, body),
    onSuccess: (result) => toast.success(result.message),
    onError: (error) => toast.error(errorText(error)),
    onSettled: () => client.invalidateQueries({ queryKey: root }),
  });
}
