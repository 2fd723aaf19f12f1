import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AdminTabs } from "./AdminTabs";
import { AuditPanel } from "./AuditPanel";
import { CancellationsPanel } from "./CancellationsPanel";
import { ClaimsPanel } from "./ClaimsPanel";
import { FeedbackPanel } from "./FeedbackPanel";
import { type AuditPages, adminKeys, type StalePages } from "./queries";
import { ReportsPanel } from "./ReportsPanel";
import { StalePanel } from "./StalePanel";
import { SubmissionsPanel } from "./SubmissionsPanel";
import { type AdminDashboardProps, staleKinds } from "./types";

/** Seeds the cache with what the page was rendered with, once, so hydration asks for nothing. */
function useSeed({ submissions, feedback, audit, reports, stale }: AdminDashboardProps) {
  const client = useQueryClient();
  useState(() => {
    if (submissions && !client.getQueryData(adminKeys.submissions)) {
      client.setQueryData(adminKeys.submissions, submissions);
    }
    if (feedback && !client.getQueryData(adminKeys.feedback))
      client.setQueryData(adminKeys.feedback, feedback);
    if (audit && !client.getQueryData(adminKeys.audit)) {
      client.setQueryData<AuditPages>(adminKeys.audit, { pages: [audit], pageParams: [undefined] });
    }
    if (reports && !client.getQueryData(adminKeys.reports)) client.setQueryData(adminKeys.reports, reports);
    for (const kind of staleKinds) {
      const first = stale?.[kind];
      if (first && !client.getQueryData(adminKeys.stale(kind))) {
        client.setQueryData<StalePages>(adminKeys.stale(kind), { pages: [first], pageParams: [0] });
      }
    }
    return true;
  });
}

/**
 * /admin: the review queue, the feedback dashboard, reports, gym claims, stale listings,
 * cancellations and the audit log, as tabs.
 */
export function AdminDashboardView(props: AdminDashboardProps) {
  useSeed(props);
  return (
    <AdminTabs
      label="Administration"
      tabs={[
        {
          id: "submissions",
          label: "Submissions",
          panel: <SubmissionsPanel />,
        },
        { id: "feedback", label: "Feedback Dashboard", panel: <FeedbackPanel /> },
        { id: "reports", label: "Reports", panel: <ReportsPanel /> },
        // Not seeded by the page: it loads when its tab is first opened.
        { id: "claims", label: "Claims", panel: <ClaimsPanel />, lazy: true },
        { id: "stale", label: "Stale listings", panel: <StalePanel /> },
        // Not seeded by the page: it loads when its tab is first opened.
        { id: "cancellations", label: "Cancellations", panel: <CancellationsPanel />, lazy: true },
        {
          id: "audit",
          label: "Audit log",
          panel: (
            <>
              <h2>Audit log</h2>
              <AuditPanel />
            </>
          ),
        },
      ]}
    />
  );
}
