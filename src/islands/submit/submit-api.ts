import type { OpenMatSubmissionInput } from "../../common/schemas/submission";
import { ApiError, apiRequest } from "../lib/api";
import { sendOnce } from "../lib/idempotency";
import { submitTexts } from "./texts";

/**
 * `POST /api/schools` (spec §7): the server geocodes and stores a pending submission. With
 * the submission's Idempotency-Key: the same form sent again after a failure is a retry.
 */
export const submitOpenMat = (input: OpenMatSubmissionInput) =>
  sendOnce("submissions", input, (headers) => apiRequest<unknown>("POST", "/api/schools", input, headers));

const GEOCODE_PREFIX = "Unable to find coordinates for";

/**
 * The Error toast's text (spec §8): the geocoding failure as the server words it (or the
 * fallback), the rate limit's own message, otherwise the generic failure.
 */
export function submitErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return submitTexts.generic;
  if (error.status === 422) {
    return error.message.startsWith(GEOCODE_PREFIX) ? error.message : submitTexts.geocodeFallback;
  }
  if (error.status === 429) return error.message;
  return submitTexts.generic;
}
