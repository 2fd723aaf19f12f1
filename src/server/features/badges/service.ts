import {
  BADGE_DEFINITIONS,
  type BadgeAwardView,
  type BadgeProgressView,
  badgeDefinition,
  nextClosestBadges,
} from "../../../common/badges";
import { checkinMessages } from "../../../common/schemas/checkins";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { can, requireAccess } from "../../policy/access";
import type { PolicyViewer } from "../../policy/viewer";
import { memberSubject } from "../settings/service";
import {
  type AwardRow,
  awardStatement,
  awardsFromJson,
  awardsJson,
  awardsOf,
  badgeMetrics,
  badgeMetricsFromJson,
  badgeMetricsJson,
  countAwards,
  fromRawAward,
  markCelebrated,
  type RawAwardRow,
  uncelebratedAwards,
} from "./queries";

/**
 * The award statement, for a check-in's batch (awarded with the check-in, or not at all);
 * each new award's `badge.earned` event is written with it (migration 0032's trigger).
 */
export { awardStatement };

export const badgeMessages = {
  userNotFound: checkinMessages.userNotFound,
  awardNotFound: "Badge not found",
  progressOwnerOnly: "Only the owner can see badge progress.",
} as const;

export function toAwardView(row: AwardRow): BadgeAwardView | null {
  const definition = badgeDefinition(row.badgeCode);
  if (!definition) return null;
  return {
    id: row.id,
    badgeCode: row.badgeCode,
    code: row.badgeCode,
    metricValue: row.metricValue,
    awardedAt: row.awardedAt.toISOString(),
    celebratedAt: row.celebratedAt ? row.celebratedAt.toISOString() : null,
    name: definition.name,
    description: definition.description,
    category: definition.category,
    sortOrder: definition.sortOrder,
    threshold: definition.threshold,
  };
}

const views = (rows: AwardRow[]) => rows.map(toAwardView).filter((v): v is BadgeAwardView => v !== null);

/**
 * Awards every badge the member's verified check-ins now reach and does not yet hold, in one
 * INSERT … SELECT … ON CONFLICT DO NOTHING RETURNING (see awardStatement). The check-in
 * service puts that statement in the same batch as the check-in, so a check-in never
 * stands without its badges; this runs it on its own.
 */
export async function awardEarnedBadges(db: Db, userId: number, now: Date): Promise<BadgeAwardView[]> {
  return newAwardViews((await db.$client.execute(awardStatement(userId, now))).rows);
}

/** The views of the rows awardStatement returned (inside a db.batch, its answer). */
export const newAwardViews = (rows: readonly unknown[] | undefined) =>
  views(((rows as RawAwardRow[] | undefined) ?? []).map(fromRawAward)).sort(
    (a, b) => a.sortOrder - b.sortOrder,
  );

/** GET /api/badges: the member's own awards, oldest first. */
export const myBadges = async (db: Db, userId: number) => views(await awardsOf(db, userId));

/**
 * GET /api/badges/{userId}: 404 for an unknown member or a block either way. The list
 * follows profile.badgeCount.read (showBadgeCount): a list gives its count away, so when the
 * count is hidden the answer is an empty list.
 */
export async function badgesOfUser(db: Db, viewer: PolicyViewer, userId: number) {
  const subject = await memberSubject(db, viewer, userId);
  if (!subject) throw new HttpError(404, badgeMessages.userNotFound);
  requireAccess(viewer, "badges.read", subject, {
    forbidden: badgeMessages.userNotFound,
    notFound: badgeMessages.userNotFound,
  });
  if (!can(viewer, "profile.badgeCount.read", subject)) return [];
  return views(await awardsOf(db, userId));
}

export const badgeDefinitions = () => BADGE_DEFINITIONS;

/** GET /api/badges/progress: the owner's metrics and their next closest badges. */
export async function badgeProgress(db: Db, userId: number): Promise<BadgeProgressView> {
  const [metrics, awards] = await Promise.all([badgeMetrics(db, userId), awardsOf(db, userId)]);
  return progressView(metrics, awards);
}

const progressView = (metrics: Awaited<ReturnType<typeof badgeMetrics>>, awards: AwardRow[]) => ({
  ...metrics,
  nextClosest: nextClosestBadges(
    metrics,
    awards.map((a) => a.badgeCode),
  ),
});

/**
 * For a page that reads everything in one statement: a member's awards and badge metrics as
 * SQL values (`user`: the member's SQL value), and what badgesFromJson makes of them.
 */
export const badgeAwardsSql = awardsJson;
export const badgeMetricsSql = badgeMetricsJson;

/**
 * The awards (as myBadges), their number (badgeCount) and, given the metrics, the progress
 * (badgeProgress). It asks no policy: the caller decides what the viewer is shown.
 */
export function badgesFromJson(awardsJson: unknown, metricsJson: unknown, userId: number) {
  const rows = awardsFromJson(awardsJson, userId);
  return {
    awards: views(rows),
    count: rows.length,
    progress: metricsJson == null ? null : progressView(badgeMetricsFromJson(metricsJson), rows),
  };
}

/** GET /api/badges/uncelebrated: awards the celebration dialog has not shown yet, oldest first. */
export const uncelebrated = async (db: Db, userId: number) => views(await uncelebratedAwards(db, userId));

/** POST /api/badges/{id}/celebrated: idempotent; another member's award (or none) is 404. */
export async function celebrated(db: Db, userId: number, awardId: number, now: Date) {
  if (!(await markCelebrated(db, userId, awardId, now)))
    throw new HttpError(404, badgeMessages.awardNotFound);
  return { celebrated: true };
}

/** The number of badges a member holds (the profile's badge count), in one query. */
export const badgeCount = (db: Db, userId: number) => countAwards(db, userId);
