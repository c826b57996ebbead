import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CHAT_ATTACHMENT_FIELD } from '@shared/domain/attachments';
import type { ChatMessageDto, ChatThreadDto, ConversationDto } from '@shared/schemas/chat.schemas';
import { api } from '@web/lib/api';

export const chatQueryKey = (taskId: string) => ['chat', taskId] as const;
const chatPath = (taskId: string) => `/api/tasks/${encodeURIComponent(taskId)}/messages`;

/**
 * A chat as pages, newest first: the first is the newest CHAT.pageSize messages, each next one the
 * page before the oldest message loaded. A refetch (a new message, a send) reads the pages again in
 * that order, each from the one before it, so no message falls between two pages.
 */
export const chatQuery = (taskId: string) =>
  infiniteQueryOptions({
    queryKey: chatQueryKey(taskId),
    queryFn: ({ pageParam }) =>
      api.get<ChatThreadDto>(pageParam ? `${chatPath(taskId)}?before=${encodeURIComponent(pageParam)}` : chatPath(taskId)),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.has_earlier ? (page.messages[0]?.id ?? null) : null),
    staleTime: 0,
    retry: false,
  });

/** A chat's messages oldest first, from its pages (newest page first). */
export const messagesOfPages = (pages: readonly ChatThreadDto[]) => [...pages].reverse().flatMap((page) => page.messages);

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
