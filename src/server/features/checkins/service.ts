import { distanceMeters } from "../../../common/geo";
import { localDateAt } from "../../../common/schedule/open-now";
import {
  CHECKIN_MAX_METERS,
  type CheckinResult,
  type CheckinView,
  checkinMessages,
} from "../../../common/schemas/checkins";
import type { Db } from "../../../db/client";
import { batchTogether } from "../../../db/grouped-batch";
import type { RawStatement } from "../../../db/raw-statement";
import { uniqueViolationOf } from "../../../db/unique-violation";
import { withLimitCharged } from "../../http/charged-write";
import { HttpError } from "../../http/errors";
import { chargeRate, type RateRule } from "../../http/rate-limit";
import { can, requireAccess } from "../../policy/access";
import type { PolicyViewer } from "../../policy/viewer";
import { awardStatement, newAwardViews } from "../badges/service";
import { cameStatements } from "../going/service";
import { listingEventStatement } from "../listing-stats/service";
import { checkinCardStatement } from "../posts/service";
import { memberSubject } from "../settings/service";
import { confirmationStatements, confirmationsCommitted } from "./confirmations";
import { type CheckinListing, checkinListing, windowAt } from "./listings";
import {
  type CheckinRow,
  checkinsFromJson,
  checkinsJson,
  checkinsWithSchools,
  deleteOwnCheckin,
  findOwnCheckin,
  fromRawCheckin,
  insertCheckin,
  markVerified,
  schoolsConfirmedBefore,
} from "./queries";

interface Position {
  latitude: number;
  longitude: number;
}

type ListedCheckin = Pick<CheckinRow, "id" | "schoolId" | "checkedInAt" | "localDate" | "verified">;

function toView(row: ListedCheckin, school: CheckinView["school"]): CheckinView {
  return {
    id: row.id,
    schoolId: row.schoolId,
    checkedInAt: row.checkedInAt.toISOString(),
    localDate: row.localDate,
    verified: row.verified,
    school,
  };
}

const schoolSummary = (s: { gym: string; city: string; slug: string; timeZone: string }) => ({
  gym: s.gym,
  city: s.city,
  slug: s.slug,
  timeZone: s.timeZone,
});

/**
 * Spec §5 "Proximity check" and the open-mat window, judged now: the distance in metres and
 * the listed session whose window holds `now`, or the 400 that refuses it.
 */
async function judge(db: Db, listing: CheckinListing, position: Position, now: Date, allowFar: boolean) {
  const { school } = listing;
  const distance = distanceMeters(position.latitude, position.longitude, school.latitude, school.longitude);
  const near = distance <= CHECKIN_MAX_METERS;
  if (!near && !allowFar) throw new HttpError(400, checkinMessages.tooFar(distance));
  // A cancelled open mat (or a closed day) has no window: nobody checks in to a locked gym.
  const { open, localDate } = await windowAt(db, listing, now);
  if (!open) throw new HttpError(400, checkinMessages.noOpenMat);
  return { distance, near, sessionId: open.session.id, occurrenceKey: open.key, localDate };
}

const isCheckinDuplicate = (error: unknown) => {
  const violation = uniqueViolationOf(error);
  if (!violation) return false;
  const text = typeof violation.message === "string" ? violation.message : "";
  return text === "" || /checkins/.test(text);
};

/** The school with its sessions, or the 404. */
async function schoolOr404(db: Db, schoolId: number) {
  const listing = await checkinListing(db, schoolId);
  if (!listing) throw new HttpError(404, checkinMessages.schoolNotFound);
  return listing;
}

/**
 * POST /api/checkins. A check-in within 61 m during a listed session's window is stored
 * verified; with `pending: true` a far one is stored unverified (verify it later). The
 * insert, the listing's freshness and the badges are one transaction; the unique index
 * (member, school, local day) answers 409 to a second one that day, even at the same instant.
 * The attempt counts under `limit` (checkin.attempt) in that same transaction, refused ones
 * too (http/charged-write.ts); null only for a seed's history, which no member sent.
 */
