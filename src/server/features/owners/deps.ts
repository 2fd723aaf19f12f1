import type { Db } from "../../../db/client";

/** What claims and owners need: the database, the clock, the mail outbox and the member limit. */
export interface OwnerDeps {
  db: Db;
  now: () => Date;
  /** The mail outbox's enqueue. */
  sendMail: (mail: { to: string; subject: string; text: string }) => Promise<void>;
  publicUrl: string;
  /** New claims per member per day (`LIMIT_CLAIMS_PER_DAY`). */
  dailyLimit: number;
}
