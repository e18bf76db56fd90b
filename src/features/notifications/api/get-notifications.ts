import type { InAppNotification } from '@contract/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationsQueryKeys } from './query-keys';

/** GET /api/notifications: the caller's last 50 in-app notifications, newest first, and the unread count. */
export interface NotificationList {
  unread: number;
  items: InAppNotification[];
}

/** How often the bell asks while the tab is visible. */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

// Typed, not parsed: the bell is on every portal page, and what it shows is rendered as text anyway.
export const getNotifications = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<NotificationList>('/notifications', { signal });

export const getNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsQueryKeys.list(),
    queryFn: ({ signal }) => getNotifications({ signal }),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    // Not in a background tab: it would keep a phone's radio awake for a count nobody sees.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

export const useNotifications = () => useQuery(getNotificationsQueryOptions());
