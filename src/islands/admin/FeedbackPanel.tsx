import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { SuggestedRules } from "../visitor-rules/SuggestedRules";
import { CorrectSchoolDialog } from "./CorrectSchoolDialog";
import { useDecideFeedback } from "./feedback-queries";
import { feedbackQueryOptions } from "./queries";
import { type FeedbackEntry, formatWhen } from "./types";

const stateLabel = { open: "Open", applied: "Applied as a correction", dismissed: "Dismissed" } as const;

/** Spec §2 Feedback dashboard: every feedback, its school, and the admins' private comments. */
export function FeedbackPanel() {
  const query = useQuery(feedbackQueryOptions());
  return (
    <section className="admin-feedback" aria-labelledby="feedback-dashboard-title">
      <h2 id="feedback-dashboard-title">Feedback Dashboard</h2>
      {query.isPending ? (
        <p className="muted">Loading feedback...</p>
      ) : query.isError ? (
        <p role="alert">Error loading feedback</p>
      ) : query.data.length === 0 ? (
        <p className="muted">No feedback submitted yet</p>
      ) : (
        <ul className="admin-feedback-list">
          {query.data.map((f) => (
            <FeedbackItem key={f.id} entry={f} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One feedback item: its state, and while open, 'Correct school' and 'Dismiss'. */
function FeedbackItem({ entry: f }: { entry: FeedbackEntry }) {
  const decide = useDecideFeedback(f);
  const [correcting, setCorrecting] = useState(false);
  const status = f.status ?? "open";
  return (
    <li className={`card feedback-${status}`}>
      <h3>{f.schoolName}</h3>
      <p className="muted">
        {f.address.toLowerCase().includes(f.city.toLowerCase()) ? f.address : `${f.address}, ${f.city}`}
      </p>
      <p>Submitted {formatWhen(f.submittedAt)}</p>
      <p className={`feedback-state feedback-state-${status}`}>
        <strong>{stateLabel[status]}</strong>
        {status !== "open" && f.decidedAt && ` · ${formatWhen(f.decidedAt)}`}
        {status !== "open" && f.decidedBy && ` by ${f.decidedBy}`}
        {f.notePublished && " · note published on the school"}
      </p>
      {f.communityNotes && (
        <div>
          <h4>Public notes</h4>
          <p>{f.communityNotes}</p>
        </div>
      )}
      <SuggestedRules rules={f.visitorRules} heading="h4" />
      {f.privateComments && (
        <div className="admin-private">
          <h4>
            Private comments <span className="admin-tag">Admin Only</span>
          </h4>
          <p>{f.privateComments}</p>
        </div>
      )}
      <p className="muted">
        Feedback ID: {f.id} · School ID: {f.schoolId}
      </p>
      {status === "open" && (
        <div className="admin-actions">
          <button
            type="button"
            className="button"
            onClick={() => setCorrecting(true)}
            disabled={decide.isPending}
          >
            Correct school
          </button>
          <button
            type="button"
            className="button button-ghost"
            onClick={() => decide.mutate({ kind: "dismiss" })}
            disabled={decide.isPending}
          >
            {decide.isPending && decide.variables?.kind === "dismiss" ? "Dismissing..." : "Dismiss"}
          </button>
        </div>
      )}
      {correcting && (
        <CorrectSchoolDialog
          entry={f}
          pending={decide.isPending}
          onApply={(correction) =>
            decide.mutate({ kind: "apply", correction }, { onSuccess: () => setCorrecting(false) })
          }
          onClose={() => setCorrecting(false)}
        />
      )}
    </li>
  );
}
