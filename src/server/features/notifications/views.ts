import { badgeDefinition } from "../../../common/badges";
import { manageHref } from "../../../common/schemas/claims";
import { type NotificationView, notificationTypes } from "../../../common/schemas/notifications";
import type { Db } from "../../../db/client";
import { can } from "../../policy/access";
import { relationsTo } from "../../policy/relation";
import type { PolicyViewer } from "../../policy/viewer";
import { settingsFromRow } from "../settings/service";
import {
  CANCELLATION_TYPE,
  type CancellationPayload,
  type CancellationText,
  cancellationTexts,
} from "./cancellations";
import { membersWithSettings, type NotificationRow, postKinds } from "./queries";
import { REMINDER_TYPE, reminderText } from "./reminders";

/** How many actors of an item its reader may see, and the newest of them (by id). */
export interface ActorSummary {
  count: number;
  newestId: number | null;
}

/** An item as stored, or as the consumer is about to store it (id 0: not written yet). */
export interface ViewSource {
  row: NotificationRow;
  actors: ActorSummary;
}

type Payload = Record<string, unknown>;
const str = (p: Payload, key: string) => (typeof p[key] === "string" ? (p[key] as string) : "");
const num = (p: Payload, key: string) => (typeof p[key] === "number" ? (p[key] as number) : null);

const likeBody = (name: string, others: number, what: string) =>
  others === 0
    ? `@${name} liked your ${what}.`
    : `@${name} and ${others} ${others === 1 ? "other" : "others"} liked your ${what}.`;

function texts(
  row: NotificationRow,
  payload: Payload,
  actor: { id: number; username: string } | null,
  count: number,
  kind: string | undefined,
  cancellation: CancellationText | undefined,
): Pick<NotificationView, "title" | "body" | "link"> | null {
  switch (row.type) {
    case CANCELLATION_TYPE:
      return cancellation ?? null;
    case REMINDER_TYPE:
      return reminderText(payload);
    case "follow":
      if (!actor) return null;
      return {
        title: "New follower",
        body: `@${actor.username} started following you.`,
        link: `/users/${actor.id}`,
      };
    case "like":
      if (!actor || !kind || row.subjectId === null) return null;
      return {
        title: count > 1 ? "New likes" : "New like",
        body: likeBody(actor.username, count - 1, kind === "checkin" ? "check-in" : "post"),
        link: `/feed?postId=${row.subjectId}`,
      };
    case "badge": {
      const badge = badgeDefinition(str(payload, "code"));
      if (!badge) return null;
      return { title: "Badge earned", body: `You earned the ${badge.name} badge.`, link: "/profile" };
    }
    case "submission": {
      const gym = str(payload, "gym") || "your gym";
      const schoolId = num(payload, "schoolId");
      if (payload.decision === "approved")
        return {
          title: "Open mat approved",
          body: `Your open mat submission for ${gym} was approved. Thank you!`,
          link: schoolId ? `/?school=${schoolId}` : null,
        };
      const reason = str(payload, "reason").trim();
      return {
        title: "Open mat not approved",
        body: `Your open mat submission for ${gym} was not approved.${reason ? ` Reason: ${reason}` : ""}`,
        link: null,
      };
    }
    case "claim": {
      const gym = str(payload, "gym") || "the gym";
      const slug = str(payload, "slug");
      if (payload.decision === "approved")
        return {
          title: "Gym claim approved",
          body: `You can now manage ${gym}: its schedule, visitor rules and contact details.`,
          link: slug ? manageHref(slug) : null,
        };
      const reason = str(payload, "reason").trim();
      return {
        title: "Gym claim not approved",
        body: `Your claim to manage ${gym} was not approved.${reason ? ` Reason: ${reason}` : ""}`,
        link: slug ? `/schools/${slug}` : null,
      };
    }
    case "ownership": {
      const gym = str(payload, "gym") || "the gym";
      const slug = str(payload, "slug");
      return payload.left === true
        ? {
            title: "You left a gym",
            body: `You no longer manage ${gym}.`,
            link: slug ? `/schools/${slug}` : null,
          }
        : {
            title: "Removed as a gym owner",
            body: `An administrator removed you as an owner of ${gym}.`,
            link: slug ? `/schools/${slug}` : null,
          };
    }
    default:
      return null;
  }
}

/**
 * The items as `reader` may see them: an actor is named only when the policy lets the
 * reader see them (profile.read: a block hides them), counts hold only such actors, and an
 * item left with none (or whose post is gone) is left out. Two queries for any number of
 * items: the newest actors with their settings and relations, and the liked posts' kinds.
 */
export async function viewsFor(db: Db, reader: number, items: readonly ViewSource[]) {
  const viewer: PolicyViewer = { kind: "member", id: reader };
  const actorIds = [
    ...new Set(items.flatMap((i) => (i.actors.newestId === null ? [] : [i.actors.newestId]))),
  ];
  const likedPosts = items.filter((i) => i.row.type === "like" && i.row.subjectId !== null);
  const cancellations = items
    .filter((i) => i.row.type === CANCELLATION_TYPE)
    .map((i) => ({ id: i.row.id, payload: JSON.parse(i.row.payload) as CancellationPayload }));
  const [members, relations, kinds, cancelled] = await Promise.all([
    membersWithSettings(db, actorIds),
    relationsTo(db, viewer, actorIds),
    postKinds(
      db,
      likedPosts.map((i) => i.row.subjectId as number),
    ),
    cancellationTexts(db, cancellations),
  ]);
  const byId = new Map(members.map((m) => [m.id, m]));
  const views: NotificationView[] = [];
  for (const { row, actors } of items) {
    const member = actors.newestId === null ? undefined : byId.get(actors.newestId);
    const relation = member && relations.get(member.id);
    const seen =
      member &&
      relation &&
      can(viewer, "profile.read", { relation, settings: settingsFromRow(member.settings) });
    const payload = JSON.parse(row.payload) as Payload;
    const shown = texts(
      row,
      payload,
      seen ? member : null,
      actors.count,
      kinds.get(row.subjectId ?? 0),
      cancelled.get(row.id),
    );
    if (!shown || !(notificationTypes as readonly string[]).includes(row.type)) continue;
    views.push({
      id: row.id,
      type: row.type as NotificationView["type"],
      ...shown,
      isRead: row.isRead,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
  }
  return views;
}
