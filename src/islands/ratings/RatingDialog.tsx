import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import * as v from "valibot";
import {
  type MyRating,
  RATING_STARS_MAX,
  REVIEW_MAX,
  ratingInputSchema,
  starsLabel,
  ratingTexts as texts,
} from "../../common/schemas/ratings";
import { Modal } from "../home/Modal";
import { ApiError } from "../lib/api";
import { DialogFormActions } from "../lib/DialogButtons";
import { useDeleteRating, useSaveRating } from "./queries";

interface RatingDialogProps {
  schoolId: number;
  gym: string;
  current: MyRating["rating"];
  onClose(): void;
  /** Told what happened (saved or deleted), for the opener's status line. */
  onDone(message: string): void;
}

type Problem = { field: "stars" | "review" | null; message: string };

const STARS = Array.from({ length: RATING_STARS_MAX }, (_, i) => i + 1);

/** The chosen star's radio, or the first when none is chosen. */
const starToFocus = (form: HTMLFormElement | null) =>
  form?.querySelector<HTMLInputElement>('input[name="stars"]:checked') ??
  form?.querySelector<HTMLInputElement>('input[name="stars"]');

/** The server's words for a refusal it explains (a 4xx: no check-in, a limit); otherwise ours. */
const problemText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 ? error.message : fallback;

/**
 * 'Rate this gym' (issue 22): stars as a radio group ("1 star" … "5 stars"), an optional
 * review with its counter, checked with the API's own schema before it is sent; a rating
 * already given can be changed or deleted (after a confirmation). Focus starts on the chosen
 * star (the first when none); a problem is announced and tied to its field, which gets focus.
 * Closing hands focus back to the opener (Modal).
 */
export function RatingDialog({ schoolId, gym, current, onClose, onDone }: RatingDialogProps) {
  const id = useId();
  const [stars, setStars] = useState<number | null>(current?.stars ?? null);
  const [review, setReview] = useState(current?.review ?? "");
  const [problem, setProblem] = useState<Problem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveRating(schoolId);
  const remove = useDeleteRating(schoolId);
  const form = useRef<HTMLFormElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const focusStars = () => starToFocus(form.current)?.focus();
  // After Modal's own effect (a child's runs first) has noted the opener to hand focus back to.
  useEffect(() => starToFocus(form.current)?.focus(), []);
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    (confirming ? keepButton : deleteButton).current?.focus();
  }, [confirming]);
  const confirm = (on: boolean) => {
    toggled.current = true;
    setConfirming(on);
  };

  const close = () => form.current?.closest("dialog")?.close();
  const fail = (next: Problem) => {
    setProblem(next);
    if (next.field === "stars") focusStars();
    else if (next.field === "review") area.current?.focus();
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = v.safeParse(ratingInputSchema, { stars: stars ?? undefined, review });
    if (!parsed.success) {
      const issue = parsed.issues[0];
      const field = v.getDotPath(issue) === "review" ? "review" : "stars";
      fail({ field, message: issue.message });
      return;
    }
    save.mutate(parsed.output, {
      onSuccess: () => {
        onDone(texts.saved);
        close();
      },
      onError: (error) => fail({ field: null, message: problemText(error, texts.failed) }),
    });
  }

  function onDelete() {
    remove.mutate(undefined, {
      onSuccess: () => {
        onDone(texts.removed);
        close();
      },
      onError: (error) => {
        confirm(false);
        setProblem({ field: null, message: problemText(error, texts.removeFailed) });
      },
    });
  }

  const errorId = `${id}-error`;
  const describes = (field: Problem["field"]) => (problem && problem.field === field ? errorId : undefined);
  const tooLong = review.length > REVIEW_MAX;
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="modal-small rating-dialog">
      <h2 id={`${id}-title`}>{current ? texts.edit : texts.rate}</h2>
      <p className="muted">{gym}</p>
      <form ref={form} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <fieldset className="rating-stars" aria-describedby={describes("stars")}>
          <legend>{texts.starsLegend}</legend>
          {STARS.map((n) => (
            <label key={n} className="rating-star">
              <input
                type="radio"
                name="stars"
                value={n}
                checked={stars === n}
                onChange={() => {
                  setStars(n);
                  if (problem?.field === "stars") setProblem(null);
                }}
              />
              <span>{starsLabel(n)}</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-review`}>{texts.reviewLabel}</label>
          <textarea
            ref={area}
            id={`${id}-review`}
            name="review"
            rows={4}
            value={review}
            aria-invalid={tooLong || problem?.field === "review" ? true : undefined}
            aria-describedby={[`${id}-hint`, `${id}-count`, describes("review")].filter(Boolean).join(" ")}
            onChange={(event) => {
              setReview(event.target.value);
              if (problem?.field === "review") setProblem(null);
            }}
          />
          <span id={`${id}-count`} className={`char-count${tooLong ? " char-count-over" : " muted"}`}>
            {`${review.length}/${REVIEW_MAX}`}
          </span>
          <p id={`${id}-hint`} className="muted field-hint">
            {texts.shownAs}
          </p>
        </div>
        {problem && (
          <p id={errorId} className="form-error" role="alert">
            {problem.message}
          </p>
        )}
        {confirming ? (
          <div className="rating-confirm">
            <p id={`${id}-confirm`}>{texts.confirmRemove}</p>
            <div className="modal-actions">
              <button
                ref={keepButton}
                type="button"
                className="button button-ghost"
                onClick={() => confirm(false)}
              >
                {texts.keep}
              </button>
              <button
                type="button"
                className="button button-danger"
                aria-describedby={`${id}-confirm`}
                disabled={remove.isPending}
                onClick={onDelete}
              >
                {remove.isPending ? texts.removing : texts.remove}
              </button>
            </div>
          </div>
        ) : (
          <>
            <DialogFormActions label={texts.save} busyLabel={texts.saving} busy={save.isPending} />
            {current && (
              <p className="rating-delete">
                <button
                  ref={deleteButton}
                  type="button"
                  className="button button-ghost button-small"
                  onClick={() => confirm(true)}
                >
                  {texts.remove}
                </button>
              </p>
            )}
          </>
        )}
      </form>
    </Modal>
  );
}
