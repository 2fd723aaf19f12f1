import { sql } from "drizzle-orm";
import * as v from "valibot";
import { claimDecidedSchema, ownerRemovedSchema } from "../../../common/schemas/claims";
import { submissionDecidedSchema } from "../../../common/schemas/notifications";
import type { Db } from "../../../db/client";
import {
  cursorIs,
  cursorStatement,
  type EventType,
  eventsAfter,
  latestEventId,
  readCursor,
  type StoredEvent,
} from "../../events/store";
import type { Job } from "../../jobs/runner";
import type { Logger } from "../../log";
import { can } from "../../policy/access";
import { relationsTo } from "../../policy/relation";
import { settingsFromRow } from "../settings/service";
import { cancellationWrites } from "./cancellations";
import {
  actorSummaries,
  existingGroups,
  linkedActors,
  membersWithSettings,
  type NotificationRow,
} from "./queries";
import { reminderWrite } from "./reminders";
import type { ViewSource } from "./views";
import { viewsFor } from "./views";
import { addActor, createdEvent, type GroupWrite, upsertGroup } from "./writes";

export const NOTIFICATIONS_JOB = "notifications";
const CURSOR = "notifications";
/** Messages are not bell items: the messages badge counts them. */
const SOURCES: readonly EventType[] = [
  "follow.created",
  "post.liked",
  "badge.earned",
  "submission.decided",
  "occurrence.cancelled",
  "occurrence.moved",
  "claim.decided",
  "owner.removed",
  "occurrence.reminder",
];

// For the consumer's lag (lag.ts).
export { CURSOR as CONSUMER_CURSOR, SOURCES as CONSUMED_EVENTS };

const BATCH = 200;
/** Rounds per run, so a backlog drains in a few runs without one run holding on for long. */
const ROUNDS = 5;

/** What one event asks of the bell: an item for `userId`, grouped by `groupKey`. */
interface Change extends GroupWrite {
  actors: Map<number, Date>;
}

const isId = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n > 0;

function changeOf(e: StoredEvent): Change | null {
  const base = { actors: new Map<number, Date>(), at: e.createdAt };
  if (e.type === "occurrence.reminder") {
    const reminder = reminderWrite(e);
    return reminder && { ...reminder, actors: base.actors };
  }
  if (e.type === "follow.created" && isId(e.actorId) && isId(e.subjectId) && e.actorId !== e.subjectId) {
    const actors = new Map([[e.actorId, e.createdAt]]);
    const key = `follow:${e.actorId}`;
    return {
      ...base,
      actors,
      userId: e.subjectId,
      type: "follow",
      groupKey: key,
      subjectId: e.actorId,
      payload: "{}",
    };
  }
  if (e.type === "post.liked" && isId(e.actorId) && isId(e.subjectId) && isId(e.payload.authorId)) {
    const [owner, postId] = [e.payload.authorId, e.subjectId];
    if (owner === e.actorId) return null;
    return {
      ...base,
      actors: new Map([[e.actorId, e.createdAt]]),
      userId: owner,
      type: "like",
      groupKey: `like:post:${postId}`,
      subjectId: postId,
      payload: JSON.stringify({ postId }),
      // The like's author named in the event must own the post: a bell item never goes elsewhere.
      onlyIf: sql`EXISTS (SELECT 1 FROM posts WHERE id = ${postId} AND user_id = ${owner})`,
    };
  }
  if (e.type === "badge.earned" && isId(e.actorId) && typeof e.payload.code === "string") {
    const code = e.payload.code;
    return {
      ...base,
      userId: e.actorId,
      type: "badge",
      groupKey: `badge:${code}`,
      subjectId: e.subjectId,
      payload: JSON.stringify({ code }),
    };
  }
  if (e.type === "submission.decided") {
    const parsed = v.safeParse(submissionDecidedSchema, e.payload);
    if (!parsed.success) return null;
    const { submitterId, ...decision } = parsed.output;
    return {
      ...base,
      userId: submitterId,
      type: "submission",
      groupKey: `submission:${decision.submissionId}`,
      subjectId: decision.submissionId,
      payload: JSON.stringify(decision),
    };
  }
  if (e.type === "claim.decided" && isId(e.subjectId)) {
    const parsed = v.safeParse(claimDecidedSchema, e.payload);
    if (!parsed.success) return null;
    const { userId, ...decision } = parsed.output;
    return {
      ...base,
      userId,
      type: "claim",
      groupKey: `claim:${e.subjectId}`,
      subjectId: decision.schoolId,
      payload: JSON.stringify(decision),
    };
  }
  if (e.type === "owner.removed") {
    const parsed = v.safeParse(ownerRemovedSchema, e.payload);
    if (!parsed.success) return null;
    const { userId, ...removal } = parsed.output;
    return {
      ...base,
      userId,
      type: "ownership",
      // One item per school: leaving again after a new claim brings it back to the top.
      groupKey: `ownership:${removal.schoolId}`,
      subjectId: removal.schoolId,
      payload: JSON.stringify(removal),
    };
  }
  return null;
}

