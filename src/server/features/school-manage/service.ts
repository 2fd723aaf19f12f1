/**
 * The manage page (issue 21): a school's owners and admins keep its schedule as rows, cancel
 * or move an occurrence, set its contact fields and decide its feedback. Everything here asks
 * the policy's school rules; to anyone else the school is as missing as one that does not exist.
 */
import { localDateAt } from "../../../common/schedule/open-now";
import type { ManagePageData } from "../../../common/schemas/school-manage";
import { can } from "../../policy/access";
import type { PolicyViewer } from "../../policy/viewer";
import { schoolFeedback } from "../feedback/service";
import { schoolSubject } from "../owners/service";
import { listOccurrences } from "../schedule-exceptions/service";
import { getSchoolBySlug } from "../schools/service";
import type { ContactDeps } from "./contact";

export { saveContact } from "./contact";
export { saveSchedule } from "./schedule";

export type ManageDeps = ContactDeps;

/** The page's data, or null when the viewer may not manage the school (or there is none). */
export async function managePage(
  deps: Pick<ManageDeps, "db" | "now">,
  viewer: PolicyViewer,
  slug: string,
): Promise<ManagePageData | null> {
  const school = await getSchoolBySlug(deps.db, slug);
  if (!school) return null;
  const subject = await schoolSubject(deps.db, viewer, school.id);
  if (!subject || !can(viewer, "school.edit", subject)) return null;
  const [{ occurrences }, feedback] = await Promise.all([
    listOccurrences(deps, school.id, {}),
    schoolFeedback(deps.db, viewer, school.id).catch(() => null),
  ]);
  return { school, today: localDateAt(deps.now(), school.timeZone), occurrences, feedback };
}
