import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Modal } from "../home/Modal";
import { DialogFormActions } from "../lib/DialogButtons";
import type { ApproveEdits, PendingSubmission } from "./types";

export const REASON_REQUIRED = "A reason is required";

/**
 * 'Edit and approve': the submitted fields, each labelled; focus starts in the gym name,
 * Escape or Cancel closes and hands focus back to the button that opened it.
 */
export function EditApproveDialog({
  submission,
  pending,
  onApprove,
  onClose,
}: {
  submission: PendingSubmission;
  pending: boolean;
  onApprove(edits: ApproveEdits): void;
  onClose(): void;
}) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    onApprove({
      gym: text("gym"),
      address: text("address"),
      dayAndTime: text("dayAndTime"),
      link: text("link"),
      communityNotes: text("communityNotes"),
    });
  }
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="admin-dialog">
      <h2 id={`${id}-title`}>Edit and approve</h2>
      <form onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
        <div className="field">
          <label htmlFor={`${id}-gym`}>Gym</label>
          <input ref={first} id={`${id}-gym`} name="gym" defaultValue={submission.gym} required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-address`}>Address</label>
          <input id={`${id}-address`} name="address" defaultValue={submission.address} required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-day`}>Day and time</label>
          <textarea
            id={`${id}-day`}
            name="dayAndTime"
            rows={3}
            defaultValue={submission.dayAndTime}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-link`}>Link</label>
          <input id={`${id}-link`} name="link" type="url" defaultValue={submission.link ?? ""} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-notes`}>Community notes</label>
          <textarea
            id={`${id}-notes`}
            name="communityNotes"
            rows={3}
            defaultValue={submission.communityNotes ?? ""}
          />
        </div>
        <DialogFormActions label="Approve with edits" busyLabel="Approving..." busy={pending} />
      </form>
    </Modal>
  );
}

/** 'Reject': a reason is required (the server says so too); it is mailed to the submitter. */
export function RejectDialog({
  pending,
  onReject,
  onClose,
}: {
  pending: boolean;
  onReject(reason: string): void;
  onClose(): void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => area.current?.focus(), []);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (reason.trim() === "") {
      setProblem(REASON_REQUIRED);
      area.current?.focus();
      return;
    }
    onReject(reason.trim());
  }
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="admin-dialog">
      <h2 id={`${id}-title`}>Reject submission</h2>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <textarea
            ref={area}
            id={`${id}-reason`}
            name="reason"
            rows={3}
            maxLength={1000}
            value={reason}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              if (problem) setProblem(null);
            }}
          />
          {problem && (
            <p id={`${id}-error`} className="field-error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <DialogFormActions label="Reject" busyLabel="Rejecting..." busy={pending} danger />
      </form>
    </Modal>
  );
}
