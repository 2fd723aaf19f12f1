import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  MyRating,
  RatingInput,
  RatingResult,
  ReviewsPage,
  ReviewView,
} from "../../common/schemas/ratings";
import { apiRequest } from "../lib/api";

export const myRatingKey = (schoolId: number) => ["/api/schools/rating", schoolId] as const;
export const reviewsKey = (schoolId: number) => ["/api/schools/reviews", schoolId] as const;

/**
 * The member's own rating of the gym and whether they may rate it: asked after the page
 * hydrates, so no page a guest may be served carries it. Nothing is asked for a guest.
 */
export function useMyRating(schoolId: number, signedIn: boolean) {
  return useQuery({
    queryKey: myRatingKey(schoolId),
    queryFn: () => apiRequest<MyRating>("GET", `/api/schools/${schoolId}/rating`),
    enabled: signedIn,
    staleTime: 60_000,
  });
}

/** The gym's reviews, newest first, starting from the page the server rendered (hydrating fetches nothing). */
export function useReviews(schoolId: number, initial: ReviewsPage) {
  return useInfiniteQuery({
    queryKey: reviewsKey(schoolId),
    queryFn: ({ pageParam }) =>
      apiRequest<ReviewsPage>(
        "GET",
        `/api/schools/${schoolId}/reviews${pageParam ? `?beforeId=${pageParam}` : ""}`,
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBeforeId,
    initialData: { pages: [initial], pageParams: [null] },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A change of the member's rating: their own cached, the reviews asked again. */
function useRatingChange<Vars>(schoolId: number, send: (vars: Vars) => Promise<RatingResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (result) => {
      client.setQueryData<MyRating>(myRatingKey(schoolId), {
        rating: result.rating,
        canRate: result.canRate,
      });
      void client.invalidateQueries({ queryKey: reviewsKey(schoolId) });
    },
  });
}

/** `PUT /api/schools/{id}/rating {stars, review}`. */
export const useSaveRating = (schoolId: number) =>
  useRatingChange(schoolId, (input: RatingInput) =>
    apiRequest<RatingResult>("PUT", `/api/schools/${schoolId}/rating`, input),
  );

/** `DELETE /api/schools/{id}/rating`. */
export const useDeleteRating = (schoolId: number) =>
  useRatingChange(schoolId, () => apiRequest<RatingResult>("DELETE", `/api/schools/${schoolId}/rating`));

/** `POST /api/schools/{id}/reviews/{ratingId}/reply {text}`: the answered review replaces its cached one. */
export function useReply(schoolId: number, ratingId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<ReviewView>("POST", `/api/schools/${schoolId}/reviews/${ratingId}/reply`, { text }),
    onSuccess: (review) => {
      client.setQueryData<InfiniteData<ReviewsPage, number | null>>(reviewsKey(schoolId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                reviews: page.reviews.map((r) => (r.id === review.id ? review : r)),
              })),
            }
          : data,
      );
    },
  });
}
