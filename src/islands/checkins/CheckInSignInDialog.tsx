import { homeTexts } from "../../common/home-texts";
import { Modal } from "../home/Modal";
import { CancelButton } from "../lib/DialogButtons";

export const checkinSignInText = "Please sign in to check in at this gym.";

/** A guest who taps Check In gets the favourite button's sign-in prompt, worded for check-ins. */
export function CheckInSignInDialog({ schoolId, onClose }: { schoolId: number; onClose(): void }) {
  const next = `${location.pathname}${location.search}`;
  const titleId = `checkin-sign-in-${schoolId}-title`;
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="modal-small">
      <h2 id={titleId}>{homeTexts.signInRequiredTitle}</h2>
      <p>{checkinSignInText}</p>
      <div className="modal-actions">
        <CancelButton />
        <a className="button" href={`/login?next=${encodeURIComponent(next)}`}>
          Sign In
        </a>
      </div>
    </Modal>
  );
}
