import type { Db } from "../../../db/client";
import type { Job } from "../../jobs/runner";
import type { Logger } from "../../log";
import { loggableError } from "../../loggable-error";
import {
  claimDueMail,
  countDueMail,
  insertMail,
  markMailFailed,
  markMailRetry,
  markMailSent,
} from "./queries";
import type { MailTransport, OutgoingMail } from "./transport";

const LEASE_MS = 60_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30 * 60_000;
export const MAX_ATTEMPTS = 12;
export const MAIL_JOB = "mail";
const MAIL_EVERY_MS = 1_000;

export interface MailOutbox {
  /** Stores the mail and calls `onEnqueue`; returns before any delivery is tried. */
  enqueue(mail: OutgoingMail): Promise<void>;
  /** Delivers every due mail now; the job runs it, tests call it. */
  drain(): Promise<number>;
  /** The jobs runner's queue job: every copy drains every second; each mail is leased. */
  job: Job;
  /** Waits for a drain in progress and closes the transport. */
  close(): Promise<void>;
}

/** The stored headers column back as the transport's `headers` (absent when there are none). */
function headersOf(stored: string | null): { headers?: Record<string, string> } {
  if (!stored) return {};
  try {
    return { headers: JSON.parse(stored) as Record<string, string> };
  } catch {
    return {};
  }
}

export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export function createMailOutbox(
  db: Db,
  transport: MailTransport,
  logger: Logger,
  now: () => Date,
  onEnqueue: () => void = () => {},
): MailOutbox {
  let running: Promise<number> | undefined;

  async function deliverOne(): Promise<boolean> {
    const mail = await claimDueMail(db, now(), LEASE_MS);
    if (!mail) return false;
    try {
      await transport.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...headersOf(mail.headers),
      });
      // Only the dev mailbox reads a delivered mail's body; anywhere else it is a live link.
      await markMailSent(db, mail.id, now(), transport.kind === "dev" && mail.transport === "dev");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (mail.attempts >= MAX_ATTEMPTS) await markMailFailed(db, mail.id, message);
      else await markMailRetry(db, mail.id, new Date(now().getTime() + retryDelayMs(mail.attempts)), message);
      logger.warn("mail delivery failed", { mailId: mail.id, attempts: mail.attempts, error: message });
    }
    return true;
  }

  function drain(): Promise<number> {
    running ??= (async () => {
      let sent = 0;
      try {
        // A read first: an idle outbox costs each copy no write per second.
        if (!(await countDueMail(db, now()))) return 0;
        while (await deliverOne()) sent++;
      } catch (error) {
        logger.error("mail outbox failed", loggableError(error));
      } finally {
        running = undefined;
      }
      return sent;
    })();
    return running;
  }

  return {
    async enqueue({ headers, ...mail }) {
      const at = now();
      await insertMail(db, {
        ...mail,
        headers: headers && Object.keys(headers).length > 0 ? JSON.stringify(headers) : null,
        transport: transport.kind,
        nextAttemptAt: at,
        createdAt: at,
      });
      onEnqueue();
    },
    drain,
    job: { name: MAIL_JOB, kind: "queue", everyMs: MAIL_EVERY_MS, run: drain },
    async close() {
      await running;
      transport.close();
    },
  };
}
