/** A dialog's Cancel: closes the <dialog> it sits in, which runs the dialog's own onClose. */
export function CancelButton() {
  return (
    <button
      type="button"
      className="button button-ghost"
      onClick={(event) => event.currentTarget.closest("dialog")?.close()}
    >
      Cancel
    </button>
  );
}

/**
 * A form dialog's footer: Cancel, then the submit button, which shows `busyLabel` and is
 * disabled while the form is being sent (or when `disabled` says the form cannot be sent).
 */
export function DialogFormActions({
  label,
  busyLabel,
  busy,
  disabled = false,
  danger = false,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <div className="modal-actions">
      <CancelButton />
      <button
        type="submit"
        className={danger ? "button button-danger" : "button"}
        disabled={disabled || busy}
      >
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
