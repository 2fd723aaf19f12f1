import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import {
  HISTORY_PAGE,
  type ListingStats,
  type SchoolHistoryPage,
} from "../../common/schemas/listing-activity";
import { apiRequest } from "../lib/api";

export const listingActivityKeys = {
  stats: (schoolId: number) => ["/api/schools/{id}/stats", schoolId] as const,
  history: (schoolId: number) => ["/api/schools/{id}/history", schoolId] as const,
};

/** The school's last 12 weeks of counts (owners and admins). */
export const listingStatsQueryOptions = (schoolId: number) =>
  queryOptions({
    queryKey: listingActivityKeys.stats(schoolId),
    queryFn: () => apiRequest<ListingStats>("GET", `/api/schools/${schoolId}/stats`),
  });

/** The school's edit history, newest first, a page at a time. */
export const schoolHistoryQueryOptions = (schoolId: number) =>
  infiniteQueryOptions({
    queryKey: listingActivityKeys.history(schoolId),
    queryFn: ({ pageParam }) =>
      apiRequest<SchoolHistoryPage>(
        "GET",
        `/api/schools/${schoolId}/history?limit=${HISTORY_PAGE.default}${pageParam ? `&beforeId=${pageParam}` : ""}`,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: SchoolHistoryPage) => last.nextBeforeId ?? undefined,
  });
