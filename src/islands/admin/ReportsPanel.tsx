import { useQuery } from "@tanstack/react-query";
import { Fragment, useId, useState } from "react";
import type { ReportedContent } from "../../common/schemas/reports";
import { Modal } from "../home/Modal";
import { CancelButton } from "../lib/DialogButtons";
import { profileHref } from "../users/links";
import { reportsQueryOptions, useDecideReport } from "./queries";
import { type AdminReportView, formatWhen } from "./types";
import { useFocusOnRemoval } from "./use-focus-on-removal";

const what: Record<AdminReportView["kind"], string> = {
  post: "Post",
  profile: "Profile",
  message: "Message",
  review: "Review",
};

/** The open reports, oldest first; each decided one leaves the list. */
export function ReportsPanel() {
  const query = useQuery(reportsQueryOptions());
  const open = query.data?.filter((r) => r.status === "open");
  const count = open?.length;
  const heading = useFocusOnRemoval(count);
  return (
    <section className="admin-reports" aria-labelledby="admin-reports-title">
      <h2 id="admin-reports-title" ref={heading} tabIndex={-1}>
        Open reports{count ? ` (${count})` : ""}
      </h2>
      {query.isPending ? (
        <p className="muted">Loading reports...</p>
      ) : query.isError ? (
        <p role="alert">Error loading reports: {query.error.message}</p>
      ) : !open || open.length === 0 ? (
        <p className="muted">No open reports. Nothing to review.</p>
      ) : (
        <ol className="admin-queue">
          {open.map((report) => (
            <li key={report.id}>
              <ReportItem report={report} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ReportedContentView({ content }: { content: ReportedContent | null }) {
  if (!content) return <p className="muted">The content is already gone.</p>;
  if (content.kind === "post") {
    return (
      <>
        <blockquote className="admin-reported">{content.content || "(no text)"}</blockquote>
        <p className="muted">
          {content.visibility} post
          {content.photos.length > 0 &&
            ` · ${content.photos.length} photo${content.photos.length === 1 ? "" : "s"}`}
        </p>
      </>
    );
  }
  if (content.kind === "message") {
    return (
      <>
        <blockquote className="admin-reported">{content.body}</blockquote>
        {/* Admins get no look into conversations (the policy), so this names it without a link. */}
        <p className="muted">A direct message, in conversation #{content.conversationId}</p>
      </>
    );
  }
  if (content.kind === "review") {
    return (
      <>
        <p>
          {`${content.stars} of 5 stars for `}
          <a href={`/schools/${content.school.slug}`}>{content.school.gym}</a>
        </p>
        <blockquote className="admin-reported">{content.review || "(stars only, no text)"}</blockquote>
        {content.ownerReply && <p className="muted">{`The gym's answer: ${content.ownerReply}`}</p>}
      </>
    );
  }
  const fields: [string, string | null][] = [
    ["About me", content.aboutMe],
    ["City", content.city],
    ["Home gym", content.homeGym],
    ["Photo", content.profilePhoto ? "Has a profile photo" : null],
  ];
  const shown = fields.filter(([, value]) => value);
  return shown.length === 0 ? (
    <p className="muted">The profile shows nothing but its username.</p>
  ) : (
    <dl className="admin-facts admin-reported">
      {shown.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function ReportItem({ report: r }: { report: AdminReportView }) {
  const id = useId();
  const decide = useDecideReport(r);
  const [confirming, setConfirming] = useState(false);
  const member = r.reportedUser ? `@${r.reportedUser.username}` : "a deleted member";
  return (
    <article className="card admin-report" aria-labelledby={`${id}-title`}>
      <header>
        <h3 id={`${id}-title`}>
          {what[r.kind]} by {member}
        </h3>
        <p className="muted">Reported {formatWhen(r.createdAt)}</p>
      </header>
      <ReportedContentView content={r.content} />
      <dl className="admin-facts">
        <dt>Reason</dt>
        <dd>{r.reason}</dd>
        <dt>Reported by</dt>
        <dd>
          {r.reporter ? <a href={profileHref(r.reporter.id)}>@{r.reporter.username}</a> : "A deleted member"}
        </dd>
        <dt>Reported member</dt>
        <dd>{r.reportedUser ? <a href={profileHref(r.reportedUser.id)}>{member}</a> : "Deleted"}</dd>
      </dl>
      <div className="admin-actions">
        <button
          type="button"
          className="button button-danger"
          disabled={decide.isPending || !r.content}
          onClick={() => setConfirming(true)}
        >
          Remove content
        </button>
        <button
          type="button"
          className="button button-ghost"
          disabled={decide.isPending}
          onClick={() => decide.mutate("dismiss")}
        >
          Dismiss
        </button>
      </div>
      {confirming && (
        <RemoveDialog
          kind={r.kind}
          pending={decide.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() => decide.mutate("remove", { onSuccess: () => setConfirming(false) })}
        />
      )}
    </article>
  );
}

const removes: Record<AdminReportView["kind"], string> = {
  post: "The post and its photos are deleted.",
  profile: "The profile keeps its account and username but loses its about me, city, home gym and photo.",
  message: "The message is deleted from the conversation.",
  review:
    "The rating and its review (with the gym's answer) are deleted, and the gym's rating is counted again without it.",
};

/** 'Remove content' asks first: what goes, and that every open report about it is closed. */
function RemoveDialog({
  kind,
  pending,
  onClose,
  onConfirm,
}: {
  kind: AdminReportView["kind"];
  pending: boolean;
  onClose(): void;
  onConfirm(): void;
}) {
  const id = useId();
  // Focus starts where the native dialog puts it (its first control), not on the removal.
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="modal-small admin-dialog">
      <h2 id={`${id}-title`}>Remove this {kind}?</h2>
      <p id={`${id}-desc`}>{removes[kind]} Every open report about it is closed. This cannot be undone.</p>
      <div className="modal-actions">
        <CancelButton />
        <button
          type="button"
          className="button button-danger"
          disabled={pending}
          aria-describedby={`${id}-desc`}
          onClick={onConfirm}
        >
          {pending ? "Removing..." : "Remove content"}
        </button>
      </div>
    </Modal>
  );
}
