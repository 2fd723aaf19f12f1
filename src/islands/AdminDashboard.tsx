import { AdminDashboardView } from "./admin/AdminDashboardView";
import type { AdminDashboardProps } from "./admin/types";
import { PageQueries } from "./users/PageQueries";

export type { AdminDashboardProps };

/** /admin's tabs (review queue, Feedback Dashboard, reports, stale listings, audit log) on the page's QueryClient. */
export default function AdminDashboard(props: AdminDashboardProps) {
  return (
    <PageQueries>
      <AdminDashboardView {...props} />
    </PageQueries>
  );
}
