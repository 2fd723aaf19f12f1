import {
  STALE_AFTER_DAYS,
  type StalePage,
  type StaleQuery,
  type StaleSchool,
} from "../../../common/schemas/stale-listings";
import type { Db } from "../../../db/client";
import { requireAccess } from "../../policy/access";
import { adminOnlyApiMessage } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import * as q from "./queries";

const DAY_MS = 86_400_000;

const unparsedLines = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
};

const toView = (r: q.StaleRow): StaleSchool => ({
  id: r.id,
  slug: r.slug,
  gym: r.gym,
  city: r.city,
  state: r.state,
  lastConfirmedAt: r.lastConfirmedAt === null ? null : new Date(r.lastConfirmedAt).toISOString(),
  unparsed: unparsedLines(r.unparsed),
});

/**
 * GET /api/admin/stale-schools (admins): one page of the flagged schedules, or of the
 * schools no verified check-in confirmed in STALE_AFTER_DAYS days (never confirmed counts).
 * A flagged school is listed only with the flagged ones, so each appears once.
 */
export async function staleListings(db: Db, viewer: PolicyViewer, now: Date, query: StaleQuery) {
  requireAccess(viewer, "listings.stale.read", { forbidden: adminOnlyApiMessage });
  const { kind, limit, offset } = query;
  const { rows, total } =
    kind === "flagged"
      ? await q.flaggedPage(db, limit, offset)
      : await q.unconfirmedPage(db, new Date(now.getTime() - STALE_AFTER_DAYS * DAY_MS), limit, offset);
  const next = offset + rows.length;
  return {
    kind,
    schools: rows.map(toView),
    total,
    nextOffset: rows.length === limit && next < total ? next : null,
  } satisfies StalePage;
}
