import { Elysia } from "elysia";
import { notificationIdParams, notificationsQuerySchema } from "../../../common/schemas/notifications";
import type { AppContext } from "../../context";
import { parseQuery } from "../../http/query";
import type { authGuard } from "../../policy/guard";
import * as notifications from "./service";

/** Spec §7 "Notifications and messages counts", members only; each member sees their own. */
export function notificationRoutes(app: AppContext, guard: ReturnType<typeof authGuard>) {
  const db = app.database.db;
  const member = { auth: "member" } as const;
  return new Elysia({ name: "notification-routes", prefix: "/api/notifications" })
    .use(guard)
    .get(
      "/",
      ({ viewer, request }) =>
        notifications.listNotifications(db, viewer, parseQuery(notificationsQuerySchema, request)),
      member,
    )
    .get("/unread-count", ({ viewer }) => notifications.unreadCount(db, viewer), member)
    .post("/read-all", ({ viewer }) => notifications.markAllRead(db, viewer, app.now()), {
      ...member,
      limit: "read.mark",
    })
    .post("/:id/read", ({ viewer, params }) => notifications.markRead(db, viewer, params.id, app.now()), {
      ...member,
      limit: "read.mark",
      params: notificationIdParams,
    });
}
