import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import * as v from "valibot";
import { REPLY_MAX, replyInputSchema, ratingTexts as texts } from "../../common/schemas/ratings";
import { Modal } from "../home/Modal";
import { ApiError } from "../lib/api";
import { DialogFormActions } from "../lib/DialogButtons";
import { useReply } from "./queries";

interface ReplyDialogProps {
  schoolId: number;
  ratingId: number;
  /** Who the review is by, as the list shows it. */
  by: string;
  onClose(): void;
  onAnswered(): void;
}

/**
 * The gym's answer to one review (its owners and admins; once per review): a text of 1 to 500
 * characters with its counter. Focus starts in the text; a problem is announced and tied to it.
 */
export function ReplyDialog({ schoolId, ratingId, by, onClose, onAnswered }: ReplyDialogProps) {
  const id = useId();
  const reply = useReply(schoolId, ratingId);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => area.current?.focus(), []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reply.isPending) return;
    const form = event.currentTarget;
    const parsed = v.safeParse(replyInputSchema, { text });
    if (!parsed.success) {
      setProblem(parsed.issues[0].message);
      area.current?.focus();
      return;
    }
    reply.mutate(parsed.output.text, {
      onSuccess: () => {
        onAnswered();
        form.closest("dialog")?.close();
      },
      onError: (error) => {
        setProblem(error instanceof ApiError && error.status < 500 ? error.message : texts.answerFailed);
        area.current?.focus();
      },
    });
  }

  const tooLong = text.length > REPLY_MAX;
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="modal-small reply-dialog">
      <h2 id={`${id}-title`}>{texts.answerTitle}</h2>
      <p className="muted">{`Review by ${by}`}</p>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <div className="field">
          <label htmlFor={`${id}-text`}>{texts.answerLabel}</label>
          <textarea
            ref={area}
            id={`${id}-text`}
            name="text"
            rows={4}
            value={text}
            aria-invalid={problem || tooLong ? true : undefined}
            aria-describedby={[`${id}-hint`, `${id}-count`, problem && `${id}-error`]
              .filter(Boolean)
              .join(" ")}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
            }}
          />
          <span id={`${id}-count`} className={`char-count${tooLong ? " char-count-over" : " muted"}`}>
            {`${text.length}/${REPLY_MAX}`}
          </span>
          <p id={`${id}-hint`} className="muted field-hint">
            {texts.answerHint}
          </p>
          {problem && (
            <p id={`${id}-error`} className="form-error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <DialogFormActions label={texts.send} busyLabel={texts.sending} busy={reply.isPending} />
      </form>
    </Modal>
  );
}
