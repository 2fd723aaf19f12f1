import type { AdminDashboardProps } from "../islands/AdminDashboard";
import { Island } from "../server/render/island";
import type { RenderInput } from "../server/render/render-page";

/**
 * /admin (spec §6 Administrator): the review queue, the Feedback Dashboard, reports, stale
 * listings and the audit log.
 */
export function adminPage(props: AdminDashboardProps): RenderInput {
  return {
    meta: {
      title: "Admin | OpenMat",
      description: "Review open mat submissions, feedback, reports, stale listings and the audit log.",
      noindex: true,
      canonicalPath: "/admin",
    },
    body: (
      <div className="page admin-page">
        <h1>Admin</h1>
        <Island name="AdminDashboard" props={props} />
      </div>
    ),
  };
}
