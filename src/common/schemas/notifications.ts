import * as v from "valibot";
import { pageQuerySchema } from "./paging";

/** Spec §9: counts are polled every 30 s (only while the live stream is down). */
export const UNREAD_POLL_MS = 30_000;
/** The dropdown's page; the API answers at most NOTIFICATIONS_PAGE_MAX. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;

/** Spec §2 "Notification dropdown" and the API's own messages. */
export const notificationTexts = {
  title: "Notifications",
  empty: "No notifications yet.",
  close: "Close",
  markAllRead: "Mark all read",
  unread: "Unread",
  loadFailed: "Failed to load notifications",
  notFound: "Notification not found",
  idInvalid: "Notification id must be a positive whole number",
  beforeIdInvalid: "beforeId must be a positive whole number",
  limitInvalid: `limit must be a whole number from 1 to ${NOTIFICATIONS_PAGE_MAX}`,
} as const;

/** The bell's accessible name, which carries the count the badge shows. */
export const bellLabel = (count: number) => `Notifications, ${count} unread`;
export const messagesLabel = (count: number) => `Messages, ${count} unread`;

export const notificationTypes = [
  "follow",
  "like",
  "badge",
  "submission",
  "cancellation",
  "claim",
  "ownership",
  /** Two hours before an open mat the member is going to (issue 22). */
  "reminder",
] as const;

/**
 * Spec §3 "Notification", as its reader may see it: the texts are built on the server for
 * that reader, and `link` is null when there is nothing they may open. `updatedAt` is the
 * newest activity of a grouped item (the date shown); `createdAt` when it first appeared.
 */
export const notificationViewSchema = v.object({
  id: v.number(),
  type: v.picklist(notificationTypes),
  title: v.string(),
  body: v.string(),
  link: v.nullable(v.string()),
  isRead: v.boolean(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type NotificationView = v.InferOutput<typeof notificationViewSchema>;

/** Spec §3 "Unread counts". */
export type NotificationCount = { count: number };

const positiveId = (message: string) =>
  v.pipe(v.string(message), v.regex(/^[1-9]\d{0,11}$/, message), v.transform(Number));

export const notificationIdParams = v.object({ id: positiveId(notificationTexts.idInvalid) });

/** `GET /api/notifications?limit=20&beforeId=`: newest first; `beforeId` is the last item seen. */
export const notificationsQuerySchema = pageQuerySchema({
  defaultLimit: NOTIFICATIONS_PAGE_SIZE,
  maxLimit: NOTIFICATIONS_PAGE_MAX,
  messages: notificationTexts,
});
export type NotificationsQuery = v.InferOutput<typeof notificationsQuerySchema>;

/**
 * `submission.decided`, which the admin side emits when it approves or rejects an open-mat
 * submission: `actorId` is the deciding admin (never shown), `subjectId` the submission,
 * and the payload names the submitter, who gets the bell item. `schoolId` is the listing an
 * approval created or updated, when there is one; `gym` is the submitted gym's name.
 */
export const submissionDecidedSchema = v.object({
  submissionId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  submitterId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  decision: v.picklist(["approved", "rejected"]),
  reason: v.optional(v.nullable(v.string())),
  gym: v.string(),
  schoolId: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
});
export type SubmissionDecided = v.InferOutput<typeof submissionDecidedSchema>;
