/**
 * Those going to an open mat that is cancelled or moved less than CANCELLATION_MAIL_MS before
 * it was due get an e-mail (issue 22; the bell tells them at once in any case). A consumer of
 * `occurrence.cancelled` and `occurrence.moved` events with its own cursor, leased like the
 * other periodic jobs. A move also puts the going rows' start at the new time, so the reminder
 * and 'went last week' follow it. The cursor moves in the batch that holds those updates,
 * guarded by where this run read it; the mail is enqueued only after that batch moved it
 * (a crash in between loses a mail rather than sending two).
 */
import { zonedIso } from "../../../common/schedule/occurrences";
import { CANCELLATION_MAIL_MS, occurrenceWhen } from "../../../common/schemas/going";
import type { Db } from "../../../db/client";
import { cursorStatement, type EventType, eventsAfter, latestEventId, readCursor } from "../../events/store";
import type { Job } from "../../jobs/runner";
import { exceptionForMail, mailableGoers, moveStartsAt } from "./queries";

export const GOING_MAIL_JOB = "going:cancellation-mail";
const TOLD: readonly EventType[] = ["occurrence.cancelled", "occurrence.moved"];
const EVERY_MS = 1_000;
const BATCH = 100;

/** The mail the outbox takes (the mail feature's OutgoingMail, by shape). */
export interface GoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface GoingMailDeps {
  send(mail: GoingMail): Promise<void>;
  publicUrl: string;
}

type Exception = NonNullable<Awaited<ReturnType<typeof exceptionForMail>>>;

function compose(
  deps: GoingMailDeps,
  x: Exception,
  goer: { email: string; username: string; startMinute: number },
): GoingMail {
  const when = occurrenceWhen(x.date, goer.startMinute);
  const why = x.reason ? `: ${x.reason}` : ".";
  const what = x.moveTo
    ? `is moved to ${occurrenceWhen(x.moveTo.date, x.moveTo.start)}${why}`
    : `is cancelled${why}`;
  return {
    to: goer.email,
    subject: `${x.moveTo ? "Open mat moved" : "Open mat cancelled"}: ${x.gym}`,
    text: [
      `Hi @${goer.username},`,
      "",
      `The open mat at ${x.gym} on ${when} that you are going to ${what}`,
      "",
      `${deps.publicUrl}/schools/${encodeURIComponent(x.slug)}`,
      "",
      "You get this e-mail because you said you are going to this open mat and it was less than 24 hours away.",
    ].join("\n"),
  };
}

/** One round over the cancellations and moves after the cursor; answers the events handled. */
export async function mailCancellationsOnce(db: Db, deps: GoingMailDeps, now: Date): Promise<number> {
  const cursor = await readCursor(db, GOING_MAIL_JOB);
  const latest = await latestEventId(db);
  if (latest <= cursor) return 0;
  const raw = await eventsAfter(db, cursor, BATCH, TOLD);
  const events = raw.filter((e) => e.id <= latest);
  const last = raw.at(-1);
  const upTo = raw.length === BATCH && last ? Math.min(last.id, latest) : latest;
  const updates: ReturnType<typeof moveStartsAt>[] = [];
  const mails: GoingMail[] = [];
  for (const event of events) {
    const x = event.subjectId === null ? null : await exceptionForMail(db, event.subjectId);
    // Restored meanwhile (the row is gone), or not the school the event names: nothing to tell.
    if (!x || x.schoolId !== event.payload.schoolId) continue;
    if (x.moveTo && x.startMinute !== null) {
      const startsAt = new Date(zonedIso(x.moveTo.date, x.moveTo.start, x.timeZone));
      updates.push(moveStartsAt(db, x.schoolId, { date: x.date, startMinute: x.startMinute }, startsAt));
    }
    for (const goer of await mailableGoers(db, x.schoolId, x.date, x.startMinute)) {
      const ahead = goer.startsAt.getTime() - event.createdAt.getTime();
      if (goer.userId === event.actorId || goer.startsAt <= now) continue;
      if (ahead > 0 && ahead < CANCELLATION_MAIL_MS) mails.push(compose(deps, x, goer));
    }
  }
  // The cursor moves last, and only from where this run read it.
  const moved = cursorStatement(db, GOING_MAIL_JOB, upTo, now, cursor);
  const statements: (typeof moved)[] = [...updates, moved];
  const results = await db.batch(statements as [typeof moved, ...(typeof moved)[]]);
  if (results.at(-1)?.rowsAffected !== 1) return 0;
  for (const mail of mails) await deps.send(mail);
  return events.length;
}

/** The periodic job: its lease keeps copies apart, the cursor guard keeps a late run from mailing twice. */
export function cancellationMailJob(deps: GoingMailDeps, everyMs = EVERY_MS): Job {
  return {
    name: GOING_MAIL_JOB,
    kind: "periodic",
    everyMs,
    async run({ db, now }) {
      let handled = 0;
      for (let round = 0; round < 10; round++) {
        const n = await mailCancellationsOnce(db, deps, now);
        handled += n;
        if (n < BATCH) break;
      }
      return handled;
    },
  };
}
