/** The gym a guest tried to save, kept across the sign-in (spec §2, "another reading"). */
const KEY = "openmat:pending-favorite";

export function rememberPendingFavorite(schoolId: number) {
  try {
    sessionStorage.setItem(KEY, String(schoolId));
  } catch {
    // Storage can be off (private mode); the visitor can save the gym again after signing in.
  }
}

export function takePendingFavorite(): number | null {
  try {
    const stored = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const id = Number(stored);
    return stored && Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
