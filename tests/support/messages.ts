import { expect } from "bun:test";
import type { ConversationView, MessageView } from "../../src/common/schemas/messages";
import type { registerMember } from "./session";
import type { TestApp } from "./test-app";

export type Member = Awaited<ReturnType<typeof registerMember>>;

/** Requests as a member (or a guest), and the conversation steps the messages tests repeat. */
export function messageClient(t: TestApp) {
  const headers = (m?: Member): Record<string, string> => (m ? { cookie: m.cookie } : {});
  const get = (path: string, m?: Member) => t.request(path, { headers: headers(m) });
  const send = (method: string, path: string, m: Member | undefined, body?: unknown) =>
    t.json(method, path, body, headers(m));
  return {
    get,
    send,
    count: async (sql: string, args: (number | string)[] = []) =>
      Number((await t.app.context.database.client.execute({ sql, args })).rows[0]?.[0]),
    /** Opens (or finds) the pair's conversation as `a`. */
    async open(a: Member, b: Member): Promise<ConversationView> {
      const res = await send("POST", `/api/conversations/with/${b.id}`, a);
      expect([200, 201]).toContain(res.status);
      return (await res.json()) as ConversationView;
    },
    async say(m: Member, conversationId: number, body: string): Promise<MessageView> {
      const res = await send("POST", `/api/conversations/${conversationId}/messages`, m, { body });
      expect(res.status).toBe(201);
      return (await res.json()) as MessageView;
    },
    unread: async (m: Member) =>
      ((await (await get("/api/messages/unread-count", m)).json()) as { unreadCount: number }).unreadCount,
  };
}
