import * as v from "valibot";

/** Spec §5 "Open mat form" messages. */
export const schoolMessages = {
  gymRequired: "Gym name is required",
  addressRequired: "Full address is required (Street, City, State)",
  scheduleRequired: "Day and time information is required",
  emailInvalid: "Please enter a valid email address",
} as const;

// Optional fields accept null too: exports write null for "not given".
const optionalText = (max: number) =>
  v.nullish(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max),
      v.transform((s) => s || undefined),
    ),
  );

const optionalNumber = (min: number, max: number, name: string) =>
  v.nullish(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(), v.transform(Number))]),
      v.number(`${name} must be a number`),
      v.minValue(min, `${name} must be between ${min} and ${max}`),
      v.maxValue(max, `${name} must be between ${min} and ${max}`),
    ),
  );

// A missing required field reads as "" so that it gets the spec's own message.

/** One school as a submission, an import row or an export row carries it. */
export const schoolInputSchema = v.object({
  key: optionalText(200),
  gym: v.pipe(
    v.optional(v.string(schoolMessages.gymRequired), ""),
    v.trim(),
    v.nonEmpty(schoolMessages.gymRequired),
    v.maxLength(200),
  ),
  address: v.pipe(
    v.optional(v.string(schoolMessages.addressRequired), ""),
    v.trim(),
    v.nonEmpty(schoolMessages.addressRequired),
    v.maxLength(300),
  ),
  dayAndTime: v.pipe(
    v.optional(v.string(schoolMessages.scheduleRequired), ""),
    v.trim(),
    v.nonEmpty(schoolMessages.scheduleRequired),
    v.maxLength(1000),
  ),
  link: optionalText(500),
  website: optionalText(500),
  communityNotes: optionalText(2000),
  emailForConfirmation: v.nullish(
    v.union(
      [v.literal(""), v.pipe(v.string(), v.trim(), v.email(schoolMessages.emailInvalid))],
      schoolMessages.emailInvalid,
    ),
  ),
  phone: optionalText(40),
  city: optionalText(100),
  state: optionalText(40),
  zipCode: optionalText(10),
  latitude: optionalNumber(-90, 90, "latitude"),
  longitude: optionalNumber(-180, 180, "longitude"),
  rating: optionalNumber(0, 5, "rating"),
  reviewCount: optionalNumber(0, 10_000_000, "reviewCount"),
});

export type SchoolInput = v.InferOutput<typeof schoolInputSchema>;
