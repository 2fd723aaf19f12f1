import { openDatabase, replicaOf } from "../../db/client";
import { migrate } from "../../db/migrate";
import { buildLabel } from "../build-info";
import type { Env } from "../env";
import { createGeoServices, timeZoneAt } from "../features/geo/service";
import { createMailOutbox } from "../features/mail/outbox";
import { createMailTransport } from "../features/mail/transport";
import {
  approveSubmission,
  rejectSubmission,
  reviewQueue,
  type SubmissionDeps,
} from "../features/submissions/service";
import { silentLogger } from "../log";

export class SubmissionsUsageError extends Error {}

const USAGE = "admin submissions needs list, approve ID or reject ID REASON";

const idOf = (text: string | undefined) => {
  if (!text || !/^[1-9]\d{0,11}$/.test(text)) throw new SubmissionsUsageError(USAGE);
  return Number(text);
};

/**
 * `openmat admin submissions list|approve ID|reject ID REASON`: the review queue from the
 * terminal. Decisions take the same path as the API's (audit row, event, mail queued for the
 * server's outbox to deliver); the audit log names no admin, since the terminal has none.
 */
export async function submissionsCommand(env: Env, args: string[]): Promise<void> {
  const [action, id, ...reasonWords] = args;
  if (action !== "list" && action !== "approve" && action !== "reject")
    throw new SubmissionsUsageError(USAGE);
  const submissionId = action === "list" ? 0 : idOf(id);
  const reason = reasonWords.join(" ").trim();
  if (action === "reject" && !reason) throw new SubmissionsUsageError(USAGE);
  const database = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, replicaOf(env));
  const transport = createMailTransport(
    env.SMTP_URL,
    env.MAIL_FROM,
    silentLogger,
    env.NODE_ENV === "development",
  );
  const outbox = createMailOutbox(database.db, transport, silentLogger, () => new Date());
  try {
    await migrate(database.client, { by: buildLabel() });
    const deps: SubmissionDeps = {
      db: database.db,
      now: () => new Date(),
      geocoder: createGeoServices(env.GEOCODER_URL, silentLogger).schoolGeocoder,
      timeZoneAt,
      sendMail: outbox.enqueue,
      dailyLimit: env.SUBMISSION_DAILY_LIMIT,
      publicUrl: env.PUBLIC_URL,
    };
    if (action === "list") {
      const queue = await reviewQueue(database.db, "cli");
      if (!queue.length) console.log("No pending submissions.");
      for (const s of queue) {
        console.log(
          `#${s.id}  ${s.gym}  ${s.address} (${s.city}, ${s.state})  submitted ${s.createdAt}${s.needsReview ? "  [schedule needs review]" : ""}`,
        );
        console.log(`     schedule: ${s.dayAndTime.replace(/\n/g, " / ")}`);
        for (const d of s.duplicates) {
          console.log(
            `     possible duplicate: school ${d.id} ${d.gym}, ${d.distanceKm} km (${d.reasons.join(", ")})`,
          );
        }
      }
    } else if (action === "approve") {
      const done = await approveSubmission(deps, "cli", submissionId);
      console.log(`Submission ${done.id} approved as school ${done.schoolId}.`);
    } else {
      const done = await rejectSubmission(deps, "cli", submissionId, reason);
      console.log(`Submission ${done.id} rejected.`);
    }
  } finally {
    await outbox.close();
    await database.close();
  }
}
