import type { ManagePageData } from "../common/schemas/school-manage";
import { Island } from "../server/render/island";
import type { RenderInput } from "../server/render/render-page";

/**
 * /schools/{slug}/manage (issue 21): the school's schedule as rows, its next four weeks with
 * cancel and move, its contact fields, its open feedback and what the listing did (weekly
 * counts and the edit history), for its owners and admins.
 */
export function schoolManagePage(data: ManagePageData): RenderInput {
  const { school } = data;
  return {
    meta: {
      title: `Manage ${school.gym} | OpenMat`,
      description: `Keep ${school.gym}'s open mat listing true.`,
      noindex: true,
      canonicalPath: null,
    },
    body: (
      <div className="page manage-page">
        <p className="breadcrumb">
          <a href={`/schools/${school.slug}`}>{school.gym}</a>
        </p>
        <h1>{`Manage ${school.gym}`}</h1>
        <Island name="ManageSchool" props={data} />
      </div>
    ),
  };
}
