import * as v from "valibot";
import { dayKeys } from "../home";
import type { Session } from "../schedule/types";
import { schoolInputSchema } from "./school";

/** The seven day checkboxes of the Submit New Open Mat modal (spec §3, default false). */
export const weekdayNames = dayKeys;
export type WeekdayName = (typeof weekdayNames)[number];

const day = v.optional(v.boolean(), false);
const text = schoolInputSchema.entries;

/** Spec §8 "Open mat submission" and the review API's own messages. */
export const submissionMessages = {
  geocodeFailed: (address: string) =>
    `Unable to find coordinates for "${address}". Please check the address and try again.`,
  received: "Success! Your open mat has been received!",
  notFound: "Submission not found",
  alreadyDecided: "This submission has already been decided",
  schoolNotFound: "School not found",
  reasonRequired: "A reason is required",
  idInvalid: "Submission id must be a positive whole number",
  schoolIdInvalid: "schoolId must be a positive whole number",
  limitInvalid: "limit must be a whole number from 1 to 100",
  beforeIdInvalid: "beforeId must be a positive whole number",
} as const;

/**
 * `POST /api/schools` (spec §7): gym, address, dayAndTime, link, communityNotes,
 * emailForConfirmation and monday..sunday. The client's latitude, longitude, city,
 * location, daySort and googleGym are dropped: the server geocodes the address itself.
 */
export const openMatSubmissionSchema = v.object({
  gym: text.gym,
  address: text.address,
  dayAndTime: text.dayAndTime,
  link: text.link,
  communityNotes: text.communityNotes,
  emailForConfirmation: text.emailForConfirmation,
  monday: day,
  tuesday: day,
  wednesday: day,
  thursday: day,
  friday: day,
  saturday: day,
  sunday: day,
});
export type OpenMatSubmissionInput = v.InferOutput<typeof openMatSubmissionSchema>;

/** An admin's edits before approving: any of the submitted fields, each optional. */
export const approveSubmissionSchema = v.optional(
  v.object({
    gym: v.optional(text.gym),
    address: v.optional(text.address),
    dayAndTime: v.optional(text.dayAndTime),
    link: text.link,
    communityNotes: text.communityNotes,
  }),
  {},
);
export type ApproveSubmissionInput = v.InferOutput<typeof approveSubmissionSchema>;

const positiveInt = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message));

export const mergeSubmissionSchema = v.object({ schoolId: positiveInt(submissionMessages.schoolIdInvalid) });

export const rejectSubmissionSchema = v.object({
  reason: v.pipe(
    v.optional(v.string(submissionMessages.reasonRequired), ""),
    v.trim(),
    v.nonEmpty(submissionMessages.reasonRequired),
    v.maxLength(1000),
  ),
});

export const submissionIdParams = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,11}$/, submissionMessages.idInvalid), v.transform(Number)),
});

/** `GET /api/admin/audit?limit=50&beforeId=`: newest first; `beforeId` is the last row seen. */
export const auditQuerySchema = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, submissionMessages.limitInvalid),
      v.transform(Number),
      v.minValue(1, submissionMessages.limitInvalid),
      v.maxValue(100, submissionMessages.limitInvalid),
    ),
    "50",
  ),
  beforeId: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,11}$/, submissionMessages.beforeIdInvalid), v.transform(Number)),
  ),
});

/** A school near or named like a submission: the review queue's duplicate candidates. */
export interface DuplicateCandidate {
  id: number;
  slug: string;
  gym: string;
  address: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  /** Kilometres from the submitted point, one decimal. */
  distanceKm: number;
  reasons: ("nearby" | "similarName")[];
}

/** Another pending submission that looks like the same gym (same name and address, or a similar name within 1 km). */
export interface PendingDuplicate {
  id: number;
  gym: string;
  address: string;
  /** Kilometres between the two, one decimal; null when either is not located. */
  distanceKm: number | null;
  reasons: "pendingSubmission"[];
}

/** A pending submission as `GET /api/admin/submissions` answers it (the server's queue is typed by it). */
export interface PendingSubmission {
  id: number;
  submitterId: number;
  /** The submitter's username (admins only see the queue); null when the account is gone. */
  submitterName: string | null;
  gym: string;
  address: string;
  dayAndTime: string;
  link?: string | null;
  communityNotes?: string | null;
  emailForConfirmation?: string | null;
  latitude: number | null;
  longitude: number | null;
  city: string | null;
  state: string | null;
  sessions: Session[];
  unparsed: string[];
  review: string[];
  needsReview: boolean;
  createdAt: string;
  duplicates: DuplicateCandidate[];
  /** Other pending submissions of the same gym. */
  pendingDuplicates: PendingDuplicate[];
}
