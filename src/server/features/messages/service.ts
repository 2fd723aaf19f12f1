import { type SQL, sql } from "drizzle-orm";
import {
  CONVERSATIONS_MAX,
  type ConversationView,
  type MessagePageQuery,
  type MessageView,
  messageTexts,
  type UnreadMessages,
} from "../../../common/schemas/messages";
import { userMessages } from "../../../common/schemas/users";
import type { Db, Tx } from "../../../db/client";
import { appendEvent } from "../../events/store";
import { HttpError } from "../../http/errors";
import { idempotent } from "../../http/idempotency";
import { can, requireAccess, requireConversationAccess } from "../../policy/access";
import { requireMemberId } from "../../policy/guard";
import { relationsTo, relationTo } from "../../policy/relation";
import type { ConversationSubject } from "../../policy/rules";
import type { PolicyViewer } from "../../policy/viewer";
import { memberSubject } from "../settings/service";
import * as q from "./queries";
import { toView } from "./view";

// The unread-message mail job, its unsubscribe link and token pruning, for app.ts and the page routes.
export { sentMessageId } from "./events";
export { messageMailJob, pruneUnsubscribeLinks, unsubscribe } from "./mail";
// The /messages page's one-statement loader.
export { messagesPageData } from "./page-data";

const notFound = () => new HttpError(404, messageTexts.conversationNotFound);

const sideOf = (row: q.ConversationRow, me: number): q.Side | null =>
  row.userAId === me ? "a" : row.userBId === me ? "b" : null;

/** A conversation as the policy sees it: is the viewer in it, and how do they stand to the other member. */
async function subjectOf(db: Db, viewer: PolicyViewer, row: q.ConversationRow): Promise<ConversationSubject> {
  const me = requireMemberId(viewer);
  const side = sideOf(row, me);
  const other = side === "b" ? row.userAId : row.userBId;
  return { participant: side !== null, relation: await relationTo(db, viewer, other) };
}

/** The conversation, if the viewer may do `action` with it; 404 alike for missing, another pair's and hidden. */
async function loadFor(
  db: Db,
  viewer: PolicyViewer,
  id: number,
  action: "conversation.read" | "conversation.write",
) {
  const me = requireMemberId(viewer);
  const row = await q.findConversation(db, id);
  const subject = row ? await subjectOf(db, viewer, row) : null;
  requireConversationAccess(viewer, action, subject, messageTexts.conversationNotFound);
  const side = row && sideOf(row, me);
  if (!row || !side) throw notFound();
  return { me, row, side };
}

async function viewOf(db: Db, me: number, id: number): Promise<ConversationView> {
  const [row] = await q.conversationList(db, me, { only: id });
  if (!row) throw notFound();
  return toView(row, me);
}

/**
 * POST /api/conversations/with/{userId}: the pair's one conversation, created on first
 * use. Yourself is 400; an unknown member, or one in a block with the viewer either way
 * (policy user.message), is 404 'User Not Found', so a block is not revealed.
 */
export async function openConversationWith(db: Db, viewer: PolicyViewer, userId: number, now: Date) {
  const me = requireMemberId(viewer);
  if (userId === me) throw new HttpError(400, messageTexts.messageSelf);
  const subject = await memberSubject(db, viewer, userId);
  if (!subject) throw new HttpError(404, userMessages.userNotFound);
  requireAccess(viewer, "user.message", subject, {
    forbidden: userMessages.userNotFound,
    notFound: userMessages.userNotFound,
  });
  const opened = await q.openConversation(db, Math.min(me, userId), Math.max(me, userId), now);
  // Nothing there and nothing added: a block landed after the policy's check.
  if (!opened) throw new HttpError(404, userMessages.userNotFound);
  return { conversation: await viewOf(db, me, opened.row.id), created: opened.created };
}

/**
 * GET /api/conversations: the viewer's conversations with messages, newest activity first,
 * at most CONVERSATIONS_MAX; every row still passes the policy.
 */
export async function listConversations(db: Db, viewer: PolicyViewer): Promise<ConversationView[]> {
  const me = requireMemberId(viewer);
  const rows = await q.conversationList(db, me, { limit: CONVERSATIONS_MAX });
  const others = rows.map((r) => (r.userAId === me ? r.userBId : r.userAId));
  const relations = await relationsTo(db, viewer, others);
  // The SQL left out blocked pairs already; the policy stays the one judge of every row.
  return rows
    .filter((_row, i) => {
      const relation = relations.get(others[i] as number);
      return relation && can(viewer, "conversation.read", { participant: true, relation });
    })
    .map((r) => toView(r, me));
}

/** GET /api/conversations/{id}. */
export async function getConversation(db: Db, viewer: PolicyViewer, id: number): Promise<ConversationView> {
  const { me } = await loadFor(db, viewer, id, "conversation.read");
  return viewOf(db, me, id);
}

const toMessage = (m: { id: number; senderId: number; body: string; createdAt: number }): MessageView => ({
  id: Number(m.id),
  senderId: Number(m.senderId),
  body: m.body,
  createdAt: new Date(Number(m.createdAt)).toISOString(),
});

/**
 * GET /api/conversations/{id}/messages: the newest `limit` messages (before `beforeId`
 * for older pages), answered oldest first so a page reads top to bottom.
 */
export async function listMessages(
  db: Db,
  viewer: PolicyViewer,
  id: number,
  page: MessagePageQuery,
): Promise<MessageView[]> {
  await loadFor(db, viewer, id, "conversation.read");
  const rows = await q.messagePage(db, id, page.limit, page.beforeId);
  return rows.map(toMessage).reverse();
}