/** Events for one item in one run become one write: every actor, the newest time. */
function merge(changes: Change[]): Change[] {
  const byKey = new Map<string, Change>();
  for (const c of changes) {
    const key = `${c.userId} ${c.groupKey}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, c);
      continue;
    }
    for (const [id, at] of c.actors)
      if ((seen.actors.get(id)?.getTime() ?? 0) < at.getTime()) seen.actors.set(id, at);
    byKey.set(key, { ...c, actors: seen.actors, at: new Date(Math.max(c.at.getTime(), seen.at.getTime())) });
  }
  return [...byKey.values()];
}

/**
 * The item each change leaves behind, as its owner will see it, before anything is written:
 * the stored item's visible actors plus the new ones the owner may see, newest first.
 */
async function previews(db: Db, changes: Change[]): Promise<ViewSource[]> {
  const existing = await existingGroups(db, changes);
  const stored = new Map(existing.map((r) => [`${r.userId} ${r.groupKey}`, r]));
  const summaries = await actorSummaries(
    db,
    existing.map((r) => r.id),
  );
  const actorIds = [...new Set(changes.flatMap((c) => [...c.actors.keys()]))];
  const members = new Map((await membersWithSettings(db, actorIds)).map((m) => [m.id, m]));
  return Promise.all(
    changes.map(async (c, i): Promise<ViewSource> => {
      const row = stored.get(`${c.userId} ${c.groupKey}`);
      const summary = row ? summaries.get(row.id) : undefined;
      const linked = row ? await linkedActors(db, row.id, [...c.actors.keys()]) : new Set<number>();
      const viewer = { kind: "member" as const, id: c.userId };
      const relations = await relationsTo(db, viewer, [...c.actors.keys()]);
      const fresh = [...c.actors]
        .filter(([id]) => {
          const member = members.get(id);
          const relation = relations.get(id);
          return (
            member &&
            relation &&
            can(viewer, "profile.read", { relation, settings: settingsFromRow(member.settings) })
          );
        })
        .sort((a, b) => b[1].getTime() - a[1].getTime());
      const added = fresh.filter(([id]) => !linked.has(id)).length;
      const draft: NotificationRow = {
        // Not written yet: a stand-in id, unique in this run, to match views to changes.
        id: -(i + 1),
        userId: c.userId,
        type: c.type,
        groupKey: c.groupKey,
        subjectId: c.subjectId,
        payload: c.payload,
        isRead: false,
        createdAt: row?.createdAt ?? c.at,
        updatedAt: row && row.updatedAt > c.at ? row.updatedAt : c.at,
      };
      const newestId = fresh[0]?.[0] ?? summary?.newestId ?? null;
      return { row: draft, actors: { count: (summary?.count ?? 0) + added, newestId } };
    }),
  );
}

/**
 * One round: the events after the cursor become items, actors, `notification.created`
 * events and the moved cursor, in one batch guarded by the cursor this round read. The
 * cursor moves past events of other types too (up to the newest id seen before reading:
 * ids commit in order, so nothing below it can still appear). Answers the events handled.
 */
export async function consumeOnce(db: Db, now: Date, logger: Logger): Promise<number> {
  const cursor = await readCursor(db, CURSOR);
  const latest = await latestEventId(db);
  if (latest <= cursor) return 0;
  const raw = await eventsAfter(db, cursor, BATCH, SOURCES);
  const events = raw.filter((e) => e.id <= latest);
  const last = raw.at(-1);
  const upTo = raw.length === BATCH && last ? Math.min(last.id, latest) : latest;
  const parsed = events.map(changeOf);
  // A cancellation is told to every member who saved the gym: read from the database.
  const cancellations = (await cancellationWrites(db, events)).map((w) => ({ ...w, actors: new Map() }));
  const changes = merge([...parsed.filter((c): c is Change => c !== null), ...cancellations]);
  // A self-follow or self-like is dropped on purpose; anything else malformed is worth a line.
  const malformed = events.filter(
    (e, i) =>
      !parsed[i] &&
      e.type !== "occurrence.cancelled" &&
      e.type !== "occurrence.moved" &&
      e.actorId !== e.subjectId &&
      e.actorId !== e.payload.authorId,
  );
  if (malformed.length)
    logger.warn("notification events skipped", { ids: malformed.map((e) => e.id).join(",") });
  const guard = cursorIs(CURSOR, cursor);
  const sources = await previews(db, changes);
  const views = new Map<number, unknown>();
  for (const userId of new Set(changes.map((c) => c.userId))) {
    const own = sources.filter((s) => s.row.userId === userId);
    for (const view of await viewsFor(db, userId, own)) views.set(view.id, view);
  }
  const statements = changes.flatMap((c, i) => {
    const view = views.get(-(i + 1));
    return [
      upsertGroup(db, c, guard),
      ...[...c.actors].map(([actorId, at]) => addActor(db, c, actorId, at, guard)),
      // Told only when its owner would see the item now; delivery judges it again.
      ...(view ? createdEvent(db, c, now, guard) : []),
    ];
  });
  // The cursor moves last: the guard on every statement before it still sees where it was.
  const moved = cursorStatement(db, CURSOR, upTo, now, cursor);
  const all: (typeof moved)[] = [...statements, moved];
  await db.batch(all as [typeof moved, ...(typeof moved)[]]);
  return events.length;
}

/**
 * The consumer as a periodic job: its lease keeps copies from running it at once, and the
 * cursor guard keeps a run that outlived its lease from writing anything twice.
 */
export function notificationsJob(everyMs = 500): Job {
  return {
    name: NOTIFICATIONS_JOB,
    kind: "periodic",
    everyMs,
    async run({ db, now, logger }) {
      let handled = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const n = await consumeOnce(db, now, logger);
        handled += n;
        if (n < BATCH) break;
      }
      return handled;
    },
  };
}

/**
 * Requests whose success may have written an event for the bell (follow, like, check-in,
 * an admin's decision): the app wakes the job after them instead of waiting for its tick.
 */
const PRODUCERS: readonly [string, RegExp][] = [
  ["POST", /^\/api\/users\/follow$/],
  ["POST", /^\/api\/posts\/\d+\/like$/],
  ["POST", /^\/api\/checkins$/],
  ["PATCH", /^\/api\/checkins\/\d+\/verify$/],
  ["POST", /^\/api\/admin\//],
  ["PATCH", /^\/api\/admin\//],
  // A cancellation tells the members who saved the gym.
  ["POST", /^\/api\/schools\/\d+\/exceptions$/],
  // A claim approved at once by its domain; an owner removed or leaving.
  ["POST", /^\/api\/schools\/\d+\/claims$/],
  ["DELETE", /^\/api\/schools\/\d+\/owners\/\d+$/],
];

export function wakesNotifications(request: Request, response: Response): boolean {
  if (!response.ok || request.method === "GET") return false;
  const path = new URL(request.url).pathname;
  return PRODUCERS.some(([method, re]) => method === request.method && re.test(path));
}
