import { useId, useState } from "react";
import type { SchoolFeedbackItem } from "../../common/schemas/feedback";
import { CorrectSchoolDialog } from "../admin/CorrectSchoolDialog";
import { formatWhen } from "../admin/types";
import { useFocusOnRemoval } from "../admin/use-focus-on-removal";
import { SuggestedRules } from "../visitor-rules/SuggestedRules";
import { useDecideSchoolFeedback, useSchoolFeedback } from "./manage-queries";

/**
 * The school's open feedback: each item with Apply (the correction form, prefilled with the
 * school's fields and any suggested visitor rules, as on /admin) and Dismiss. Private comments
 * show to admins only.
 */
export function OwnerFeedbackPanel({
  schoolId,
  initial,
}: {
  schoolId: number;
  initial: SchoolFeedbackItem[] | null;
}) {
  const id = useId();
  const query = useSchoolFeedback(schoolId, initial);
  // A decided item leaves with the button that had focus: focus goes to the heading.
  const heading = useFocusOnRemoval(query.data?.length);
  return (
    <section className="manage-feedback" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Feedback from visitors
      </h2>
      {query.isPending ? (
        <p className="muted">Loading feedback...</p>
      ) : query.isError ? (
        <p role="alert">Error loading feedback</p>
      ) : query.data.length === 0 ? (
        <p className="muted">No open feedback about this gym.</p>
      ) : (
        <ul className="admin-feedback-list">
          {query.data.map((item) => (
            <FeedbackItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FeedbackItem({ item }: { item: SchoolFeedbackItem }) {
  const decide = useDecideSchoolFeedback(item);
  const [correcting, setCorrecting] = useState(false);
  return (
    <li className="card">
      <p>Submitted {formatWhen(item.submittedAt)}</p>
      {item.communityNotes && (
        <div>
          <h3>Public note</h3>
          <p>{item.communityNotes}</p>
        </div>
      )}
      <SuggestedRules rules={item.visitorRules} heading="h3" />
      {item.privateComments && (
        <div className="admin-private">
          <h3>
            Private comments <span className="admin-tag">Admin Only</span>
          </h3>
          <p>{item.privateComments}</p>
        </div>
      )}
      <div className="admin-actions">
        <button
          type="button"
          className="button"
          onClick={() => setCorrecting(true)}
          disabled={decide.isPending}
        >
          Apply
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
      {correcting && (
        <CorrectSchoolDialog
          entry={item}
          pending={decide.isPending}
          showPrivate={item.privateComments !== null}
          onApply={(correction) =>
            decide.mutate({ kind: "apply", correction }, { onSuccess: () => setCorrecting(false) })
          }
          onClose={() => setCorrecting(false)}
        />
      )}
    </li>
  );
}
