import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ConversationView } from "../../../common/schemas/messages";
import { apiRequest } from "../../lib/api";
import { messageKeys } from "./keys";

export const fetchConversations = () => apiRequest<ConversationView[]>("GET", "/api/conversations");

export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.conversations,
    queryFn: fetchConversations,
    // Seeded by the page; live events and the fallback poll refresh it.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The list, starting from what the page rendered (null: the page could not load it). */
export function useConversations(initial: ConversationView[] | null) {
  return useQuery({ ...conversationsQueryOptions(), ...(initial ? { initialData: initial } : {}) });
}

/**
 * POST /api/conversations/with/{userId}: the pair's conversation, created on first use.
 * Answers its id, or null when the answer carried none (spec §8 tells the two failures apart).
 */
export async function openConversationWith(userId: number): Promise<number | null> {
  const answer = await apiRequest<Partial<ConversationView>>("POST", `/api/conversations/with/${userId}`);
  return typeof answer.id === "number" && answer.id > 0 ? answer.id : null;
}
