/**
 * Gym owners (issue 21): the owner relation the policy reads, claims, and leaving or removal.
 * Other features ask here for a school's policy subject and never read `school_owners`.
 */
import type { Db } from "../../../db/client";
import { requireSchoolAccess } from "../../policy/access";
import type { SchoolAction, SchoolSubject } from "../../policy/rules";
import { type PolicyViewer, viewerId } from "../../policy/viewer";
import { schoolOwnership } from "./queries";

export { emailMatchesWebsite, registrableDomain } from "./domain-match";
export { ownersOf, schoolsOwnedBy } from "./queries";

/** The school as the policy sees it for this viewer, or null when there is no such school. */
export function schoolSubject(db: Db, viewer: PolicyViewer, schoolId: number): Promise<SchoolSubject | null> {
  return schoolOwnership(db, schoolId, viewerId(viewer));
}

/**
 * Refuses unless the viewer may do `action` on the school: 401 for a guest, and the same 404
 * (`notFound`) for a missing school as for another's.
 */
export async function requireSchool(
  db: Db,
  viewer: PolicyViewer,
  action: SchoolAction,
  schoolId: number,
  notFound: string,
): Promise<SchoolSubject> {
  const subject = viewer.kind === "guest" ? null : await schoolSubject(db, viewer, schoolId);
  requireSchoolAccess(viewer, action, subject, notFound);
  return subject as SchoolSubject;
}
