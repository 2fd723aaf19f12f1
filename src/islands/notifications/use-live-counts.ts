import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import * as v from "valibot";
import {
  FALLBACK_POLL_MS,
  LIVE_COUNTS,
  LIVE_RESYNC,
  type LiveEvent,
  type UnreadCounts,
} from "../../common/live";
import { type NotificationView, notificationViewSchema } from "../../common/schemas/notifications";
import { useFallbackPoll, useLiveEvent } from "../lib/live";
import { addNotification, applyRead, notificationKeys, setUnreadCounts } from "./queries";

/**
 * The header counts and the bell's list follow the live stream: `counts` sets both badges,
 * a new item joins the list, a read in another tab marks it here. Only while the stream is
 * down do the counts poll instead (spec §9: every 30 s).
 */
export function useLiveCounts() {
  const client = useQueryClient();
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: notificationKeys.unread });
    void client.invalidateQueries({ queryKey: notificationKeys.unreadMessages });
  }, [client]);
  const onCounts = useCallback((counts: Partial<UnreadCounts>) => setUnreadCounts(client, counts), [client]);
  const onCreated = useCallback(
    (event: LiveEvent) => {
      const parsed = v.safeParse(notificationViewSchema, event.payload.notification);
      if (parsed.success) addNotification(client, parsed.output as NotificationView);
      void client.invalidateQueries({ queryKey: notificationKeys.unread });
    },
    [client],
  );
  const onRead = useCallback((event: LiveEvent) => applyRead(client, event.payload), [client]);
  const onResync = useCallback(() => {
    refresh();
    void client.invalidateQueries({ queryKey: notificationKeys.list });
  }, [client, refresh]);
  useLiveEvent<Partial<UnreadCounts>>(LIVE_COUNTS, onCounts);
  useLiveEvent("notification.created", onCreated);
  useLiveEvent("notifications.read", onRead);
  useLiveEvent(LIVE_RESYNC, onResync);
  useFallbackPoll(refresh, FALLBACK_POLL_MS.counts);
}
