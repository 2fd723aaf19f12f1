import { sql } from "drizzle-orm";
import type { SubmissionDecided } from "../../../common/schemas/notifications";
import type { ApproveSubmissionInput } from "../../../common/schemas/submission";
import { submissionMessages } from "../../../common/schemas/submission";
import type { Db } from "../../../db/client";
import { auditStatement as writeAudit } from "../../audit/log";
import { appendEvent } from "../../events/store";
import { HttpError } from "../../http/errors";
import type { Job } from "../../jobs/runner";
import type { PolicyViewer } from "../../policy/viewer";
import { confirmSchool, schoolRow, upsertSchool } from "../schools/service";
import {
  type Decider,
  geocodeOrFail,
  mailTo,
  requireAdminId,
  requireReviewer,
  type SubmissionDeps,
} from "./deps";
import {
  changedJustNow,
  decideIfPending,
  findSubmission,
  releaseStaleClaims,
  type SubmissionRow,
  setSubmissionSchool,
  undoDecision,
} from "./queries";
import { toSubmissionView } from "./view";

const notFound = () => new HttpError(404, submissionMessages.notFound);
const decided = () => new HttpError(409, submissionMessages.alreadyDecided);

function auditStatement(
  db: Db,
  entry: { decider: Decider; action: string; subjectId: number; before: unknown; after: unknown; at: Date },
  onlyIf = sql`1`,
) {
  const actorId = entry.decider.kind === "admin" ? entry.decider.id : null;
  const { action, subjectId, before, after, at } = entry;
  return writeAudit(db, { actorId, action, subjectType: "submission", subjectId, before, after, at }, onlyIf);
}

function decisionEvent(
  db: Db,
  row: SubmissionRow,
  decider: Decider,
  payload: Omit<SubmissionDecided, "submissionId" | "submitterId" | "gym">,
  at: Date,
  onlyIf?: ReturnType<typeof sql>,
) {
  const full: SubmissionDecided = {
    submissionId: row.id,
    submitterId: row.submitterId,
    gym: row.gym,
    ...payload,
  };
  return appendEvent(
    db,
    {
      type: "submission.decided",
      actorId: decider.kind === "admin" ? decider.id : null,
      subjectId: row.id,
      payload: full,
      at,
    },
    onlyIf,
  );
}

async function decisionMail(deps: SubmissionDeps, row: SubmissionRow, text: string) {
  const to = await mailTo(deps.db, row);
  if (!to) return;
  await deps.sendMail({
    to,
    subject: `Your open mat submission: ${row.gym}`,
    text: [text, "", deps.publicUrl].join("\n"),
  });
}

/** An approved submission's schedule is the member's, vouched for by whoever approved it. */
const approvedBy = (decider: Decider) =>
  ({ source: "submission", userId: decider.kind === "admin" ? decider.id : null, vouches: true }) as const;

async function loadPending(db: Db, id: number) {
  const row = await findSubmission(db, id);
  if (!row) throw notFound();
  if (row.status !== "pending") throw decided();
  return row;
}

/** Claims the pending submission for this decision; exactly one of two racing admins gets it. */
async function claim(deps: SubmissionDeps, id: number, decider: Decider, at: Date) {
  const claimed = await decideIfPending(deps.db, id, {
    status: "approved",
    decidedBy: decider.kind === "admin" ? decider.id : null,
    decidedAt: at,
  }).returning();
  const after = claimed[0];
  if (!after) throw decided();
  return after;
}

/** Approve as a new school (with the admin's edits), through the schools ingest path. */
export async function approveSubmission(
  deps: SubmissionDeps,
  viewer: PolicyViewer | "cli",
  id: number,
  edits: ApproveSubmissionInput = {},
) {
  if (viewer !== "cli") requireReviewer(viewer);
  const decider: Decider = viewer === "cli" ? { kind: "cli" } : { kind: "admin", id: requireAdminId(viewer) };
  const { db } = deps;
  const before = await loadPending(db, id);
  const address = edits.address ?? before.address;
  const place =
    address === before.address
      ? { latitude: before.latitude, longitude: before.longitude, city: before.city, state: before.state }
      : await geocodeOrFail(deps.geocoder, address);
  const now = deps.now();
  await claim(deps, id, decider, now);
  let schoolId: number;
  try {
    ({ id: schoolId } = await upsertSchool(
      { db, now: deps.now, timeZoneAt: deps.timeZoneAt },
      {
        sourceKey: `submission:${id}`,
        gym: edits.gym ?? before.gym,
        address,
        city: place.city,
        state: place.state,
        latitude: place.latitude,
        longitude: place.longitude,
        website: edits.link !== undefined ? edits.link : before.link,
        dayAndTime: edits.dayAndTime ?? before.dayAndTime,
        communityNotes: edits.communityNotes !== undefined ? edits.communityNotes : before.communityNotes,
        by: approvedBy(decider),
      },
    ));
  } catch (error) {
    await undoDecision(db, id);
    throw error;
  }
  const after = { ...before, ...edits, ...place, status: "approved" as const, schoolId, decidedAt: now };
  const [linked] = await db.batch([
    setSubmissionSchool(db, id, schoolId, now),
    auditStatement(
      db,
      { decider, action: "submission.approve", subjectId: id, before, after, at: now },
      changedJustNow,
    ),
    ...decisionEvent(db, before, decider, { decision: "approved", schoolId }, now, changedJustNow),
  ]);
  if (linked.rowsAffected !== 1) throw decided();
  await decisionMail(
    deps,
    before,
    `Good news: your open mat at ${after.gym} was approved and is now listed.\n${deps.publicUrl}/api/schools/${schoolId}`,
  );
  return toSubmissionView((await findSubmission(db, id)) as SubmissionRow);
}

