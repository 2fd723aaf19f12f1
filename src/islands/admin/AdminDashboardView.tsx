import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AdminTabs } from "./AdminTabs";
import { AuditPanel } from "./AuditPanel";
import { FeedbackPanel } from "./FeedbackPanel";
import { type AuditPages, adminKeys } from "./queries";
import { SubmissionsPanel } from "./SubmissionsPanel";
import type { AdminDashboardProps } from "./types";

/** Seeds the cache with what the page was rendered with, once, so hydration asks for nothing. */
function useSeed({ submissions, feedback, audit }: AdminDashboardProps) {
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
    return true;
  });
}

/** /admin: the review queue, the feedback dashboard and the audit log, as tabs. */
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
