import { showToast } from "../../client/toast";
import { formatResetTime, homeTexts } from "../../common/home-texts";
import { SearchLimitError } from "./queries/search";

/** Spec §9 "Search toast". */
export const SEARCH_TOAST_MS = 8000;

export interface SearchToastContext {
  signedIn: boolean;
  memberSearchLimit: number;
}

/** Spec §8 "Daily search limit": members are told when it resets, guests also that signing in gives more. */
export function showSearchLimitToast(limit: number, retryAfter: number, ctx: SearchToastContext) {
  const time = formatResetTime(retryAfter);
  showToast({
    title: homeTexts.searchLimitTitle,
    description: ctx.signedIn
      ? homeTexts.searchLimitMember(limit, time)
      : homeTexts.searchLimitGuest(limit, ctx.memberSearchLimit, time),
    variant: "destructive",
    durationMs: SEARCH_TOAST_MS,
  });
}

export function showSearchErrorToast(error: unknown, ctx: SearchToastContext) {
  if (error instanceof SearchLimitError) {
    showSearchLimitToast(error.rateLimit.limit, error.rateLimit.retryAfter, ctx);
    return;
  }
  console.error("search", error);
  showToast({
    title: homeTexts.searchErrorTitle,
    description: homeTexts.searchErrorText,
    variant: "destructive",
  });
}