export function createCheckin(
  db: Db,
  userId: number,
  input: { schoolId: number; latitude: number; longitude: number; pending?: boolean },
  now: Date,
  limit: RateRule | null,
): Promise<CheckinResult> {
  if (!limit) return writeCheckin(db, userId, input, now, null);
  return withLimitCharged(db, limit, now.getTime(), (charge) => writeCheckin(db, userId, input, now, charge));
}

async function writeCheckin(
  db: Db,
  userId: number,
  input: { schoolId: number; latitude: number; longitude: number; pending?: boolean },
  now: Date,
  charge: RawStatement | null,
): Promise<CheckinResult> {
  const listing = await schoolOr404(db, input.schoolId);
  const { school } = listing;
  const verdict = await judge(db, listing, input, now, input.pending === true);
  const { localDate } = verdict;
  const values = {
    userId,
    schoolId: school.id,
    checkedInAt: now,
    localDate,
    verified: verdict.near,
    distanceMeters: verdict.distance,
    sessionId: verdict.near ? verdict.sessionId : null,
  };
  const charged = charge ? [charge] : [];
  try {
    // One batch is one transaction: the attempt's count, the insert, the listing's freshness,
    // the awards and the feed card (committed with other requests' check-ins of the moment).
    const confirm = verdict.near ? confirmationStatements(db, school.id, verdict.sessionId, now) : [];
    const [inserted, newAwards, ...rest] = (
      await batchTogether(
        db,
        verdict.near
          ? [
              ...charged,
              insertCheckin(values),
              awardStatement(userId, now),
              checkinCardStatement(now, { userId, schoolId: school.id, localDate }),
              listingEventStatement(school.id, "checkin", now),
              // Going to this open mat: they came (issue 22).
              ...cameStatements(school.id, userId, verdict.occurrenceKey),
              // Last, so their results are the batch's last.
              ...confirm,
            ]
          : [...charged, insertCheckin(values)],
      )
    ).slice(charged.length);
    confirmationsCommitted(db, school.id, verdict.sessionId, now, rest.slice(rest.length - confirm.length));
    if (inserted?.lastInsertRowid === undefined) throw new Error("check-in insert returned no id");
    const row = { ...values, id: Number(inserted.lastInsertRowid) };
    return {
      ...toView(row, schoolSummary(school)),
      distanceMeters: verdict.distance,
      newBadges: newAwardViews(newAwards?.rows),
    };
  } catch (error) {
    if (isCheckinDuplicate(error)) throw new HttpError(409, checkinMessages.alreadyToday);
    throw error;
  }
}

/**
 * PATCH /api/checkins/{id}/verify: verifies one of the member's own pending check-ins when the
 * new position passes the same checks now. Another member's (or none) is 404; a verified
 * one is 409; a failing check is its 400 and changes nothing.
 */
export async function verifyCheckin(
  db: Db,
  userId: number,
  id: number,
  input: { verified: boolean; latitude: number; longitude: number },
  now: Date,
  limit: RateRule,
): Promise<CheckinResult> {
  // Counted up front, as a route's limit is: a verification is rare, and one that lost a
  // race to a parallel one is refused after its batch has committed.
  await chargeRate(db, limit, now.getTime());
  if (!input.verified) throw new HttpError(400, checkinMessages.verifyFalse);
  const existing = await findOwnCheckin(db, id, userId);
  if (!existing) throw new HttpError(404, checkinMessages.notFound);
  if (existing.verified) throw new HttpError(409, checkinMessages.alreadyVerified);
  const listing = await schoolOr404(db, existing.schoolId);
  const { school } = listing;
  const verdict = await judge(db, listing, input, now, false);
  const confirm = confirmationStatements(db, school.id, verdict.sessionId, now);
  const [updated, , newAwards, ...rest] = await batchTogether(db, [
    markVerified(id, userId, { distanceMeters: verdict.distance, sessionId: verdict.sessionId }),
    // Counted only when this request verified it (not a parallel one).
    listingEventStatement(school.id, "checkin", now, true),
    awardStatement(userId, now),
    checkinCardStatement(now, { id }),
    ...cameStatements(school.id, userId, verdict.occurrenceKey),
    ...confirm,
  ]);
  confirmationsCommitted(db, school.id, verdict.sessionId, now, rest.slice(rest.length - confirm.length));
  const row = fromRawCheckin(updated?.rows);
  // Verified meanwhile by a parallel request: that one confirmed and awarded.
  if (!row) throw new HttpError(409, checkinMessages.alreadyVerified);
  return {
    ...toView(row, schoolSummary(school)),
    distanceMeters: verdict.distance,
    newBadges: newAwardViews(newAwards?.rows),
  };
}

