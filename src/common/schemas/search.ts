import * as v from "valibot";
import { ruleFilterParam } from "./visitor-rules";

export const searchMessages = {
  queryRequired: "Search query is required",
  queryTooLong: "Search query must be 200 characters or less",
  latitude: "lat must be a number between -90 and 90",
  longitude: "lng must be a number between -180 and 180",
  radius: "radius must be greater than 0 and at most 500 miles",
  schoolId: "School id must be a number",
} as const;

export const MAX_QUERY_LENGTH = 200;
export const MAX_RADIUS_MILES = 500;

// A missing parameter reads as "" so that it gets the parameter's own message.
const numberParam = (message: string, min: number, max: number) =>
  v.pipe(
    v.optional(v.string(message), ""),
    v.trim(),
    v.nonEmpty(message),
    v.transform(Number),
    v.number(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

/** A whole-number parameter ("1.5", ".5" or "1e400" are refused with the parameter's message). */
const integerParam = (message: string, min: number, max: number) =>
  v.pipe(numberParam(message, min, max), v.integer(message));

const queryText = v.pipe(
  v.optional(v.string(searchMessages.queryRequired), ""),
  v.trim(),
  v.nonEmpty(searchMessages.queryRequired),
  v.maxLength(MAX_QUERY_LENGTH, searchMessages.queryTooLong),
);

/** An optional point the caller stands at, to sort and label results by distance. */
const fromPoint = {
  lat: v.exactOptional(numberParam(searchMessages.latitude, -90, 90)),
  lng: v.exactOptional(numberParam(searchMessages.longitude, -180, 180)),
};

export const searchQuerySchema = v.object({ q: queryText, ...fromPoint, rules: ruleFilterParam });

export const radiusQuerySchema = v.object({
  lat: numberParam(searchMessages.latitude, -90, 90),
  lng: numberParam(searchMessages.longitude, -180, 180),
  radius: v.pipe(
    numberParam(searchMessages.radius, Number.MIN_VALUE, MAX_RADIUS_MILES),
    v.check((r) => r > 0, searchMessages.radius),
  ),
  rules: ruleFilterParam,
});

export const cityParamsSchema = v.object({ city: queryText });
export const cityQuerySchema = v.object(fromPoint);

export const listQuerySchema = v.object({
  limit: v.exactOptional(integerParam("limit must be a whole number between 1 and 200", 1, 200), "50"),
  offset: v.exactOptional(integerParam("offset must be a whole number from 0 to 1000000", 0, 1_000_000), "0"),
  ...fromPoint,
});

export const suggestionQuerySchema = v.object({
  query: v.optional(v.pipe(v.string(), v.maxLength(MAX_QUERY_LENGTH, searchMessages.queryTooLong)), ""),
});

export const schoolIdSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, searchMessages.schoolId), v.transform(Number)),
});

export const nearbyQuerySchema = v.object({
  lat: numberParam(searchMessages.latitude, -90, 90),
  lng: numberParam(searchMessages.longitude, -180, 180),
  limit: v.exactOptional(integerParam("limit must be a whole number between 1 and 100", 1, 100), "15"),
  rules: ruleFilterParam,
});

export const openQuerySchema = v.object({
  when: v.picklist(["now", "today"], "when must be now or today"),
});
