import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { CLAIM_MESSAGE_MAX, type ClaimStatus, claimTexts, manageHref } from "../../common/schemas/claims";
import { ApiError } from "../lib/api";
import { DialogFormActions } from "../lib/DialogButtons";
import { Modal } from "./Modal";
import { useClaim } from "./queries/claims";

interface ClaimDialogProps {
  schoolId: number;
  slug: string;
  gym: string;
  /** The member already has a claim waiting: say so instead of asking again. */
  waiting: boolean;
  onClose(): void;
}

/**
 * 'Manage this gym' for a member (issue 21): an optional message, then the answer, approved
 * at once (with the way to the manage page) or sent for review. Focus starts in the message
 * and moves to the answer; closing hands it back to the button that opened the dialog.
 */
export function ClaimDialog({ schoolId, slug, gym, waiting, onClose }: ClaimDialogProps) {
  const id = useId();
  const claim = useClaim(schoolId);
  const [message, setMessage] = useState("");
  const [result, setResult] = useState<ClaimStatus | null>(waiting ? "pending" : null);
  const area = useRef<HTMLTextAreaElement>(null);
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result === null) area.current?.focus();
    else answer.current?.focus();
  }, [result]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (claim.isPending) return;
    claim.mutate(message.trim(), { onSuccess: (view) => setResult(view.status) });
  }

  const problem = claim.error
    ? claim.error instanceof ApiError && claim.error.status < 500
      ? claim.error.message
      : claimTexts.failed
    : null;
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="modal-small claim-dialog">
      <h2 id={`${id}-title`}>{claimTexts.manage}</h2>
      <p className="muted">{gym}</p>
      {result === null ? (
        <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
          <p>{claimTexts.dialogIntro}</p>
          <div className="field">
            <label htmlFor={`${id}-message`}>{claimTexts.messageLabel}</label>
            <textarea
              ref={area}
              id={`${id}-message`}
              name="message"
              rows={4}
              maxLength={CLAIM_MESSAGE_MAX}
              value={message}
              aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ""}`}
              onChange={(event) => setMessage(event.target.value)}
            />
            <p id={`${id}-hint`} className="muted field-hint">
              {claimTexts.messageHint}
            </p>
          </div>
          {problem && (
            <p id={`${id}-error`} className="form-error" role="alert">
              {problem}
            </p>
          )}
          <DialogFormActions
            label={claimTexts.submit}
            busyLabel={claimTexts.submitting}
            busy={claim.isPending}
          />
        </form>
      ) : (
        <div ref={answer} tabIndex={-1} className="claim-result" role="status">
          {result === "approved" ? (
            <>
              <p className="form-success">{claimTexts.approved}</p>
              <p>
                <a className="button" href={manageHref(slug)}>
                  {claimTexts.goToManage}
                </a>
              </p>
            </>
          ) : (
            <p>{waiting && !claim.data ? claimTexts.stillPending : claimTexts.pending}</p>
          )}
        </div>
      )}
    </Modal>
  );
}
