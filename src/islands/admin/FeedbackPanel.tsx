import { useQuery } from "@tanstack/react-query";
import { feedbackQueryOptions } from "./queries";
import { formatWhen } from "./types";

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
            <li key={f.id} className="card">
              <h3>{f.schoolName}</h3>
              <p className="muted">
                {f.address}, {f.city}
              </p>
              <p>Submitted {formatWhen(f.submittedAt)}</p>
              {f.communityNotes && (
                <div>
                  <h4>Public notes</h4>
                  <p>{f.communityNotes}</p>
                </div>
              )}
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
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
