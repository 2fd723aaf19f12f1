import { homeTexts } from "../../common/home-texts";
import { CancelButton } from "../lib/DialogButtons";
import { Modal } from "./Modal";
import { rememberPendingFavorite } from "./pending-favorite";

/** Spec §2: a guest who tries to save a gym is asked to sign in; the gym is saved afterwards. */
export function SignInRequiredDialog({ schoolId, onClose }: { schoolId: number; onClose(): void }) {
  const next = `${location.pathname}${location.search}`;
  return (
    <Modal labelledBy="sign-in-required-title" onClose={onClose} className="modal-small">
      <h2 id="sign-in-required-title">{homeTexts.signInRequiredTitle}</h2>
      <p>{homeTexts.signInRequiredText}</p>
      <div className="modal-actions">
        <CancelButton />
        <a
          className="button"
          href={`/login?next=${encodeURIComponent(next)}`}
          onClick={() => rememberPendingFavorite(schoolId)}
        >
          Sign In
        </a>
      </div>
    </Modal>
  );
}
