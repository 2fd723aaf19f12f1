import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { showToast } from "../../../client/toast";
import { localDateAt } from "../../../common/schedule/open-now";
import {
  type CheckinView,
  checkinMessages,
  type RecentCheckins,
  recentCheckinsOf,
} from "../../../common/schemas/checkins";
import { badgeKeys, type EarnedBadge } from "../../badges/queries/badges";
import { celebrateEarned } from "../../badges/queries/celebrations";
import { ApiError, apiRequest, failureText } from "../../lib/api";
import { myRatingKey } from "../../ratings/queries";
import { LocationRequiredError, WatchFailedError, watchCheckinPosition } from "../position";

/** POST /api/checkins answers the check-in and the badges it earned. */
export interface CreatedCheckin extends CheckinView {
  newBadges?: EarnedBadge[];
}

/** The member's local calendar day, 'YYYY-MM-DD': 'today' is the member's day, not UTC's. */
export function localDay(at: Date | string = new Date()): string {
  const d = typeof at === "string" ? new Date(at) : at;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Keys for the check-in resources. */
export const checkinKeys = {
  all: ["/api/checkins"] as const,
  mine: () => ["/api/checkins", "mine"] as const,
  /**
   * The feed's recent page ({ items, total }), under the member's list so invalidating that
   * one reaches it; its own key, because the full list's readers (useCheckedInToday) must never
   * see a partial list.
   */
  recent: () => ["/api/checkins", "mine", "recent"] as const,
  user: (userId: number) => ["/api/checkins", "user", userId] as const,
  /**
   * Whether the member checked in at a school on a local day. Today's unverified check-ins are
   * hidden from GET /api/checkins, so a fresh check-in (or a 409 'already today') is kept here.
   */
  today: (schoolId: number, day: string) => ["/api/checkins", "today", schoolId, day] as const,
};

export const fetchMyCheckins = () => apiRequest<CheckinView[]>("GET", "/api/checkins");
export const fetchUserCheckins = (userId: number) =>
  apiRequest<CheckinView[]>("GET", `/api/checkins/user/${userId}`);

/** The API has no page of check-ins: the recent page is cut from the whole list. */
export const fetchRecentCheckins = async () => recentCheckinsOf(await fetchMyCheckins());

export const recentCheckinsQueryOptions = () =>
  queryOptions({ queryKey: checkinKeys.recent(), queryFn: fetchRecentCheckins });
export const myCheckinsQueryOptions = () =>
  queryOptions({ queryKey: checkinKeys.mine(), queryFn: fetchMyCheckins });
export const userCheckinsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: checkinKeys.user(userId), queryFn: () => fetchUserCheckins(userId) });

/** The viewer's own check-ins (newest first); only fetched for a signed-in member. */
export function useMyCheckins(enabled: boolean, initial?: CheckinView[]) {
  return useQuery({ ...myCheckinsQueryOptions(), enabled, initialData: initial });
}

/** The feed's newest check-ins and their count, seeded by the page so hydrating fetches nothing. */
export function useRecentCheckins(initial?: RecentCheckins) {
  return useQuery({ ...recentCheckinsQueryOptions(), initialData: initial });
}

export function useUserCheckins(userId: number, enabled = true, initial?: CheckinView[]) {
  return useQuery({ ...userCheckinsQueryOptions(userId), enabled, initialData: initial });
}

/** Spec §4: a school already checked into today shows a disabled 'Checked in today'. */
export function useCheckedInToday(schoolId: number, signedIn: boolean): boolean {
  const day = localDay();
  const mine = useMyCheckins(signedIn).data;
  const remembered = useQuery({
    queryKey: checkinKeys.today(schoolId, day),
    queryFn: () => false,
    initialData: false,
    enabled: false,
  }).data;
  if (!signedIn) return false;
  // One check-in per school per day of the gym's own calendar, as the server counts them: a
  // member in another zone (or a browser clock past midnight UTC) still sees the gym's today.
  const now = new Date();
  const isToday = (c: CheckinView) =>
    c.school ? c.localDate === localDateAt(now, c.school.timeZone) : localDay(c.checkedInAt) === day;
  return remembered || (mine ?? []).some((c) => c.schoolId === schoolId && isToday(c));
}

