/**
 * A guest who chose 'Submit an Open Mat' is asked to sign in first; the wish is kept across
 * the sign-in (as a pending favourite is) and the form opens on the next page.
 */
const KEY = "openmat:pending-submit";

/** Dispatched on `document` by the side menu's entry; the members' island opens the form. */
export const OPEN_SUBMIT_EVENT = "openmat:open-submit";

export function rememberPendingSubmit() {
  try {
    sessionStorage.setItem(KEY, "1");
  } catch {
    // Storage can be off (private mode); the member can open the form again after signing in.
  }
}

/** The guest closed the sign-in without signing in: nothing opens later. */
export function forgetPendingSubmit() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

export function takePendingSubmit(): boolean {
  try {
    const pending = sessionStorage.getItem(KEY) === "1";
    sessionStorage.removeItem(KEY);
    return pending;
  } catch {
    return false;
  }
}
