import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { FALLBACK_POLL_MS, LIVE_RESYNC, type LiveEvent } from "../../common/live";
import type { MessageSentPayload } from "../../common/schemas/messages";
import { useFallbackPoll, useLiveEvent } from "../lib/live";
import { messageKeys } from "./queries/keys";
import { addMessages } from "./queries/messages";

/**
 * The conversation list and its unread total follow the live stream: any message sent or
 * read (in another tab too) refreshes them. While the stream is down they poll instead
 * (spec §9: messages every 5 s).
 */
export function useLiveConversationList() {
  const client = useQueryClient();
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: messageKeys.conversations, exact: true });
    void client.invalidateQueries({ queryKey: messageKeys.unread });
  }, [client]);
  useLiveEvent("message.sent", refresh);
  useLiveEvent("conversation.read", refresh);
  useLiveEvent(LIVE_RESYNC, refresh);
  useFallbackPoll(refresh, FALLBACK_POLL_MS.messages);
}

/**
 * An open conversation: a `message.sent` about it joins the list at once (the event
 * carries the stored message); a resync, or the 5 s poll while the stream is down, fetches
 * the newest page instead.
 */
export function useLiveConversation(conversationId: number) {
  const client = useQueryClient();
  const onMessage = useCallback(
    (event: LiveEvent) => {
      const message = (event.payload as Partial<MessageSentPayload>).message;
      if (event.subjectId !== conversationId || !message || !(message.id > 0)) return;
      addMessages(client, conversationId, [message]);
    },
    [client, conversationId],
  );
  const refetch = useCallback(() => {
    void client.refetchQueries({ queryKey: messageKeys.messages(conversationId) });
  }, [client, conversationId]);
  useLiveEvent("message.sent", onMessage);
  useLiveEvent(LIVE_RESYNC, refetch);
  useFallbackPoll(refetch, FALLBACK_POLL_MS.messages);
}
