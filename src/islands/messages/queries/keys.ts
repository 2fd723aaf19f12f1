/** Query keys of the messages screens; the first element is the path (spec §7 request helper). */
export const messageKeys = {
  conversations: ["/api/conversations"] as const,
  conversation: (id: number) => ["/api/conversations", id] as const,
  messages: (id: number) => ["/api/conversations", id, "messages"] as const,
  unread: ["/api/messages/unread-count"] as const,
};
