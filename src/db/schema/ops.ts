/** Running the service rather than any feature: database facts, rate counters, job leases, the mail outbox and idempotency keys. */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";

/** Small key/value facts about this database, such as when demo data was loaded. */
export const appMeta = sqliteTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

/** Fixed-window counters for throttles and quotas, shared by every running copy. */
export const rateCounters = sqliteTable(
  "rate_counters",
  {
    key: text("key").notNull(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_counters_window").on(t.windowStart)],
);

/**
 * One row per periodic job (pruning and the like): a copy runs a job only after taking
 * its lease, so N copies on one database run each job once per period.
 */
export const jobLeases = sqliteTable("job_leases", {
  name: text("name").primaryKey(),
  leasedUntil: integer("leased_until", { mode: "timestamp_ms" }).notNull(),
  lastRunAt: integer("last_run_at", { mode: "timestamp_ms" }),
});

export const mailStatuses = ["pending", "sent", "failed"] as const;

/** Mail is queued here in the request and delivered by a worker, so none is lost. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    /** Extra headers as a JSON object (e.g. RFC 8058 List-Unsubscribe); blanked with the body once sent. */
    headers: text("headers"),
    status: text("status", { enum: mailStatuses }).notNull().default("pending"),
    /** 'smtp' or 'dev' (kept in the dev mailbox and printed to the log). */
    transport: text("transport").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    lastError: text("last_error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("mail_outbox_due").on(t.status, t.nextAttemptAt)],
);

/**
 * A write a member sent with an `Idempotency-Key` (src/server/http/idempotency.ts): the
 * row it created, recorded in the same batch, and the answer given, so a retry with the
 * same key (after a lost answer, or sent twice at once) gets that answer and creates
 * nothing. Pruned after a day.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The route and what it writes to, e.g. `posts` or `messages:12`. */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** The id of the row the first request created. */
    resourceId: integer("resource_id").notNull(),
    /** The status and JSON body answered; null until the first request has answered. */
    status: integer("status"),
    response: text("response"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.scope, t.key] }),
    index("idempotency_keys_created").on(t.createdAt),
  ],
);
