import { useState } from "react";
import { checkinMessages } from "../../common/schemas/checkins";
import { BadgeCelebrationHost } from "../badges/BadgeCelebrationDialog";
import { CheckInSignInDialog } from "./CheckInSignInDialog";
import { useCheckedInToday, useCreateCheckin } from "./queries/checkins";

export const checkinTexts = {
  checkIn: "Check In",
  checkingIn: "Checking in…",
  checkedInToday: checkinMessages.checkedInToday,
} as const;

interface CheckInButtonProps {
  schoolId: number;
  signedIn: boolean;
}

/**
 * Spec §2, §4: 'Check In' at a school. It asks the browser's position and POSTs it; a school
 * checked into today shows a disabled 'Checked in today'. New badges open the celebration.
 */
export function CheckInButton({ schoolId, signedIn }: CheckInButtonProps) {
  const checkedIn = useCheckedInToday(schoolId, signedIn);
  const create = useCreateCheckin(schoolId);
  const [askSignIn, setAskSignIn] = useState(false);
  if (checkedIn) {
    return (
      <>
        <button type="button" className="button button-ghost checkin-button" disabled>
          <span aria-hidden="true">✓ </span>
          {checkinTexts.checkedInToday}
        </button>
        <BadgeCelebrationHost signedIn={signedIn} />
      </>
    );
  }
  return (
    <>
      <button
        type="button"
        className="button checkin-button"
        // aria-disabled, not disabled: a disabled button drops keyboard focus while it works.
        aria-disabled={create.isPending}
        onClick={() => {
          if (create.isPending) return;
          if (signedIn) create.mutate();
          else setAskSignIn(true);
        }}
      >
        {create.isPending ? checkinTexts.checkingIn : checkinTexts.checkIn}
      </button>
      <BadgeCelebrationHost signedIn={signedIn} />
      {askSignIn && <CheckInSignInDialog onClose={() => setAskSignIn(false)} />}
    </>
  );
}
