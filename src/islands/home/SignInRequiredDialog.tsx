import { homeTexts } from "../../common/home-texts";
import { SignInDialog } from "../lib/SignInDialog";
import { rememberPendingFavorite } from "./pending-favorite";

/** Spec §2: a guest who tries to save a gym is asked to sign in; the gym is saved afterwards. */
export function SignInRequiredDialog({ schoolId, onClose }: { schoolId: number; onClose(): void }) {
  return (
    <SignInDialog
      title={homeTexts.signInRequiredTitle}
      text={homeTexts.signInRequiredText}
      onClose={onClose}
      onSignIn={() => rememberPendingFavorite(schoolId)}
    />
  );
}
