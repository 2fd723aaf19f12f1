import { formatSession } from "../../../common/schedule/format";
import type { UntimedSession } from "../../../common/schedule/types";
import { scheduleReviewTexts } from "../../../common/schemas/schedule-review";
import {
  type ScheduleCheck,
  STALE_AFTER_DAYS,
  type StalePage,
  type StaleQuery,
  type StaleSchool,
} from "../../../common/schemas/stale-listings";
import type { Db } from "../../../db/client";
import { requireAccess } from "../../policy/access";
import { adminOnlyApiMessage } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import { toSession } from "../schools/service";
import * as q from "./queries";

export { confirmSchedule } from "./confirm";

const DAY_MS = 86_400_000;

const jsonArray = (text: string): unknown[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
};
const unparsedLines = (text: string): string[] => jsonArray(text).map(String);

/** A flagged school's readings to check: its days with no time listed, then its unsure sessions. */
function checksOf(untimedColumn: string, sessions: readonly q.SessionToCheck[]): ScheduleCheck[] {
  const untimed = (jsonArray(untimedColumn) as UntimedSession[]).map((day) => ({
    session: formatSession(day),
    reasons: [scheduleReviewTexts.noStartTime, ...(day.review ?? [])],
  }));
  const unsure = sessions.map((row) => {
    const session = toSession(row);
    return { session: formatSession(session), reasons: session.review ?? [] };
  });
  return [...untimed, ...unsure];
}

/** A listed school; `sessions` (its unsure ones) is null on the unconfirmed list, which has nothing to check. */
const toView = (r: q.StaleRow, sessions: readonly q.SessionToCheck[] | null): StaleSchool => ({
  id: r.id,
  slug: r.slug,
  gym: r.gym,
  city: r.city,
  state: r.state,
  lastConfirmedAt: r.lastConfirmedAt === null ? null : new Date(r.lastConfirmedAt).toISOString(),
  unparsed: unparsedLines(r.unparsed),
  dayAndTime: r.dayAndTime,
  checks: sessions ? checksOf(r.untimed, sessions) : [],
});

/**
 * GET /api/admin/stale-schools (admins): one page of the flagged schedules (something to
 * check, not confirmed by an admin: each with what and why), or of the schools no verified
 * check-in confirmed in STALE_AFTER_DAYS days (never confirmed counts). A flagged school is
 * listed only with the flagged ones, so each appears once.
 */
export async function staleListings(db: Db, viewer: PolicyViewer, now: Date, query: StaleQuery) {
  requireAccess(viewer, "listings.stale.read", { forbidden: adminOnlyApiMessage });
  const { kind, limit, offset } = query;
  const { rows, total } =
    kind === "flagged"
      ? await q.flaggedPage(db, limit, offset)
      : await q.unconfirmedPage(db, new Date(now.getTime() - STALE_AFTER_DAYS * DAY_MS), limit, offset);
  const unsure =
    kind === "flagged" && rows.length
      ? Map.groupBy(
          await q.sessionsToCheck(
            db,
            rows.map((r) => r.id),
          ),
          (s) => s.schoolId,
        )
      : null;
  const next = offset + rows.length;
  return {
    kind,
    schools: rows.map((r) => toView(r, unsure ? (unsure.get(r.id) ?? []) : null)),
    total,
    nextOffset: rows.length === limit && next < total ? next : null,
  } satisfies StalePage;
}
