import { Elysia } from "elysia";
import { conversationIdParams, messagePageQuery, sendMessageSchema } from "../../../common/schemas/messages";
import { userIdParams } from "../../../common/schemas/users";
import type { AppContext } from "../../context";
import { idempotencyKeyOf } from "../../http/idempotency";
import { parseQuery } from "../../http/query";
import type { authGuard } from "../../policy/guard";
import * as messages from "./service";

/**
 * Spec §7 "Conversations" and the messages count, members only; who may read or write a
 * conversation is the policy's (service.ts). A malformed conversation id is 400 'Invalid
 * Conversation'; a missing one, another pair's or one hidden by a block, 404 alike.
 */
export function messageRoutes(app: AppContext, guard: ReturnType<typeof authGuard>) {
  const db = app.database.db;
  const member = { auth: "member" } as const;
  const withId = { ...member, params: conversationIdParams };
  return new Elysia({ name: "message-routes" })
    .use(guard)
    .get("/api/messages/unread-count", ({ viewer }) => messages.unreadMessages(db, viewer), member)
    .post(
      "/api/conversations/with/:userId",
      async ({ viewer, params, set }) => {
        const { conversation, created } = await messages.openConversationWith(
          db,
          viewer,
          params.userId,
          app.now(),
        );
        set.status = created ? 201 : 200;
        return conversation;
      },
      { ...member, limit: "conversation.create", params: userIdParams },
    )
    .get("/api/conversations", ({ viewer }) => messages.listConversations(db, viewer), member)
    .get(
      "/api/conversations/:id",
      ({ viewer, params }) => messages.getConversation(db, viewer, params.id),
      withId,
    )
    .get(
      "/api/conversations/:id/messages",
      ({ viewer, params, request }) =>
        messages.listMessages(db, viewer, params.id, parseQuery(messagePageQuery, request)),
      withId,
    )
    .post(
      "/api/conversations/:id/messages",
      async ({ viewer, params, body, set, request }) => {
        const key = idempotencyKeyOf(request);
        const sent = await messages.sendMessage(db, viewer, params.id, body.body, app.now(), key);
        set.status = 201;
        return sent;
      },
      { ...withId, limit: "message.send", body: sendMessageSchema },
    )
    .post(
      "/api/conversations/:id/mark-read",
      ({ viewer, params }) => messages.markConversationRead(db, viewer, params.id, app.now()),
      { ...withId, limit: "read.mark" },
    );
}