/** Watches the position until it is precise enough (see position.ts), then POSTs it. */
export async function createCheckin(schoolId: number, signal?: AbortSignal): Promise<CreatedCheckin> {
  const { latitude, longitude } = await watchCheckinPosition({ signal });
  return apiRequest<CreatedCheckin>("POST", "/api/checkins", { schoolId, latitude, longitude });
}

/** The text a failed check-in shows: the location texts, the server's message, or the fallback. */
export function checkinErrorText(error: unknown): string {
  if (error instanceof LocationRequiredError) return checkinMessages.locationRequired;
  if (error instanceof WatchFailedError) return checkinMessages.watchFailed;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
    return error.message || checkinMessages.failedFallback;
  }
  if (error instanceof ApiError && error.status === 429) return error.message;
  return checkinMessages.failedFallback;
}

/**
 * An AbortSignal that fires when the calling component unmounts, so work it started (the
 * position watch) stops with it.
 */
function useUnmountSignal(): () => AbortSignal {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);
  return () => {
    controller.current ??= new AbortController();
    return controller.current.signal;
  };
}

/**
 * Spec §4 and §8: watches the position, POSTs, remembers today's check-in, refreshes the lists
 * and badges, and celebrates new badges; a failure toasts 'Check-in failed' with the reason.
 * Leaving the page (unmounting the button) stops the watch, silently.
 */
export function useCreateCheckin(schoolId: number) {
  const client = useQueryClient();
  const unmounted = useUnmountSignal();
  return useMutation({
    mutationKey: ["checkin", schoolId],
    mutationFn: () => createCheckin(schoolId, unmounted()),
    onSuccess: (created) => {
      client.setQueryData(checkinKeys.today(schoolId, localDay()), true);
      void client.invalidateQueries({ queryKey: checkinKeys.all, refetchType: "active" });
      void client.invalidateQueries({ queryKey: badgeKeys.all });
      // A verified check-in lets the member rate the gym (issue 22): 'Rate this gym' appears.
      if (created.verified) void client.invalidateQueries({ queryKey: myRatingKey(schoolId) });
      showToast({
        title: "Checked in!",
        description: created.school
          ? `You checked in at ${created.school.gym}.`
          : "Your check-in was recorded.",
      });
      if (created.newBadges && created.newBadges.length > 0) celebrateEarned(created.newBadges);
    },
    onError: (error) => {
      if (unmounted().aborted) return;
      if (
        error instanceof ApiError &&
        error.status === 409 &&
        error.message === checkinMessages.alreadyToday
      ) {
        client.setQueryData(checkinKeys.today(schoolId, localDay()), true);
      }
      showToast({
        title: checkinMessages.failed,
        description: checkinErrorText(error),
        variant: "destructive",
      });
    },
  });
}

/**
 * DELETE /api/checkins/{id}: the owner's check-in leaves every cached list at once; the feed's
 * recent page also counts one less and is fetched again, so the next older check-in moves up.
 */
export function useDeleteCheckin() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ["checkin-delete"],
    mutationFn: (id: number) => apiRequest<unknown>("DELETE", `/api/checkins/${id}`),
    onSuccess: (_answer, id) => {
      client.setQueriesData<CheckinView[]>({ queryKey: checkinKeys.all }, (list) =>
        Array.isArray(list) ? list.filter((c) => c.id !== id) : list,
      );
      // Only the owner deletes, so it was one of theirs even when older than the page shows.
      client.setQueryData<RecentCheckins>(checkinKeys.recent(), (page) =>
        page ? { items: page.items.filter((c) => c.id !== id), total: Math.max(0, page.total - 1) } : page,
      );
      void client.invalidateQueries({ queryKey: checkinKeys.recent(), exact: true });
      void client.invalidateQueries({ queryKey: badgeKeys.all });
    },
    onError: (error) => {
      showToast({
        title: "Error",
        description: failureText(error, checkinMessages.deleteFailed),
        variant: "destructive",
      });
    },
  });
}
