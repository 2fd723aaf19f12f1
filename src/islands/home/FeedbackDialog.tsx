import { type FormEvent, useEffect, useRef, useState } from "react";
import { homeTexts } from "../../common/home-texts";
import { feedbackSchema } from "../../common/schemas/feedback";
import { ApiError } from "../lib/api";
import { validate } from "../lib/form";
import { Modal } from "./Modal";
import { useFeedback } from "./queries/feedback";

/** Spec §9 "Feedback modal auto-close". */
export const FEEDBACK_CLOSE_MS = 2000;

interface FeedbackDialogProps {
  schoolId: number;
  gym: string;
  onClose(): void;
}

/** Spec §2 "Feedback form per gym": a public community note and/or a comment for admins only. */
export function FeedbackDialog({ schoolId, gym, onClose }: FeedbackDialogProps) {
  const feedback = useFeedback();
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const done = message?.ok === true;
  // A ref, so that the parent re-rendering does not restart the auto-close timer.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => close.current(), FEEDBACK_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [done]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = validate(feedbackSchema, {
      schoolId,
      communityNotes: String(form.get("communityNotes") ?? ""),
      privateComments: String(form.get("privateComments") ?? ""),
    });
    if (!checked.ok) {
      setMessage({
        text: Object.values(checked.errors).find(Boolean) ?? homeTexts.feedbackFailed,
        ok: false,
      });
      return;
    }
    setMessage(null);
    feedback.mutate(checked.data, {
      onSuccess: () => setMessage({ text: homeTexts.feedbackSuccess, ok: true }),
      // Spec §8: a refusal and a network failure read differently.
      onError: (error) =>
        setMessage({
          text: error instanceof ApiError ? homeTexts.feedbackFailed : homeTexts.feedbackNetworkError,
          ok: false,
        }),
    });
  }

  return (
    <Modal labelledBy="feedback-title" onClose={onClose}>
      <h2 id="feedback-title">{homeTexts.provideFeedback}</h2>
      <p className="muted">{gym}</p>
      <form onSubmit={onSubmit} noValidate className="feedback-form">
        <div className="field">
          <label htmlFor="feedback-notes">Community notes (public)</label>
          <textarea id="feedback-notes" name="communityNotes" rows={3} maxLength={2000} />
        </div>
        <div className="field">
          <label htmlFor="feedback-private">Private comments (visible to admins only)</label>
          <textarea id="feedback-private" name="privateComments" rows={3} maxLength={2000} />
        </div>
        <p className={message?.ok ? "form-success" : "form-error"} role="status">
          {message?.text}
        </p>
        <div className="modal-actions">
          <button type="submit" className="button" disabled={feedback.isPending || done}>
            {feedback.isPending ? "Submitting..." : "Submit Feedback"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