/** Merge into an existing school: its schedule becomes the submitted one, and it is confirmed now. */
export async function mergeSubmission(
  deps: SubmissionDeps,
  viewer: PolicyViewer | "cli",
  id: number,
  schoolId: number,
) {
  if (viewer !== "cli") requireReviewer(viewer);
  const decider: Decider = viewer === "cli" ? { kind: "cli" } : { kind: "admin", id: requireAdminId(viewer) };
  const { db } = deps;
  const before = await loadPending(db, id);
  const school = await schoolRow(db, schoolId);
  if (!school) throw new HttpError(404, submissionMessages.schoolNotFound);
  const now = deps.now();
  await claim(deps, id, decider, now);
  try {
    await upsertSchool(
      { db, now: deps.now, timeZoneAt: deps.timeZoneAt },
      {
        sourceKey: school.sourceKey,
        gym: school.gym,
        address: school.address,
        city: school.city,
        state: school.state,
        zipCode: school.zipCode,
        latitude: school.latitude,
        longitude: school.longitude,
        phone: school.phone,
        website: school.website ?? before.link,
        dayAndTime: before.dayAndTime,
        communityNotes: school.communityNotes,
        isDemo: school.isDemo,
        by: approvedBy(decider),
      },
    );
  } catch (error) {
    await undoDecision(db, id);
    throw error;
  }
  const after = { ...before, status: "approved" as const, schoolId, decidedAt: now };
  const [linked] = await db.batch([
    setSubmissionSchool(db, id, schoolId, now),
    auditStatement(
      db,
      {
        decider,
        action: "submission.merge",
        subjectId: id,
        before: { submission: before, school: { id: school.id, dayAndTime: school.dayAndTime } },
        after: {
          submission: after,
          school: { id: school.id, dayAndTime: before.dayAndTime, lastVerifiedAt: now },
        },
        at: now,
      },
      changedJustNow,
    ),
    ...decisionEvent(db, before, decider, { decision: "approved", schoolId }, now, changedJustNow),
    confirmSchool(db, schoolId, now),
  ]);
  if (linked.rowsAffected !== 1) throw decided();
  await decisionMail(
    deps,
    before,
    `Good news: your open mat schedule for ${before.gym} was approved and now shows on ${school.gym}.\n${deps.publicUrl}/api/schools/${schoolId}`,
  );
  return toSubmissionView((await findSubmission(db, id)) as SubmissionRow);
}

/** Reject with a reason: the decision, its audit row and its event are one batch, written only if still pending. */
export async function rejectSubmission(
  deps: SubmissionDeps,
  viewer: PolicyViewer | "cli",
  id: number,
  reason: string,
) {
  if (viewer !== "cli") requireReviewer(viewer);
  const decider: Decider = viewer === "cli" ? { kind: "cli" } : { kind: "admin", id: requireAdminId(viewer) };
  const { db } = deps;
  const before = await loadPending(db, id);
  const now = deps.now();
  const after = { ...before, status: "rejected" as const, reason, decidedAt: now };
  const changed = changedJustNow;
  const [updated] = await db.batch([
    decideIfPending(db, id, {
      status: "rejected",
      decidedBy: decider.kind === "admin" ? decider.id : null,
      decidedAt: now,
      reason,
    }).returning({ id: sql<number>`id` }),
    auditStatement(
      db,
      { decider, action: "submission.reject", subjectId: id, before, after, at: now },
      changed,
    ),
    ...decisionEvent(db, before, decider, { decision: "rejected", reason }, now, changed),
  ]);
  if (!updated.length) throw decided();
  await decisionMail(
    deps,
    before,
    `Your open mat submission for ${before.gym} was not approved.\nReason: ${reason}`,
  );
  return toSubmissionView((await findSubmission(db, id)) as SubmissionRow);
}

/** How long an approval may sit claimed without its audit row before it goes back to the queue. */
export const STALE_CLAIM_MS = 2 * 60_000;

/**
 * Approving is a claim, the school, then one batch (link, audit, event). A copy that stops
 * between them would leave a submission 'approved' with no school and out of the queue; this
 * job puts such claims back, and approving again reuses the school (its source key is the
 * submission's).
 */
export function releaseStaleClaimsJob(): Job {
  return {
    name: "submissions:release-stale-claims",
    kind: "periodic",
    everyMs: 60_000,
    async run({ db, now, logger }) {
      const released = await releaseStaleClaims(db, new Date(now.getTime() - STALE_CLAIM_MS));
      if (released.length)
        logger.warn("submission claims released", { ids: released.map((r) => r.id).join(",") });
      return released.length;
    },
  };
}
