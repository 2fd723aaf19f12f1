/**
 * A school's owners (issue 21): the list, an admin removing one, an owner leaving. Each
 * removal, its audit row and its event are one batch, written only while the member owns
 * the school; the member is told by the bell and by mail.
 */
import { claimTexts, type OwnerView } from "../../../common/schemas/claims";
import type { Db } from "../../../db/client";
import { auditStatement } from "../../audit/log";
import { HttpError } from "../../http/errors";
import { requireMemberId } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import { deleteOwner, ownerRow, ownsNow, schoolForClaim } from "./claim-queries";
import type { OwnerDeps } from "./deps";
import { mailStep, ownerRemovedEvent } from "./notify";
import { ownersOf } from "./queries";
import { requireSchool } from "./service";

/** `GET /api/schools/{id}/owners`: its owners and admins only; anyone else gets the missing school's 404. */
export async function listOwners(db: Db, viewer: PolicyViewer, schoolId: number): Promise<OwnerView[]> {
  await requireSchool(db, viewer, "school.owners.read", schoolId, claimTexts.schoolNotFound);
  const rows = await ownersOf(db, schoolId);
  return rows.map((r) => ({ userId: r.userId, username: r.username, since: r.since.toISOString() }));
}

/**
 * `DELETE /api/schools/{id}/owners/{userId}`: an admin removes an owner (school.owners.remove),
 * or an owner leaves (school.owners.leave, their own id). Another member gets the missing
 * school's 404; someone who is not an owner, 404 "Owner not found".
 */
export async function removeOwner(deps: OwnerDeps, viewer: PolicyViewer, schoolId: number, userId: number) {
  const me = requireMemberId(viewer);
  const left = userId === me;
  const { db } = deps;
  await requireSchool(
    db,
    viewer,
    left ? "school.owners.leave" : "school.owners.remove",
    schoolId,
    claimTexts.schoolNotFound,
  );
  const [school, owner] = await Promise.all([schoolForClaim(db, schoolId), ownerRow(db, schoolId, userId)]);
  if (!school || !owner) throw new HttpError(404, claimTexts.ownerNotFound);
  const now = deps.now();
  const owns = ownsNow(schoolId, userId);
  const results = await db.batch([
    auditStatement(
      db,
      {
        actorId: me,
        action: left ? "owner.leave" : "owner.remove",
        subjectType: "school",
        subjectId: schoolId,
        before: {
          owner: { userId, username: owner.username, claimId: owner.claimId, since: new Date(owner.since) },
        },
        after: { owner: null },
        at: now,
      },
      owns,
    ),
    ...ownerRemovedEvent(
      db,
      { actorId: me, payload: { userId, schoolId, gym: school.gym, slug: school.slug, left }, at: now },
      owns,
    ),
    deleteOwner(db, schoolId, userId),
  ]);
  // Removed by another request a moment before: gone all the same, and told once.
  if (results.at(-1)?.rowsAffected !== 1) throw new HttpError(404, claimTexts.ownerNotFound);
  await mailStep(deps, userId, school, { kind: left ? "left" : "removed" });
  return { schoolId, userId, left };
}
