import type { Db } from "../../../db/client";
import type { Logger } from "../../log";
import { claimDueMail, insertMail, markMailFailed, markMailRetry, markMailSent } from "./queries";
import type { MailTransport, OutgoingMail } from "./transport";

const LEASE_MS = 60_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30 * 60_000;
export const MAX_ATTEMPTS = 12;

export interface MailOutbox {
  /** Stores the mail and wakes the worker; returns before any delivery is tried. */
  enqueue(mail: OutgoingMail): Promise<void>;
  /** Delivers every due mail now; used by the worker and by tests. */
  drain(): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export function createMailOutbox(
  db: Db,
  transport: MailTransport,
  logger: Logger,
  now: () => Date,
): MailOutbox {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | undefined;

  async function deliverOne(): Promise<boolean> {
    const mail = await claimDueMail(db, now(), LEASE_MS);
    if (!mail) return false;
    try {
      await transport.send({ to: mail.to, subject: mail.subject, text: mail.text });
      await markMailSent(db, mail.id, now());
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
        while (await deliverOne()) sent++;
      } catch (error) {
        logger.error("mail outbox failed", { error: String(error) });
      } finally {
        running = undefined;
      }
      return sent;
    })();
    return running;
  }

  return {
    async enqueue(mail) {
      const at = now();
      await insertMail(db, { ...mail, transport: transport.kind, nextAttemptAt: at, createdAt: at });
      if (timer) void drain();
    },
    drain,
    start(intervalMs = 5_000) {
      timer ??= setInterval(() => void drain(), intervalMs);
      void drain();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      transport.close();
    },
  };
}
