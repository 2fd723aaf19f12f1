import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationCount,
  type NotificationView,
} from "../../common/schemas/notifications";
import { apiRequest } from "../lib/api";

/** Query keys; the first element is the path (spec §7 request helper). */
export const notificationKeys = {
  list: ["/api/notifications"] as const,
  unread: ["/api/notifications/unread-count"] as const,
  /** Shared with the messages screens: the same key and shape, so both show one number. */
  unreadMessages: ["/api/messages/unread-count"] as const,
};

export const fetchNotifications = () =>
  apiRequest<NotificationView[]>("GET", `/api/notifications?limit=${NOTIFICATIONS_PAGE_SIZE}`);

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.list, queryFn: fetchNotifications });

/** The newest items, fetched each time the dropdown opens (the cached ones show meanwhile). */
export const useNotifications = () => useQuery({ ...notificationsQueryOptions(), refetchOnMount: "always" });

/**
 * Both header counts, starting from what the page rendered: fresh until the live stream,
 * a change made here, or the fallback poll says otherwise, so hydrating fetches nothing.
 */
export function useUnreadCounts(initial: { notifications: number; messages: number }) {
  const notifications = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: () => apiRequest<NotificationCount>("GET", "/api/notifications/unread-count"),
    initialData: { count: initial.notifications },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const messages = useQuery({
    queryKey: notificationKeys.unreadMessages,
    queryFn: () => apiRequest<{ unreadCount: number }>("GET", "/api/messages/unread-count"),
    initialData: { unreadCount: initial.messages },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { notifications: notifications.data.count, messages: messages.data.unreadCount };
}

/** Sets both counts from the live stream's `counts` event. */
export function setUnreadCounts(
  client: QueryClient,
  counts: { notifications?: unknown; messages?: unknown },
) {
  const valid = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n >= 0;
  if (valid(counts.notifications))
    client.setQueryData(notificationKeys.unread, { count: counts.notifications });
  if (valid(counts.messages))
    client.setQueryData(notificationKeys.unreadMessages, { unreadCount: counts.messages });
}

/** A pushed item takes its place at the top of a list already loaded (its old copy goes). */
export function addNotification(client: QueryClient, item: NotificationView) {
  client.setQueryData<NotificationView[]>(notificationKeys.list, (list) =>
    list ? [item, ...list.filter((n) => n.id !== item.id)] : list,
  );
}

function markLocally(client: QueryClient, which: (n: NotificationView) => boolean) {
  let changed = 0;
  client.setQueryData<NotificationView[]>(notificationKeys.list, (list) =>
    list?.map((n) => {
      if (n.isRead || !which(n)) return n;
      changed++;
      return { ...n, isRead: true };
    }),
  );
  client.setQueryData<NotificationCount>(notificationKeys.unread, (c) =>
    c ? { count: Math.max(0, c.count - changed) } : c,
  );
}

/** Marks items read here at once (another tab's `notifications.read` does the same). */
export function applyRead(client: QueryClient, payload: { ids?: unknown; all?: unknown }) {
  if (payload.all === true) {
    markLocally(client, () => true);
    client.setQueryData<NotificationCount>(notificationKeys.unread, { count: 0 });
    return;
  }
  const ids = Array.isArray(payload.ids) ? payload.ids : [];
  markLocally(client, (n) => ids.includes(n.id));
}

/** Spec §4 Notification: unread becomes read when clicked; the count follows. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ id: number; isRead: boolean }>("POST", `/api/notifications/${id}/read`),
    onMutate: (id) => applyRead(client, { ids: [id] }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.unread }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ updated: number }>("POST", "/api/notifications/read-all"),
    onMutate: () => applyRead(client, { all: true }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.unread }),
  });
}
