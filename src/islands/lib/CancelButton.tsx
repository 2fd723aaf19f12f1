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
