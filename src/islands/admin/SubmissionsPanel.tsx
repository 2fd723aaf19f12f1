import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { formatSchedule } from "../../common/schedule/format";
import { profileHref } from "../users/links";
import { Breakable } from "./Breakable";
import { submissionsQueryOptions, useDecide } from "./queries";
import { EditApproveDialog, RejectDialog } from "./SubmissionDialogs";
import { formatWhen, type PendingSubmission } from "./types";
import { useFocusOnRemoval } from "./use-focus-on-removal";

const mapHref = (lat: number, lng: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;

/** The review queue, oldest first; each decided item leaves it. */
export function SubmissionsPanel() {
  const query = useQuery(submissionsQueryOptions());
  const count = query.data?.length;
  const heading = useFocusOnRemoval(count);
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>
        Pending submissions{count ? ` (${count})` : ""}
      </h2>
      {query.isPending ? (
        <p className="muted">Loading submissions...</p>
      ) : query.isError ? (
        <p role="alert">Error loading submissions: {query.error.message}</p>
      ) : query.data.length === 0 ? (
        <p className="muted">No submissions waiting for review.</p>
      ) : (
        <ol className="admin-queue">
          {query.data.map((submission) => (
            <li key={submission.id}>
              <SubmissionItem submission={submission} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function SubmissionItem({ submission: s }: { submission: PendingSubmission }) {
  const id = useId();
  const decide = useDecide(s);
  const [dialog, setDialog] = useState<"edit" | "reject" | null>(null);
  const [mergeInto, setMergeInto] = useState(s.duplicates[0]?.id ?? 0);
  const close = () => setDialog(null);
  const flagged = s.needsReview || s.review.length > 0 || s.unparsed.length > 0;
  const readAs = formatSchedule({ sessions: s.sessions });
  return (
    <article id={`submission-${s.id}`} className="card admin-submission" aria-labelledby={`${id}-gym`}>
      <header>
        <h3 id={`${id}-gym`}>{s.gym}</h3>
        <p className="muted">Submitted {formatWhen(s.createdAt)}</p>
      </header>
      <dl className="admin-facts">
        <dt>Address</dt>
        <dd>{s.address}</dd>
        <dt>Submitter</dt>
        <dd>
          <a href={profileHref(s.submitterId)}>
            {s.submitterName ? `@${s.submitterName}` : `Member #${s.submitterId}`}
          </a>
          {s.emailForConfirmation && (
            <>
              {" · "}
              <a className="breakable" href={`mailto:${s.emailForConfirmation}`}>
                <Breakable text={s.emailForConfirmation} />
              </a>
            </>
          )}
        </dd>
        <dt>Located</dt>
        <dd>
          {s.latitude !== null && s.longitude !== null ? (
            <>
              {[s.city, s.state].filter(Boolean).join(", ")} ({s.latitude.toFixed(5)},{" "}
              {s.longitude.toFixed(5)}){" "}
              <a href={mapHref(s.latitude, s.longitude)} target="_blank" rel="noopener noreferrer">
                Show on map<span className="visually-hidden"> (opens OpenStreetMap in a new tab)</span>
              </a>
            </>
          ) : (
            "Not located"
          )}
        </dd>
        {s.link && (
          <>
            <dt>Link</dt>
            <dd>
              <a className="breakable" href={s.link} rel="noopener noreferrer nofollow" target="_blank">
                <Breakable text={s.link} />
              </a>
            </dd>
          </>
        )}
        {s.communityNotes && (
          <>
            <dt>Community notes</dt>
            <dd>{s.communityNotes}</dd>
          </>
        )}
      </dl>
      <div className="admin-schedule">
        <section aria-labelledby={`${id}-raw`}>
          <h4 id={`${id}-raw`}>Submitted text</h4>
          <pre className="admin-raw">{s.dayAndTime}</pre>
        </section>
        <section aria-labelledby={`${id}-parsed`}>
          <h4 id={`${id}-parsed`}>Read as</h4>
          {s.sessions.length > 0 ? (
            <ul className="admin-sessions">
              {readAs.split("; ").map((clause) => (
                <li key={clause}>{clause}</li>
              ))}
            </ul>
          ) : (
            <p>No sessions read</p>
          )}
        </section>
      </div>
      {flagged && (
        <div className="admin-flags" role="note" aria-label="Parser flags">
          <p>
            <strong className="admin-tag admin-flag">Needs review</strong>
          </p>
          <ul>
            {s.review.map((reason) => (
              <li key={`r-${reason}`}>{reason}</li>
            ))}
            {s.unparsed.map((piece) => (
              <li key={`u-${piece}`}>Could not read: “{piece}”</li>
            ))}
            {s.sessions.length === 0 && <li>No session could be read</li>}
          </ul>
        </div>
      )}
      {s.duplicates.length + s.pendingDuplicates.length > 0 && (
        <section aria-labelledby={`${id}-dups`}>
          <h4 id={`${id}-dups`}>Possible duplicates</h4>
          <ul className="admin-duplicates">
            {s.duplicates.map((d) => (
              <li key={d.id}>
                <a href={`/schools/${d.slug}`}>{d.gym}</a>, {d.city}, {d.state} — {d.distanceKm} km away
                {d.reasons.includes("similarName") && <span className="muted"> (similar name)</span>}
              </li>
            ))}
            {s.pendingDuplicates.map((d) => (
              <li key={`p-${d.id}`}>
                <a href={`#submission-${d.id}`}>{d.gym}</a>, {d.address}
                {d.distanceKm !== null && ` — ${d.distanceKm} km away`}
                <span className="muted"> (also pending)</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="admin-actions">
        <button
          type="button"
          className="button"
          disabled={decide.isPending}
          onClick={() => decide.mutate({ kind: "approve" })}
        >
          Approve
        </button>
        <button
          type="button"
          className="button button-ghost"
          disabled={decide.isPending}
          onClick={() => setDialog("edit")}
        >
          Edit and approve
        </button>
        {s.duplicates.length > 0 && (
          <span className="admin-merge">
            <label htmlFor={`${id}-merge`}>Merge into</label>
            <select
              id={`${id}-merge`}
              value={mergeInto}
              onChange={(event) => setMergeInto(Number(event.target.value))}
            >
              {s.duplicates.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.gym}, {d.city}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button-ghost"
              disabled={decide.isPending}
              onClick={() => decide.mutate({ kind: "merge", schoolId: mergeInto })}
            >
              Merge
            </button>
          </span>
        )}
        <button
          type="button"
          className="button button-danger"
          disabled={decide.isPending}
          onClick={() => setDialog("reject")}
        >
          Reject
        </button>
      </div>
      {dialog === "edit" && (
        <EditApproveDialog
          submission={s}
          pending={decide.isPending}
          onClose={close}
          onApprove={(edits) => decide.mutate({ kind: "approve", edits }, { onSuccess: close })}
        />
      )}
      {dialog === "reject" && (
        <RejectDialog
          pending={decide.isPending}
          onClose={close}
          onReject={(reason) => decide.mutate({ kind: "reject", reason }, { onSuccess: close })}
        />
      )}
    </article>
  );
}
