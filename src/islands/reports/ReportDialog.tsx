import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { showToast } from "../../client/toast";
import {
  REPORT_REASON_MAX,
  type ReportKind,
  type ReportView,
  reportMessages,
} from "../../common/schemas/reports";
import { Modal } from "../home/Modal";
import { apiRequest } from "../lib/api";
import { DialogFormActions } from "../lib/DialogButtons";

export const sendReport = (input: { kind: ReportKind; id: number; reason: string }) =>
  apiRequest<ReportView>("POST", "/api/reports", input);

/**
 * 'Report' for a post, a profile or a message: a reason (1 to 500 characters, with a
 * counter) sent to the admins. The field takes focus when the dialog opens; Escape, Cancel
 * or the backdrop close it and focus goes back to the opener (Modal). 'Report sent' on
 * success; the server's message in a destructive toast otherwise.
 */
export function ReportDialog({
  kind,
  id,
  title,
  onClose,
}: {
  kind: ReportKind;
  id: number;
  /** The dialog's heading, e.g. 'Report this post' or 'Report @ana'. */
  title: string;
  onClose(): void;
}) {
  const uid = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({ mutationFn: sendReport });
  const area = useRef<HTMLTextAreaElement>(null);
  // After Modal's own effect (a child's runs first) has noted the opener to hand focus back to.
  useEffect(() => area.current?.focus(), []);
  const tooLong = reason.length > REPORT_REASON_MAX;
  const shownError = tooLong ? reportMessages.reasonTooLong : error;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (reason.trim() === "") {
      setError(reportMessages.reasonRequired);
      area.current?.focus();
      return;
    }
    if (tooLong) return;
    send.mutate(
      { kind, id, reason: reason.trim() },
      {
        onSuccess: () => {
          showToast({ title: "Report sent", description: reportMessages.sent });
          form.closest("dialog")?.close();
        },
        onError: (failure) =>
          showToast({
            title: "Error",
            description:
              failure instanceof Error && failure.message ? failure.message : reportMessages.failed,
            variant: "destructive",
          }),
      },
    );
  };

  const describedBy = [`${uid}-hint`, `${uid}-count`, shownError && `${uid}-error`].filter(Boolean).join(" ");
  return (
    <Modal labelledBy={`${uid}-title`} onClose={onClose} className="modal-small report-dialog">
      <h2 id={`${uid}-title`}>{title}</h2>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${uid}-title`}>
        <div className="field">
          <label htmlFor={`${uid}-reason`}>What is wrong?</label>
          <p id={`${uid}-hint`} className="field-hint muted">
            Only the site's admins see your report.
          </p>
          <textarea
            id={`${uid}-reason`}
            name="reason"
            rows={4}
            ref={area}
            value={reason}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
          <span id={`${uid}-count`} className={`char-count${tooLong ? " char-count-over" : " muted"}`}>
            {reason.length}/{REPORT_REASON_MAX}
          </span>
          {shownError && (
            <p id={`${uid}-error`} className="field-error" role="alert">
              {shownError}
            </p>
          )}
        </div>
        <DialogFormActions label="Send report" busyLabel="Sending..." busy={send.isPending} danger />
      </form>
    </Modal>
  );
}

/**
 * A small ghost 'Report' button that opens the dialog (for a post card or a message);
 * `describedBy` names what it reports when several share one label.
 */
export function ReportButton({
  kind,
  id,
  label,
  describedBy,
  className = "",
}: {
  kind: ReportKind;
  id: number;
  label: string;
  describedBy?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`button button-ghost button-small ${className}`.trim()}
        aria-label={label}
        aria-describedby={describedBy}
        onClick={() => setOpen(true)}
      >
        Report
      </button>
      {open && <ReportDialog kind={kind} id={id} title={label} onClose={() => setOpen(false)} />}
    </>
  );
}