/**
 * A check-in whose gym its owner hides from the viewer: that there was one, when, and
 * whether it is verified. No school id (which /api/schools/{id} would name), no gym date
 * (its UTC offset would tell the region), no name, slug, city or zone.
 */
const withoutGym = (row: ListedCheckin): CheckinView => ({
  id: row.id,
  schoolId: null,
  checkedInAt: row.checkedInAt.toISOString(),
  localDate: null,
  verified: row.verified,
  school: null,
});

/** Newest first; today's (in the gym's zone) unverified ones are left out (spec §4). */
async function listFor(db: Db, userId: number, showGym: boolean, now: Date): Promise<CheckinView[]> {
  return viewsOf(await checkinsWithSchools(db, userId), showGym, now);
}

type ListedRow = { checkin: ListedCheckin; gym: string; city: string; slug: string; timeZone: string };

function viewsOf(rows: ListedRow[], showGym: boolean, now: Date) {
  return rows
    .filter((r) => r.checkin.verified || r.checkin.localDate !== localDateAt(now, r.timeZone))
    .map((r) => (showGym ? toView(r.checkin, schoolSummary(r)) : withoutGym(r.checkin)));
}

export const myCheckins = (db: Db, userId: number, now: Date) => listFor(db, userId, true, now);

/** A member's check-ins as an SQL value (a JSON array), for a page's one statement. */
export const checkinsSql = checkinsJson;

/**
 * The list of checkinsSql's value as myCheckins (showGym true) or checkinsOfUser answers it.
 * It asks no policy: the caller checks checkins.read and decides showGym by checkins.gymNames.read.
 */
export const checkinsFromSql = (json: unknown, userId: number, showGym: boolean, now: Date) =>
  viewsOf(checkinsFromJson(json, userId), showGym, now);

/**
 * GET /api/checkins/user/{userId} (and the profile page's Activity): 404 for an unknown
 * member or a block either way. Which gym each one was at follows checkins.gymNames.read
 * (showCheckInGymNames): when it is refused the list carries no trace of the gym.
 */
export async function checkinsOfUser(db: Db, viewer: PolicyViewer, userId: number, now: Date) {
  const subject = await memberSubject(db, viewer, userId);
  if (!subject) throw new HttpError(404, checkinMessages.userNotFound);
  requireAccess(viewer, "checkins.read", subject, {
    forbidden: checkinMessages.userNotFound,
    notFound: checkinMessages.userNotFound,
  });
  return listFor(db, userId, can(viewer, "checkins.gymNames.read", subject), now);
}

/** DELETE /api/checkins/{id}: the owner's only (another's is 404); badges already earned stay. */
export async function deleteCheckin(db: Db, userId: number, id: number) {
  if (!(await deleteOwnCheckin(db, id, userId))) throw new HttpError(404, checkinMessages.notFound);
  return { deleted: true, id };
}

/**
 * For admins: listings no verified check-in confirmed in the last `days` days, never
 * confirmed first, at most `limit`. It reads the schools table in order of lastVerifiedAt.
 */
export const staleSchools = (db: Db, now: Date, days = 90, limit = 100) =>
  schoolsConfirmedBefore(db, new Date(now.getTime() - days * 86_400_000), limit);
