import { useId } from "react";
import { goingTexts, type Slot } from "../../common/schemas/going";
import { Modal } from "../home/Modal";
import { SignInDialog } from "../lib/SignInDialog";
import { useGoingNames } from "./queries";

/** A guest who taps 'I'm going' is asked to sign in, and comes back here after. */
export function GoingSignInDialog({ onClose }: { onClose(): void }) {
  return <SignInDialog title={goingTexts.signInTitle} text={goingTexts.signInText} onClose={onClose} />;
}

/**
 * Who is going to one open mat: the names the viewer may see (each links to the profile),
 * and how many keep theirs to themselves. The native modal dialog takes focus and, when it
 * closes, hands it back to the count that opened it.
 */
export function GoingNamesDialog({
  schoolId,
  slot,
  label,
  onClose,
}: {
  schoolId: number;
  slot: Slot;
  label: string;
  onClose(): void;
}) {
  const titleId = useId();
  const names = useGoingNames(schoolId, slot);
  const data = names.data;
  const hidden = data ? data.count - data.names.length : 0;
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="modal-small going-names">
      <h2 id={titleId}>{`${goingTexts.whoIsGoing}: ${label}`}</h2>
      {!data ? (
        <p className={names.isError ? "form-error" : "muted"} role={names.isError ? "alert" : undefined}>
          {names.isError ? goingTexts.namesFailed : "Loading…"}
        </p>
      ) : (
        <>
          <p>{goingTexts.count(data.count)}</p>
          {data.names.length > 0 && (
            <ul className="going-name-list">
              {data.names.map((n) => (
                <li key={n.id}>
                  <a href={`/users/${n.id}`}>{`@${n.username}`}</a>
                </li>
              ))}
            </ul>
          )}
          {hidden > 0 && <p className="muted">{goingTexts.hiddenGoers(hidden)}</p>}
        </>
      )}
      <div className="modal-actions">
        <button
          type="button"
          className="button button-ghost"
          onClick={(event) => event.currentTarget.closest("dialog")?.close()}
        >
          Close
        </button>
      </div>
    </Modal>
  );
}
