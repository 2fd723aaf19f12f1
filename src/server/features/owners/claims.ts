/**
 * `POST /api/schools/{id}/claims` (issue 21): a member with a confirmed address asks to keep
 * a school's listing. Approved at once, in one batch with the owner row, its audit row and
 * its event, when the address is at the school's own website domain; otherwise pending for
 * an admin. A member's open claim is answered again rather than repeated.
 */
import { sql } from "drizzle-orm";
import {
  type ClaimInput,
  type ClaimView,
  claimTexts,
  type ViewerOwnership,
} from "../../../common/schemas/claims";
import type { Db } from "../../../db/client";
import { auditStatement } from "../../audit/log";
import { HttpError } from "../../http/errors";
import { limitRule } from "../../http/member-limits";
import { chargeRate, releaseRate } from "../../http/rate-limit";
import { can } from "../../policy/access";
import { requireMemberId } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import {
  type ClaimRow,
  type ClaimSchool,
  findPendingClaim,
  insertClaim,
  insertOwner,
  memberContact,
  type NewClaim,
  newestClaimId,
  ownersClaim,
  schoolForClaim,
} from "./claim-queries";
import type { OwnerDeps } from "./deps";
import { emailMatchesWebsite } from "./domain-match";
import { claimDecidedEvent, mailStep } from "./notify";
import { isOwner, schoolOwnership } from "./queries";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const toClaimView = (r: ClaimRow): ClaimView => ({
  id: r.id,
  schoolId: r.schoolId,
  status: r.status,
  domainMatch: r.domainMatch,
  message: r.message,
  createdAt: new Date(r.createdAt).toISOString(),
  decidedAt: iso(r.decidedAt),
});

/** `changes() = 1`: the statement just before changed its one row. */
const changedJustNow = sql`changes() = 1`;

/**
 * The approved claim, the owner row, the audit row and the event, in one batch; the later
 * statements run only if the claim went in. Answers whether it did.
 */
async function approveAtOnce(db: Db, claim: NewClaim, school: ClaimSchool) {
  const claimId = newestClaimId(claim.schoolId, claim.userId);
  const [inserted] = await db.batch([
    insertClaim(db, claim, "approved"),
    insertOwner(db, { ...claim, claimId }, changedJustNow),
    auditStatement(
      db,
      {
        actorId: claim.userId,
        action: "claim.approve",
        subjectType: "claim",
        subjectId: claimId,
        before: null,
        after: {
          status: "approved",
          by: "domain",
          schoolId: claim.schoolId,
          userId: claim.userId,
          email: claim.email,
          website: school.website,
        },
        at: claim.at,
      },
      changedJustNow,
    ),
    ...claimDecidedEvent(
      db,
      {
        claimId,
        actorId: claim.userId,
        payload: {
          userId: claim.userId,
          schoolId: school.id,
          gym: school.gym,
          slug: school.slug,
          decision: "approved",
        },
        at: claim.at,
      },
      changedJustNow,
    ),
  ]);
  return inserted.rowsAffected === 1;
}

/**
 * Claims the school for the signed-in member. 404 for no such school, 409 for an owner,
 * 403 for an address not yet confirmed; an open claim is answered as it is (created false)
 * and costs nothing. A new one counts against `school.claim`.
 */
export async function createClaim(
  deps: OwnerDeps,
  viewer: PolicyViewer,
  schoolId: number,
  input: ClaimInput,
): Promise<{ claim: ClaimView; created: boolean }> {
  const me = requireMemberId(viewer);
  const { db } = deps;
  const [school, member] = await Promise.all([schoolForClaim(db, schoolId), memberContact(db, me)]);
  if (!school || !member) throw new HttpError(404, claimTexts.schoolNotFound);
  if (await isOwner(db, schoolId, me)) throw new HttpError(409, claimTexts.alreadyOwner);
  if (!member.verified) throw new HttpError(403, claimTexts.unverified);
  const open = await findPendingClaim(db, schoolId, me);
  if (open) return { claim: toClaimView(open), created: false };

  const now = deps.now();
  const rule = limitRule("school.claim", { memberId: me }, deps.dailyLimit);
  await chargeRate(db, rule, now.getTime());
  const domainMatch = emailMatchesWebsite(member.email, school.website);
  const claim: NewClaim = {
    schoolId,
    userId: me,
    message: input.message,
    email: member.email,
    domainMatch,
    at: now,
  };
  const created = domainMatch
    ? await approveAtOnce(db, claim, school)
    : (await insertClaim(db, claim, "pending")).rowsAffected === 1;

  if (!created) {
    // The same member's request sent at the same moment went first: answer its claim.
    await releaseRate(db, rule, now.getTime());
    const first = (await findPendingClaim(db, schoolId, me)) ?? (await ownersClaim(db, schoolId, me));
    if (first) return { claim: toClaimView(first), created: false };
    throw new HttpError(409, claimTexts.alreadyOwner);
  }
  if (domainMatch) await mailStep(deps, me, school, { kind: "approved", by: "domain" });
  const row = domainMatch ? await ownersClaim(db, schoolId, me) : await findPendingClaim(db, schoolId, me);
  if (!row) throw new Error("a claim is missing right after its insert");
  return { claim: toClaimView(row), created: true };
}

/**
 * `GET /api/schools/{id}/owners/me`: whether the viewer may manage the school, whether they
 * own it, and their open claim. Asked by the page's island after it hydrates, so no cached
 * page carries it.
 */
export async function viewerOwnership(
  db: Db,
  viewer: PolicyViewer,
  schoolId: number,
): Promise<ViewerOwnership> {
  const me = requireMemberId(viewer);
  const subject = await schoolOwnership(db, schoolId, me);
  if (!subject) throw new HttpError(404, claimTexts.schoolNotFound);
  const open = subject.owner ? undefined : await findPendingClaim(db, schoolId, me);
  return {
    owner: subject.owner,
    manage: can(viewer, "school.edit", subject),
    claim: open
      ? { id: open.id, status: "pending", createdAt: new Date(open.createdAt).toISOString() }
      : null,
  };
}
