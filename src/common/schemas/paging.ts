import * as v from "valibot";

export interface PageQueryOptions {
  /** The page size when the query has no `limit`. */
  defaultLimit: number;
  /** The largest `limit` accepted; its resource's `limitInvalid` text names it. */
  maxLimit: number;
  /** The resource's own error texts, answered word for word in a 400. */
  messages: { readonly limitInvalid: string; readonly beforeIdInvalid: string };
}

/**
 * A paged list's query, `?limit=&beforeId=` (newest first; `beforeId` is the last id seen):
 * `limit` a whole number from 1 to `maxLimit`, `defaultLimit` when absent; `beforeId` a
 * positive whole number of at most 12 digits. Parse it with `parseQuery`, which hands
 * every value over as a string.
 */
export const pageQuerySchema = ({ defaultLimit, maxLimit, messages }: PageQueryOptions) =>
  v.object({
    limit: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d{1,3}$/, messages.limitInvalid),
        v.transform(Number),
        v.minValue(1, messages.limitInvalid),
        v.maxValue(maxLimit, messages.limitInvalid),
      ),
      String(defaultLimit),
    ),
    beforeId: v.optional(
      v.pipe(v.string(), v.regex(/^[1-9]\d{0,11}$/, messages.beforeIdInvalid), v.transform(Number)),
    ),
  });
