import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MessageView } from "../../../common/schemas/messages";
import { apiRequest } from "../../lib/api";
import { sendOnce } from "../../lib/idempotency";
import { messageKeys } from "./keys";

export const fetchMessages = (id: number, beforeId?: number) =>
  apiRequest<MessageView[]>(
    "GET",
    `/api/conversations/${id}/messages${beforeId ? `?beforeId=${beforeId}` : ""}`,
  );

/** Adds messages to what is shown, once each, in id order (a live event and a poll may bring the same one). */
export function mergeMessages(
  shown: readonly MessageView[],
  incoming: readonly MessageView[],
): MessageView[] {
  const byId = new Map(shown.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export const addMessages = (client: QueryClient, id: number, incoming: readonly MessageView[]) =>
  client.setQueryData<MessageView[]>(messageKeys.messages(id), (shown = []) =>
    mergeMessages(shown, incoming),
  );

/**
 * The conversation's messages, oldest first, seeded by the page. A refetch (the fallback
 * poll, a resync) brings the newest page and keeps the older ones already loaded.
 */
export const messagesQueryOptions = (client: QueryClient, id: number) =>
  queryOptions({
    queryKey: messageKeys.messages(id),
    // Seeded by the page; live events, the fallback poll and sending keep it current.
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () =>
      mergeMessages(
        client.getQueryData<MessageView[]>(messageKeys.messages(id)) ?? [],
        await fetchMessages(id),
      ),
  });

export function useMessages(id: number, initial: MessageView[]) {
  const client = useQueryClient();
  return useQuery({ ...messagesQueryOptions(client, id), initialData: initial });
}

/** With the message's Idempotency-Key: the same text sent again after a failure is a retry. */
export const sendMessage = (id: number, body: string) =>
  sendOnce(`messages:${id}`, body, (headers) =>
    apiRequest<MessageView>("POST", `/api/conversations/${id}/messages`, { body }, headers),
  );

/** Sends; the stored message joins the list as soon as the server answers. */
export function useSendMessage(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ["send-message", id],
    mutationFn: (body: string) => sendMessage(id, body),
    onSuccess: (message) => {
      addMessages(client, id, [message]);
      void client.invalidateQueries({ queryKey: messageKeys.conversations, exact: true });
    },
  });
}

export const markRead = (id: number) =>
  apiRequest<{ lastReadId: number; unreadCount: number }>("POST", `/api/conversations/${id}/mark-read`);

export function useMarkRead(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ["mark-read", id],
    mutationFn: () => markRead(id),
    onSuccess: ({ unreadCount }) => {
      client.setQueryData(messageKeys.unread, { unreadCount });
      void client.invalidateQueries({ queryKey: messageKeys.conversations, exact: true });
    },
  });
}
