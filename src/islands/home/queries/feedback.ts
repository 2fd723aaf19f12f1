import { useMutation } from "@tanstack/react-query";
import type { FeedbackInput } from "../../../common/schemas/feedback";
import { apiRequest } from "../../lib/api";

export const postFeedback = (input: FeedbackInput) =>
  apiRequest<{ message: string }>("POST", "/api/feedback", input);

/** Anyone may send feedback about a gym (spec §7 "Feedback"). */
export function useFeedback() {
  return useMutation({ mutationFn: postFeedback });
}
