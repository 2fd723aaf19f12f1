import { sql } from "drizzle-orm";
import {
  type NotificationCount,
  type NotificationsQuery,
  type NotificationView,
  notificationTexts,
} from "../../../common/schemas/notifications";
import { defaultPrivacySettings } from "../../../common/schemas/settings";
import type { Db } from "../../../db/client";
import { appendEvent } from "../../events/store";
import { HttpError } from "../../http/errors";
import { can, requireAccess } from "../../policy/access";
import { SELF, STRANGER } from "../../policy/relation";
import type { PolicyViewer } from "../../policy/viewer";
import {
  actorSummaries,
  countUnread,
  findNotification,
  markAllReadStatement,
  markReadStatement,
  pageOf,
  pruneRead,
  unreadCountSql,
  visibleByIds,
} from "./queries";
import { viewsFor } from "./views";

export { NOTIFICATIONS_JOB, notificationsJob, wakesNotifications } from "./consumer";
// How far the consumer is behind, for the metrics.
export { notificationsLag } from "./lag";
// For an account's deletion batch (account feature).
export { forgetSoleActorItems } from "./queries";

/** Read items go this long after their last activity; unread ones stay. */
export const NOTIFICATION_RETENTION_MS = 90 * 24 * 60 * 60_000;

/** Tabs are told only when the statement before changed something. */
const sqlChanged = sql`changes() > 0`;

const notFound = () => new HttpError(404, notificationTexts.notFound);

/** The member's own list is theirs alone (policy notifications.read): the subject is them. */
function requireOwnList(viewer: PolicyViewer): number {
  const subject = { relation: SELF, settings: defaultPrivacySettings };
  requireAccess(viewer, "notifications.read", subject, {
    forbidden: notificationTexts.notFound,
    notFound: notificationTexts.notFound,
  });
  return (viewer as { id: number }).id;
}

/**
 * GET /api/notifications: newest activity first, `limit` at most, after `beforeId`. Items
 * are built for the reader (views.ts); hidden ones are left out before the limit, so a
 * page is short only at the end. Three queries a page.
 */
export async function listNotifications(
  db: Db,
  viewer: PolicyViewer,
  query: NotificationsQuery,
): Promise<NotificationView[]> {
  const me = requireOwnList(viewer);
  const rows = await pageOf(db, me, query.limit, query.beforeId);
  const summaries = await actorSummaries(
    db,
    rows.map((r) => r.id),
  );
  return viewsFor(
    db,
    me,
    rows.map((row) => {
      const s = summaries.get(row.id);
      return { row, actors: { count: s?.count ?? 0, newestId: s?.newestId ?? null } };
    }),
  );
}

/**
 * Live delivery of `notification.created` (its subject is the item): each (item, reader)
 * pair's item as the list would show it to that reader now, keyed `notificationId:readerId`.
 * A pair is missing when the item is gone, is not the reader's, or shows nobody the reader
 * may see (a block, a deleted account). One query for the items, one for their actors,
 * then viewsFor per reader.
 */
export async function notificationsForDelivery(
  db: Db,
  pairs: readonly { notificationId: number; readerId: number }[],
): Promise<Map<string, NotificationView>> {
  const out = new Map<string, NotificationView>();
  const wanted = new Set(pairs.map((p) => `${p.notificationId}:${p.readerId}`));
  const rows = (
    await visibleByIds(
      db,
      pairs.map((p) => p.notificationId),
    )
  ).filter((row) => wanted.has(`${row.id}:${row.userId}`));
  const summaries = await actorSummaries(
    db,
    rows.map((r) => r.id),
  );
  for (const readerId of new Set(rows.map((r) => r.userId))) {
    const items = rows
      .filter((row) => row.userId === readerId)
      .map((row) => {
        const s = summaries.get(row.id);
        return { row, actors: { count: s?.count ?? 0, newestId: s?.newestId ?? null } };
      });
    for (const view of await viewsFor(db, readerId, items)) out.set(`${view.id}:${readerId}`, view);
  }
  return out;
}

/** GET /api/notifications/unread-count, the header's count and the live stream's. */
export const unreadNotificationCount = (db: Db, userId: number): Promise<number> => countUnread(db, userId);

/** The same count as a SELECT, for a page header that reads it with others in one statement. */
export const unreadNotificationCountSql = unreadCountSql;

export async function unreadCount(db: Db, viewer: PolicyViewer): Promise<NotificationCount> {
  return { count: await countUnread(db, requireOwnList(viewer)) };
}

/**
 * POST /api/notifications/{id}/read (policy notifications.update: the owner only). Someone
 * else's item is 404 like a missing one and changes nothing; reading twice is a no-op. The
 * member's other tabs hear of it through `notifications.read`, written with the change.
 */
export async function markRead(db: Db, viewer: PolicyViewer, id: number, now: Date) {
  const me = requireOwnList(viewer);
  const row = await findNotification(db, id);
  const subject = { relation: row?.userId === me ? SELF : STRANGER, settings: defaultPrivacySettings };
  if (!row || !can(viewer, "notifications.update", subject)) throw notFound();
  await db.batch([
    markReadStatement(db, me, id),
    ...appendEvent(
      db,
      { type: "notifications.read", actorId: me, payload: { ids: [id] }, recipients: [me], at: now },
      sqlChanged,
    ),
  ]);
  return { id, isRead: true };
}

/** POST /api/notifications/read-all: every item of the member's, in one statement. */
export async function markAllRead(db: Db, viewer: PolicyViewer, now: Date) {
  const me = requireOwnList(viewer);
  const [result] = await db.batch([
    markAllReadStatement(db, me),
    ...appendEvent(
      db,
      { type: "notifications.read", actorId: me, payload: { all: true }, recipients: [me], at: now },
      sqlChanged,
    ),
  ]);
  return { updated: result.rowsAffected };
}

/** The pruning job's step (see NOTIFICATION_RETENTION_MS). */
export const pruneReadNotifications = (db: Db, now: Date, limit: number) =>
  pruneRead(db, new Date(now.getTime() - NOTIFICATION_RETENTION_MS), limit);
