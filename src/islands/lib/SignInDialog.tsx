import { useId } from "react";
import { Modal } from "../home/Modal";
import { CancelButton } from "./DialogButtons";

interface SignInDialogProps {
  title: string;
  text: string;
  onClose(): void;
  /** Before the browser leaves for the sign-in page (e.g. remember what to do on return). */
  onSignIn?(): void;
}

/** A guest who tried a member's action is asked to sign in, and comes back to this page after. */
export function SignInDialog({ title, text, onClose, onSignIn }: SignInDialogProps) {
  const titleId = useId();
  const next = `${location.pathname}${location.search}`;
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="modal-small">
      <h2 id={titleId}>{title}</h2>
      <p>{text}</p>
      <div className="modal-actions">
        <CancelButton />
        <a className="button" href={`/login?next=${encodeURIComponent(next)}`} onClick={onSignIn}>
          Sign In
        </a>
      </div>
    </Modal>
  );
}
