import { useMutation, useQuery } from '@tanstack/react-query';
import type { MessengerList } from '@casino/contracts';
import { api, apiBare } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';

export const messengerQueryKey = ['messenger'] as const;
/** The unread count: set by every list answer, every read or delete, and every push. */
export const unreadQueryKey = [...messengerQueryKey, 'unread'] as const;

export const fetchMessages = (page: number, perPage: number, signal?: AbortSignal) =>
  apiBare<MessengerList>('GET', '/api/notification/messenger/messages', {
    query: { page, perPage },
    ...(signal ? { signal } : {}),
  }).then((list) => {
    queryClient.setQueryData(unreadQueryKey, list.meta.totalUnread);
    return list;
  });

export const useMessages = (page: number, perPage: number, enabled = true) =>
  useQuery({
    queryKey: [...messengerQueryKey, 'list', page, perPage],
    enabled,
    queryFn: ({ signal }) => fetchMessages(page, perPage, signal),
  });

/** The header's count: the popover's first page answers it (3 latest messages and meta.totalUnread). */
export const useUnreadCount = (enabled: boolean) =>
  useQuery({
    queryKey: unreadQueryKey,
    enabled,
    queryFn: async ({ signal }) => (await fetchMessages(1, 3, signal)).meta.totalUnread,
  });

const settled = ({ totalUnread }: { totalUnread: number }) => {
  queryClient.setQueryData(unreadQueryKey, totalUnread);
  void queryClient.invalidateQueries({ queryKey: [...messengerQueryKey, 'list'] });
};

export const useMarkRead = () =>
  useMutation({
    mutationFn: (messageIds: string[]) =>
      api<{ totalUnread: number }>('POST', '/api/notification/messenger/messages/read', { body: { messageIds } }),
    onSuccess: settled,
  });

export const useMarkAllRead = () =>
  useMutation({
    mutationFn: () => api<{ totalUnread: number }>('POST', '/api/notification/messenger/messages/read/all'),
    onSuccess: settled,
  });

export const useDeleteMessages = () =>
  useMutation({
    mutationFn: (messageIds: string[]) =>
      api<{ totalUnread: number }>('DELETE', '/api/notification/messenger/messages', { body: { messageIds } }),
    onSuccess: settled,
  });
