import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CHAT_ATTACHMENT_FIELD } from '@shared/domain/attachments';
import type { ChatMessageDto, ChatThreadDto, ConversationDto } from '@shared/schemas/chat.schemas';
import { api } from '@web/lib/api';

export const chatQueryKey = (taskId: string) => ['chat', taskId] as const;
const chatPath = (taskId: string) => `/api/tasks/${encodeURIComponent(taskId)}/messages`;

export const chatQuery = (taskId: string) =>
  queryOptions({
    queryKey: chatQueryKey(taskId),
    queryFn: () => api.get<ChatThreadDto>(chatPath(taskId)),
    staleTime: 0,
    retry: false,
  });

export const conversationsQuery = queryOptions({
  queryKey: ['conversations'],
  queryFn: () => api.get<{ conversations: ConversationDto[] }>('/api/conversations'),
  staleTime: 0,
});

export function useSendMessage(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api.post<{ message: ChatMessageDto }>(chatPath(taskId), { content }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: chatQueryKey(taskId) });
      void queryClient.invalidateQueries({ queryKey: ['conversations'] });
    },
  });
}

export function useSendFile(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set(CHAT_ATTACHMENT_FIELD, file);
      return api.post<{ message: ChatMessageDto }>(`${chatPath(taskId)}/attachments`, form);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: chatQueryKey(taskId) });
      void queryClient.invalidateQueries({ queryKey: ['conversations'] });
    },
  });
}
