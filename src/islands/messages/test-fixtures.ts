/** Test support only (imported by *.test.tsx, never by an island): the messages islands' people and conversation. */
import { afterAll, beforeAll } from "bun:test";
import type { ConversationUser, ConversationView } from "../../common/schemas/messages";

/** The viewer, and the member they write to. */
export const me: ConversationUser = { id: 7, username: "marcelo", profilePhoto: null };
export const them: ConversationUser = { id: 9, username: "roger", profilePhoto: null };

/** Conversation 3 between `me` and `them`, as `me` sees it, with no message yet; `over` replaces any field. */
export const conversationWithThem = (over: Partial<ConversationView> = {}): ConversationView => ({
  id: 3,
  userA: me,
  userB: them,
  otherUser: them,
  lastMessage: null,
  unreadCount: 0,
  otherLastReadId: 0,
  ...over,
});

/**
 * For the whole test file, the page has no EventSource: the messages islands then poll
 * instead of streaming (live.test.tsx drives a stream of its own).
 */
export function withoutEventSource(): void {
  let saved: unknown;
  beforeAll(() => {
    saved = (globalThis as { EventSource?: unknown }).EventSource;
    (globalThis as { EventSource?: unknown }).EventSource = undefined;
  });
  afterAll(() => {
    (globalThis as { EventSource?: unknown }).EventSource = saved;
  });
}
