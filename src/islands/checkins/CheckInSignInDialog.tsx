import { homeTexts } from "../../common/home-texts";
import { SignInDialog } from "../lib/SignInDialog";

export const checkinSignInText = "Please sign in to check in at this gym.";

/** A guest who taps Check In gets the favourite button's sign-in prompt, worded for check-ins. */
export function CheckInSignInDialog({ onClose }: { onClose(): void }) {
  return <SignInDialog title={homeTexts.signInRequiredTitle} text={checkinSignInText} onClose={onClose} />;
}