/**
 * POST /api/conversations/{id}/messages: the message, the conversation's activity, the
 * sender's read mark and the `message.sent` event (to both members) in one batch. `body`
 * is already trimmed and checked (1 to 2000 characters). With an Idempotency-Key, a repeat
 * answers the first message (http/idempotency.ts), recorded in the same batch.
 */
export async function sendMessage(
  db: Db,
  viewer: PolicyViewer,
  id: number,
  body: string,
  now: Date,
  idempotencyKey: string | null = null,
): Promise<MessageView> {
  const { me, row, side } = await loadFor(db, viewer, id, "conversation.write");
  const key = idempotencyKey === null ? null : { memberId: me, scope: `messages:${id}`, key: idempotencyKey };
  return idempotent(db, key, now, {
    status: 201,
    replay: async (messageId) => {
      // The newest message below messageId + 1 is that message, unless it was deleted since.
      const [stored] = await q.messagePage(db, id, 1, messageId + 1);
      return stored?.id === messageId ? toMessage(stored) : null;
    },
    async create(record) {
      // Ids only: live delivery loads the message for each reader through the policy, so a
      // message removed, or a block, after this is honoured (see messagesForDelivery).
      const event = {
        type: "message.sent" as const,
        actorId: me,
        subjectId: id,
        payload: { messageId: 0 },
        recipients: [row.userAId, row.userBId],
        at: now,
      };
      const results = await db.batch([
        ...q.insertMessageStatements(db, row, side, me, body, now),
        // Between the message's statements and the event's (see recordKeyStatement).
        ...record,
        ...appendEvent(db, event, q.changedOne),
        ...q.fillMessageIdStatements(db, id, me),
      ]);
      const [inserted] = results;
      const stored = results[results.length - 1] as Awaited<ReturnType<typeof q.messagePage>>;
      // Nothing added: a block landed after the policy's check.
      if (inserted.rowsAffected === 0 || !stored[0]) throw notFound();
      return toMessage(stored[0]);
    },
  });
}

/**
 * POST /api/conversations/{id}/mark-read: the viewer has read up to the newest message.
 * A `conversation.read` event (to the reader's other tabs) only when the mark moved.
 */
export async function markConversationRead(
  db: Db,
  viewer: PolicyViewer,
  id: number,
  now: Date,
): Promise<{ lastReadId: number; unreadCount: number }> {
  const { me, side } = await loadFor(db, viewer, id, "conversation.read");
  const upTo = await q.newestMessageId(db, id);
  if (upTo > 0) {
    await db.batch([
      q.markReadStatement(db, id, side, upTo),
      ...appendEvent(
        db,
        {
          type: "conversation.read",
          actorId: me,
          subjectId: id,
          payload: { lastReadId: upTo },
          recipients: [me],
          at: now,
        },
        q.changedOne,
      ),
    ]);
  }
  return { lastReadId: upTo, unreadCount: await unreadMessageCount(db, me) };
}

/** The member's unread messages across conversations (the header badge; spec §3 Unread counts). */
export function unreadMessageCount(db: Db, userId: number): Promise<number> {
  return q.unreadTotal(db, userId);
}

/** The same count as a SELECT, for a page header that reads it with others in one statement. */
export const unreadMessageCountSql = q.unreadTotalSql;

/** GET /api/messages/unread-count. */
export async function unreadMessages(db: Db, viewer: PolicyViewer): Promise<UnreadMessages> {
  return { unreadCount: await unreadMessageCount(db, requireMemberId(viewer)) };
}

/**
 * Live delivery of `message.sent`: each (message, reader) pair's message as that reader may
 * see it now, keyed `messageId:readerId`. A pair is missing when the message was deleted or
 * removed by moderation, its sender's account is gone, or the policy says no
 * (conversation.read: not one of the two, or a block either way). One query for them all.
 */
export async function messagesForDelivery(
  db: Db,
  pairs: readonly { messageId: number; readerId: number }[],
): Promise<Map<string, { conversationId: number; message: MessageView }>> {
  const out = new Map<string, { conversationId: number; message: MessageView }>();
  for (const row of await q.messagesForReaders(db, pairs)) {
    const viewer: PolicyViewer = { kind: "member", id: row.readerId };
    const relation = { self: false, follows: row.follows, followedBy: row.followedBy, blocked: row.blocked };
    if (!can(viewer, "conversation.read", { participant: row.participant, relation })) continue;
    const message = toMessage({ ...row, id: row.messageId });
    out.set(`${row.messageId}:${row.readerId}`, { conversationId: row.conversationId, message });
  }
  return out;
}

/**
 * For a report: the message if it is in a conversation the viewer may read (their own,
 * with no block), else null, so a report never reveals another pair's message.
 */
export async function messageForReport(db: Db, viewer: PolicyViewer, messageId: number) {
  const message = await q.messageById(db, messageId);
  if (!message) return null;
  const row = await q.findConversation(db, message.conversationId);
  if (!row) return null;
  const subject = await subjectOf(db, viewer, row);
  if (!can(viewer, "conversation.read", subject)) return null;
  return message;
}

/** For moderation (reports): a message as stored, null when it is gone. */
export const messageForModeration = (db: Db, messageId: number) => q.messageById(db, messageId);

/** Removing a reported message deletes it: one statement for the moderation batch, run only when `onlyIf` holds. */
export const deleteMessageStatement = (db: Tx, messageId: number, onlyIf: SQL) =>
  db.run(sql`DELETE FROM messages WHERE id = ${messageId} AND ${onlyIf}`);
