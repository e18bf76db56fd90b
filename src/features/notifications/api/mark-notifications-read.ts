import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { NotificationList } from './get-notifications';
import { notificationsQueryKeys } from './query-keys';

/** The notifications to mark read; without `ids`, all of the caller's. */
export interface MarkNotificationsReadInput {
  ids?: string[];
}

export const markNotificationsReadMutationKey = ['notifications', 'mark-read'] as const;

/** POST /api/notifications/read (204). */
export async function markNotificationsRead({ ids }: MarkNotificationsReadInput): Promise<void> {
  await api('/notifications/read', { method: 'POST', body: ids ? { ids } : {} });
}

/** The list with `ids` (or every notification) read at `at`, and the ids that were unread before. */
export function withRead(
  list: NotificationList,
  ids: readonly string[] | undefined,
  at: string,
): { list: NotificationList; changed: string[] } {
  const changed = list.items
    .filter((n) => n.readAt === null && (!ids || ids.includes(n.id)))
    .map((n) => n.id);
  if (!changed.length && ids) return { list, changed };
  return {
    list: {
      // Marking all reads what is beyond the last 50 too.
      unread: ids ? Math.max(0, list.unread - changed.length) : 0,
      items: list.items.map((n) => (changed.includes(n.id) ? { ...n, readAt: at } : n)),
    },
    changed,
  };
}

export const markNotificationsReadMutationOptions = () =>
  mutationOptions({
    mutationKey: markNotificationsReadMutationKey,
    mutationFn: markNotificationsRead,
    // Not queued offline: the bell shows the server's state, and a read mark is not worth an outbox entry.
    networkMode: 'always',
  });

/**
 * Marks read at once in the cache (the badge drops on the tap), then asks the server. A failure puts
 * back only what this call changed, so a second mark in flight keeps its own.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const key = notificationsQueryKeys.list();
  return useMutation({
    ...markNotificationsReadMutationOptions(),
    onMutate: async ({ ids }) => {
      // A refetch already running would answer the state before this mark.
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationList>(key);
      if (!before) return { changed: [] as string[], wasUnread: 0 };
      const { list, changed } = withRead(before, ids, new Date().toISOString());
      queryClient.setQueryData(key, list);
      return { changed, wasUnread: before.unread - list.unread };
    },
    onError: (_error, _input, result) => {
      if (!result?.wasUnread && !result?.changed.length) return;
      queryClient.setQueryData<NotificationList>(key, (list) =>
        list
          ? {
              unread: list.unread + result.wasUnread,
              items: list.items.map((n) => (result.changed.includes(n.id) ? { ...n, readAt: null } : n)),
            }
          : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
