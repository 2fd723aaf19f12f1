import { queryOptions, useQuery } from "@tanstack/react-query";
import type { UnreadMessages } from "../../../common/schemas/messages";
import { apiRequest } from "../../lib/api";
import { messageKeys } from "./keys";

export const fetchUnreadMessages = () => apiRequest<UnreadMessages>("GET", "/api/messages/unread-count");

export const unreadMessagesQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.unread,
    queryFn: fetchUnreadMessages,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The member's unread total (spec §3 Unread counts), starting from the page's count. */
export function useUnreadMessages(initial: number) {
  return useQuery({ ...unreadMessagesQueryOptions(), initialData: { unreadCount: initial } });
}
