import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { type AdminClaimView, CLAIM_REASON_MAX, claimTexts } from "../../common/schemas/claims";
import { Modal } from "../home/Modal";
import { DialogFormActions } from "../lib/DialogButtons";
import { profileHref } from "../users/links";
import { Breakable } from "./Breakable";
import { claimsQueryOptions, useDecideClaim } from "./claim-queries";
import { formatWhen } from "./types";
import { useFocusOnRemoval } from "./use-focus-on-removal";

/** /admin's Claims tab (issue 21): pending claims to manage a gym, oldest first. */
export function ClaimsPanel() {
  const query = useQuery(claimsQueryOptions());
  const count = query.data?.length;
  const heading = useFocusOnRemoval(count);
  return (
    <section className="admin-claims" aria-labelledby="admin-claims-title">
      <h2 id="admin-claims-title" ref={heading} tabIndex={-1}>
        Gym claims{count ? ` (${count})` : ""}
      </h2>
      <p className="muted">
        A member whose confirmed address is at the gym's own website domain is approved at once; these are the
        others. An approved member can edit the gym's schedule, visitor rules and contact details.
      </p>
      {query.isPending ? (
        <p className="muted">Loading claims...</p>
      ) : query.isError ? (
        <p role="alert">Error loading claims: {query.error.message}</p>
      ) : query.data.length === 0 ? (
        <p className="muted">No claims waiting. Nothing to review.</p>
      ) : (
        <ol className="admin-queue">
          {query.data.map((claim) => (
            <li key={claim.id}>
              <ClaimItem claim={claim} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ClaimItem({ claim: c }: { claim: AdminClaimView }) {
  const id = useId();
  const decide = useDecideClaim(c);
  const [rejecting, setRejecting] = useState(false);
  return (
    <article className="card admin-claim" aria-labelledby={`${id}-title`}>
      <header>
        <h3 id={`${id}-title`}>
          <a href={`/schools/${c.school.slug}`}>{c.school.gym}</a>
          {`, claimed by @${c.member.username}`}
        </h3>
        <p className="muted">Claimed {formatWhen(c.createdAt)}</p>
      </header>
      <dl className="admin-facts">
        <dt>Member</dt>
        <dd>
          <a href={profileHref(c.member.id)}>@{c.member.username}</a>
          {" · "}
          <span className="breakable">
            <Breakable text={c.email} />
          </span>
        </dd>
        <dt>Message</dt>
        <dd>{c.message || <span className="muted">No message.</span>}</dd>
        <dt>School</dt>
        <dd>
          {`${c.school.gym}, ${c.school.city}, ${c.school.state} · `}
          {c.school.website ? (
            <a
              className="breakable"
              href={c.school.website}
              rel="noopener noreferrer nofollow"
              target="_blank"
            >
              <Breakable text={c.school.website} />
            </a>
          ) : (
            "No website listed"
          )}
        </dd>
        <dt>Domain</dt>
        <dd className={c.domainMatch ? "claim-match" : "claim-no-match"}>
          {c.domainMatch ? claimTexts.domainMatches : claimTexts.domainDiffers}
        </dd>
      </dl>
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
          onClick={() => setRejecting(true)}
        >
          Reject
        </button>
      </div>
      {rejecting && (
        <RejectClaimDialog
          gym={c.school.gym}
          pending={decide.isPending}
          onClose={() => setRejecting(false)}
          onReject={(reason) =>
            decide.mutate({ kind: "reject", reason }, { onSuccess: () => setRejecting(false) })
          }
        />
      )}
    </article>
  );
}

/** 'Reject' asks for an optional reason, which the member is told and mailed. */
function RejectClaimDialog({
  gym,
  pending,
  onReject,
  onClose,
}: {
  gym: string;
  pending: boolean;
  onReject(reason: string): void;
  onClose(): void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => area.current?.focus(), []);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pending) onReject(reason.trim());
  }
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="admin-dialog">
      <h2 id={`${id}-title`}>Reject claim</h2>
      <p className="muted">{gym}</p>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason (optional, told to the member)</label>
          <textarea
            ref={area}
            id={`${id}-reason`}
            name="reason"
            rows={3}
            maxLength={CLAIM_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <DialogFormActions label="Reject" busyLabel="Rejecting..." busy={pending} danger />
      </form>
    </Modal>
  );
}
