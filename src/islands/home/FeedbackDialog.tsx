import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { homeTexts } from "../../common/home-texts";
import { feedbackSchema, hasRules } from "../../common/schemas/feedback";
import { ApiError } from "../lib/api";
import { validate } from "../lib/form";
import { RuleFields, type RuleProblems, readRules } from "../visitor-rules/RuleFields";
import { Modal } from "./Modal";
import { useFeedback } from "./queries/feedback";

/** Spec §9 "Feedback modal auto-close". */
export const FEEDBACK_CLOSE_MS = 2000;

interface FeedbackDialogProps {
  schoolId: number;
  gym: string;
  onClose(): void;
}

/**
 * Spec §2 "Feedback form per gym": a public community note and/or a comment for admins only,
 * and visitor rules to suggest (issue 21), folded under 'What should visitors know?' so the
 * dialog stays short; a suggestion is public, as the note is, and reaches the gym's owners.
 */
export function FeedbackDialog({ schoolId, gym, onClose }: FeedbackDialogProps) {
  const id = useId();
  const feedback = useFeedback();
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [problems, setProblems] = useState<RuleProblems>({});
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
    const formElement = event.currentTarget;
    const rules = readRules(formElement);
    if (!rules.ok) {
      // The rule's own message under its field; the group opens so that focus can reach it.
      setMessage(null);
      setProblems(rules.problems);
      const group = formElement.querySelector("details");
      if (group) group.open = true;
      rules.first?.focus();
      return;
    }
    setProblems({});
    const form = new FormData(formElement);
    const checked = validate(feedbackSchema, {
      schoolId,
      communityNotes: String(form.get("communityNotes") ?? ""),
      privateComments: String(form.get("privateComments") ?? ""),
      visitorRules: hasRules(rules.rules) ? rules.rules : null,
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
        <details className="suggest-rules">
          <summary id={`${id}-rules`}>What should visitors know? (optional)</summary>
          <fieldset aria-labelledby={`${id}-rules`} aria-describedby={`${id}-rules-hint`}>
            <p className="muted" id={`${id}-rules-hint`}>
              Suggest what you know: the gym's owners and the admins see it, and a rule left as "Not said"
              says nothing.
            </p>
            <RuleFields idPrefix={`${id}-rule`} rules={{}} problems={problems} />
          </fieldset>
        </details>
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
