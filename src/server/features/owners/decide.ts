/**
 * /admin's Claims tab (issue 21): pending claims oldest first, and an admin's decision on
 * one. A decision, its audit row, its event and (on approval) the owner row are one batch,
 * written only while the claim is pending; deciding again answers the first decision.
 */
import { sql } from "drizzle-orm";
import { type AdminClaimView, type ClaimView, claimTexts } from "../../../common/schemas/claims";
import type { Db } from "../../../db/client";
import { auditStatement } from "../../audit/log";
import { HttpError } from "../../http/errors";
import { requireAccess } from "../../policy/access";
import { adminOnlyApiMessage, requireMemberId } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import {
  type ClaimRow,
  decideIfPending,
  findClaim,
  insertOwner,
  pendingClaims,
  schoolForClaim,
  stillPending,
} from "./claim-queries";
import { toClaimView } from "./claims";
import type { OwnerDeps } from "./deps";
import { claimDecidedEvent, mailStep } from "./notify";

const QUEUE_LIMIT = 200;

const requireReviewer = (viewer: PolicyViewer) =>
  requireAccess(viewer, "claims.review", { forbidden: adminOnlyApiMessage });

/** `GET /api/admin/claims`: pending claims, oldest first, with the member and the school. */
export async function claimQueue(db: Db, viewer: PolicyViewer): Promise<AdminClaimView[]> {
  requireReviewer(viewer);
  const rows = await pendingClaims(db, QUEUE_LIMIT);
  return rows.map((r) => ({
    ...toClaimView(r),
    email: r.email,
    member: { id: r.userId, username: r.username },
    school: { id: r.schoolId, slug: r.slug, gym: r.gym, city: r.city, state: r.state, website: r.website },
  }));
}

type Decision = { status: "approved" } | { status: "rejected"; reason: string };

const auditView = (r: ClaimRow) => ({
  status: r.status,
  schoolId: r.schoolId,
  userId: r.userId,
  email: r.email,
  domainMatch: r.domainMatch,
  message: r.message,
});

async function decide(
  deps: OwnerDeps,
  viewer: PolicyViewer,
  id: number,
  decision: Decision,
): Promise<ClaimView> {
  requireReviewer(viewer);
  const admin = requireMemberId(viewer);
  const { db } = deps;
  const claim = await findClaim(db, id);
  if (!claim) throw new HttpError(404, claimTexts.claimNotFound);
  if (claim.status !== "pending") return toClaimView(claim);
  const school = await schoolForClaim(db, claim.schoolId);
  if (!school) throw new HttpError(404, claimTexts.claimNotFound);
  const now = deps.now();
  const reason = decision.status === "rejected" ? decision.reason : null;
  // Every statement before the UPDATE runs exactly when the UPDATE will decide the claim.
  const pending = stillPending(id);
  const results = await db.batch([
    auditStatement(
      db,
      {
        actorId: admin,
        action: decision.status === "approved" ? "claim.approve" : "claim.reject",
        subjectType: "claim",
        subjectId: id,
        before: auditView(claim),
        after: { ...auditView(claim), status: decision.status, ...(reason === null ? {} : { reason }) },
        at: now,
      },
      pending,
    ),
    ...claimDecidedEvent(
      db,
      {
        claimId: id,
        actorId: admin,
        payload: {
          userId: claim.userId,
          schoolId: school.id,
          gym: school.gym,
          slug: school.slug,
          decision: decision.status,
          ...(reason ? { reason } : {}),
        },
        at: now,
      },
      pending,
    ),
    decision.status === "approved"
      ? insertOwner(db, { schoolId: claim.schoolId, userId: claim.userId, claimId: id, at: now }, pending)
      : db.run(sql`SELECT 1`),
    decideIfPending(db, id, decision.status, admin, now),
  ]);
  if (results.at(-1)?.rowsAffected === 1) {
    await mailStep(
      deps,
      claim.userId,
      school,
      decision.status === "approved"
        ? { kind: "approved", by: "admin" }
        : { kind: "rejected", reason: reason ?? "" },
    );
  }
  // Decided here or by another admin a moment before: the claim as it now stands.
  return toClaimView((await findClaim(db, id)) as ClaimRow);
}

/** `POST /api/admin/claims/{id}/approve`: the member becomes an owner. */
export const approveClaim = (deps: OwnerDeps, viewer: PolicyViewer, id: number) =>
  decide(deps, viewer, id, { status: "approved" });

/** `POST /api/admin/claims/{id}/reject {reason?}`. */
export const rejectClaim = (deps: OwnerDeps, viewer: PolicyViewer, id: number, reason: string) =>
  decide(deps, viewer, id, { status: "rejected", reason });
