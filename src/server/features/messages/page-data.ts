import { fillPlaceholders, type SQL, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { CONVERSATIONS_MAX, type ConversationView } from "../../../common/schemas/messages";
import type { Db } from "../../../db/client";
import { can } from "../../policy/access";
import { requireMemberId } from "../../policy/guard";
import { type Relation, SELF } from "../../policy/relation";
import type { PolicyViewer } from "../../policy/viewer";
import {
  blockBetween,
  type ConversationListRow,
  conversationColumnsSql,
  conversationJoinsSql,
  unreadTotalSql,
} from "./queries";
import { toView } from "./view";

/** The columns of each row of `messagesPageSql`'s list, in order. */
const PAGE_ROW_COLUMNS = [
  "id",
  "userAId",
  "userBId",
  "aUsername",
  "aPhoto",
  "bUsername",
  "bPhoto",
  "aLastReadId",
  "bLastReadId",
  "lastBody",
  "lastAt",
  "unread",
  "other",
  "follows",
  "followedBy",
  "blocked",
] as const;

/**
 * The /messages page's reads as one statement (one round trip on sqld): the unread total
 * (`unreadTotalSql`), then the conversation list as `conversationList` reads it with the
 * member's relation to each other member (as relationsTo works it out: follows, followed
 * by, a block either way), as a JSON array of `PAGE_ROW_COLUMNS` rows.
 */
const messagesPageSql = (me: SQL, limit: SQL) => {
  const other = sql`CASE WHEN c.user_a_id = ${me} THEN c.user_b_id ELSE c.user_a_id END`;
  return sql`SELECT (${unreadTotalSql(me)}) AS total,
  (SELECT json_group_array(json_array(${sql.raw(PAGE_ROW_COLUMNS.join(", "))})) FROM (
    SELECT ${conversationColumnsSql(me)},
      ${other} AS other,
      EXISTS (SELECT 1 FROM follows WHERE follower_id = ${me} AND following_id = ${other}) AS follows,
      EXISTS (SELECT 1 FROM follows WHERE follower_id = ${other} AND following_id = ${me}) AS followedBy,
      ${blockBetween(me, other)} AS blocked
    ${conversationJoinsSql}
    WHERE (c.user_a_id = ${me} OR c.user_b_id = ${me}) AND c.last_message_at IS NOT NULL
      AND NOT ${blockBetween(sql`c.user_a_id`, sql`c.user_b_id`)}
    ORDER BY c.last_message_at DESC, lm.id DESC, c.id DESC
    LIMIT ${limit})) AS list`;
};

let compiled: { sql: string; params: unknown[] } | undefined;

/** A row of the list as `PAGE_ROW_COLUMNS` names it: the relation flags are 0 or 1. */
type PageRow = [
  ...[id: number, userAId: number, userBId: number, aUsername: string, aPhoto: string | null],
  ...[bUsername: string, bPhoto: string | null, aLastReadId: number, bLastReadId: number],
  ...[lastBody: string | null, lastAt: number | null, unread: number, other: number],
  ...[follows: number, followedBy: number, blocked: number],
];

/**
 * Everything /messages shows, in one statement (one round trip on sqld; `messagesPageSql`):
 * the member's conversations and their unread total, exactly as `listConversations` and
 * `unreadMessageCount` answer them. The SQL leaves blocked pairs out already; the policy
 * (conversation.read, with the relation relationsTo would give) still judges every row.
 */
export async function messagesPageData(
  db: Db,
  viewer: PolicyViewer,
): Promise<{ conversations: ConversationView[]; unreadTotal: number }> {
  const me = requireMemberId(viewer);
  compiled ??= new SQLiteAsyncDialect().sqlToQuery(
    messagesPageSql(sql`${sql.placeholder("me")}`, sql`${sql.placeholder("limit")}`),
  );
  const args = fillPlaceholders(compiled.params, { me, limit: CONVERSATIONS_MAX }) as number[];
  const result = await db.$client.execute({ sql: compiled.sql, args });
  const row = result.rows[0];
  if (!row) throw new Error("the messages page's statement answered nothing");
  const conversations: ConversationView[] = [];
  for (const r of JSON.parse(String(row[1] ?? "[]")) as PageRow[]) {
    const [id, userAId, userBId, aUsername, aPhoto, bUsername, bPhoto, ...rest] = r;
    const [aLastReadId, bLastReadId, lastBody, lastAt, unread, other, follows, followedBy, blocked] = rest;
    const relation: Relation =
      other === me
        ? SELF
        : { self: false, follows: follows === 1, followedBy: followedBy === 1, blocked: blocked === 1 };
    if (!can(viewer, "conversation.read", { participant: true, relation })) continue;
    const listRow: ConversationListRow = {
      id,
      userAId,
      userBId,
      aUsername,
      aPhoto,
      bUsername,
      bPhoto,
      aLastReadId,
      bLastReadId,
      lastBody,
      lastAt,
      unread,
    };
    conversations.push(toView(listRow, me));
  }
  return { conversations, unreadTotal: Number(row[0] ?? 0) };
}
