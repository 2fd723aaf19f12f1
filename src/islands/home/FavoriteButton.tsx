import { homeTexts } from "../../common/home-texts";
import { useFavoriteIds, useFavoriteToggle } from "./queries/favorites";
import { useHomeActions } from "./use-home-state";

/** Saves or removes a favourite; guests are asked to sign in first (spec §2). */
export function FavoriteButton({ schoolId, signedIn }: { schoolId: number; signedIn: boolean }) {
  const actions = useHomeActions();
  const favorite = useFavoriteIds(signedIn).has(schoolId);
  const { toggle, pending } = useFavoriteToggle(schoolId);
  const label =
    pending === undefined
      ? favorite
        ? "Remove from favorites"
        : "Save to favorites"
      : pending
        ? homeTexts.saving
        : homeTexts.removing;
  return (
    <button
      type="button"
      className={`button ${favorite ? "button-ghost" : ""} favorite-button`}
      // aria-disabled, not disabled: a disabled button drops keyboard focus mid-save.
      aria-disabled={pending !== undefined}
      onClick={() => {
        if (pending !== undefined) return;
        if (signedIn) toggle(!favorite);
        else actions.set({ signInFor: schoolId });
      }}
    >
      <span aria-hidden="true">{favorite ? "♥ " : "♡ "}</span>
      {label}
    </button>
  );
}
