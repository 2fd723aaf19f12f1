import { useState } from "react";
import { showToast } from "../../client/toast";
import { goingTexts, type Slot } from "../../common/schemas/going";
import { ApiError } from "../lib/api";
import { GoingNamesDialog, GoingSignInDialog } from "./GoingDialogs";
import { type GoingState, useGoingState, useGoingToggle } from "./queries";

export interface GoingControlProps {
  schoolId: number;
  slot: Slot;
  /** What the page or the list knows: how many are going, and (members) whether the viewer is. */
  initial: GoingState;
  signedIn: boolean;
  /** The open mat in words ("Fri, Nov 27, 7:00 PM"), read out with the toggle. */
  label: string;
  /** Started already (judged where it was rendered): the count only, no toggle. */
  started?: boolean;
}

/**
 * 'I'm going' for one dated open mat, a toggle (aria-pressed), and how many are going ("3
 * going"): for a member a button that lists those whose names they may see. A guest is asked
 * to sign in. A refusal (started, cancelled meanwhile) is told in a toast, in the server's words.
 */
export function GoingControl({
  schoolId,
  slot,
  initial,
  signedIn,
  label,
  started = false,
}: GoingControlProps) {
  const state = useGoingState(schoolId, slot, initial);
  const toggle = useGoingToggle(schoolId, slot);
  const [dialog, setDialog] = useState<"names" | "sign-in" | null>(null);
  const going = state.viewerGoing === true;
  const pending = toggle.isPending;
  const onToggle = () => {
    if (pending) return;
    if (!signedIn) return setDialog("sign-in");
    toggle.mutate(!going, {
      onError: (error) =>
        showToast({
          title: goingTexts.imGoing,
          description:
            error instanceof ApiError && error.status < 500 ? error.message : goingTexts.changeFailed,
          variant: "destructive",
        }),
    });
  };
  const count = goingTexts.count(state.count);
  return (
    <div className="going">
      {!started && (
        <button
          type="button"
          className="chip going-toggle"
          aria-pressed={going}
          // aria-disabled, not disabled: a disabled button drops keyboard focus while it works.
          aria-disabled={pending}
          // The name in one string: a hidden span's text would be read with a stray space before its comma.
          aria-label={`${goingTexts.imGoing}, ${label}`}
          onClick={onToggle}
        >
          {going && <span aria-hidden="true">✓ </span>}
          {goingTexts.imGoing}
        </button>
      )}
      {state.count > 0 &&
        (signedIn ? (
          <button
            type="button"
            className="link-button going-count"
            aria-haspopup="dialog"
            aria-label={`${count}, ${label}: ${goingTexts.whoIsGoing}`}
            onClick={() => setDialog("names")}
          >
            {count}
          </button>
        ) : (
          <span className="going-count muted">{count}</span>
        ))}
      {dialog === "sign-in" && <GoingSignInDialog onClose={() => setDialog(null)} />}
      {dialog === "names" && (
        <GoingNamesDialog schoolId={schoolId} slot={slot} label={label} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
