import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { EXCEPTION_REASON_MAX } from "../../common/schemas/schedule-exceptions";
import { Modal } from "../home/Modal";
import { DialogFormActions } from "../lib/DialogButtons";
import { useCancelOpenMat } from "./cancellation-queries";
import { OpenMatFields, slotOf, useOpenMatPicker } from "./OpenMatPicker";

/**
 * 'Cancel an open mat': find the school by name, pick one of its open mats in the next four
 * weeks (or a whole day), give the reason. Focus starts in the school search; Escape or
 * Cancel closes and hands focus back to the button that opened it.
 */
export function CancelOpenMatDialog({ onClose }: { onClose(): void }) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const picker = useOpenMatPicker();
  const [reason, setReason] = useState("");
  const cancel = useCancelOpenMat();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { schoolId, school, slot } = picker;
    if (cancel.isPending || schoolId === null || !school || !slot) return;
    cancel.mutate(
      { schoolId, gym: school.gym, ...slotOf(slot), reason: reason.trim() },
      { onSuccess: onClose },
    );
  }

  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="admin-dialog">
      <h2 id={`${id}-title`}>Cancel an open mat</h2>
      <form onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
        <OpenMatFields id={id} picker={picker} wholeDay first={first} />
        <ReasonField id={id} value={reason} onChange={setReason} />
        <DialogFormActions
          label="Cancel open mat"
          busyLabel="Cancelling..."
          busy={cancel.isPending}
          disabled={!picker.slot || !reason.trim()}
          danger
        />
      </form>
    </Modal>
  );
}

/** The reason a cancellation or a move gives, shown on the school page and in the bell. */
export function ReasonField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange(v: string): void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${id}-reason`}>Reason</label>
      <textarea
        id={`${id}-reason`}
        rows={3}
        maxLength={EXCEPTION_REASON_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-reason-hint`}
        required
      />
      <p id={`${id}-reason-hint`} className="muted">
        Shown on the school page and told to members who saved the gym.
      </p>
    </div>
  );
}
