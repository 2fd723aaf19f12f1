import { submissionMessages } from "../../../common/schemas/submission";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { requireAccess } from "../../policy/access";
import { adminOnlyApiMessage } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import { locateSchool, type SchoolGeocoder } from "../schools/service";
import { type SubmissionRow, userContact } from "./queries";

export interface SubmissionDeps {
  db: Db;
  now: () => Date;
  geocoder: SchoolGeocoder;
  timeZoneAt: (latitude: number, longitude: number) => string;
  /** The mail outbox's enqueue. */
  sendMail: (mail: { to: string; subject: string; text: string }) => Promise<void>;
  /** Submissions per member per day (`SUBMISSION_DAILY_LIMIT`). */
  dailyLimit: number;
  publicUrl: string;
}

/** Who decides: an admin through the API, or the terminal (`openmat admin submissions`). */
export type Decider = { kind: "admin"; id: number } | { kind: "cli" };

export async function geocodeOrFail(geocoder: SchoolGeocoder, address: string) {
  const place = await locateSchool(geocoder, { address } as Parameters<typeof locateSchool>[1]);
  if (!place?.city || !place.state) throw new HttpError(422, submissionMessages.geocodeFailed(address));
  return { ...place, city: place.city, state: place.state };
}

export const mailTo = async (db: Db, row: Pick<SubmissionRow, "emailForConfirmation" | "submitterId">) =>
  row.emailForConfirmation || (await userContact(db, row.submitterId))?.email;

export const requireReviewer = (viewer: PolicyViewer) =>
  requireAccess(viewer, "submissions.review", { forbidden: adminOnlyApiMessage });

export function requireAdminId(viewer: PolicyViewer): number {
  if (viewer.kind === "guest") throw new HttpError(401, adminOnlyApiMessage);
  return viewer.id;
}
