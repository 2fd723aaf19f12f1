import type { ManagePageData } from "../common/schemas/school-manage";
import { ManageSections } from "./manage/ManageSections";
import { PageQueries } from "./users/PageQueries";

/** /schools/{slug}/manage (issue 21): a school's schedule, next four weeks, contact, feedback and activity, on the page's QueryClient. */
export default function ManageSchool(props: ManagePageData) {
  return (
    <PageQueries>
      <ManageSections {...props} />
    </PageQueries>
  );
}
