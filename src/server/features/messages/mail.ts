import type { Db } from "../../../db/client";
import { cursorIs, cursorStatement, eventsAfter, readCursor, type StoredEvent } from "../../events/store";
import type { Job } from "../../jobs/runner";
import { generateToken, hashToken } from "../auth/service";
import { setMessageMail } from "../settings/service";
import { sentMessageId } from "./events";
import {
  claimMailStatement,
  insertUnsubscribeToken,
  type MailCandidate,
  mailCandidates,
  pruneUnsubscribeTokens,
  unsubscribeTokenOwner,
} from "./mail-queries";

export const MESSAGE_MAIL_JOB = "message-mail";
/** A message unread this long may be mailed about (issue 12). */
export const MESSAGE_MAIL_AFTER_MS = 60 * 60_000;
/** Messages older than this when the job first sees them (it was down) are not mailed about any more. */
const MESSAGE_MAIL_STALE_MS = 24 * 60 * 60_000;
const EVERY_MS = 5 * 60_000;
const EVENTS_PER_ROUND = 500;
const ROUNDS = 20;
const UNSUBSCRIBE_KIND = "message-mail";
/** An unsubscribe link keeps working this long after its mail (then the account settings do the same). */
export const UNSUBSCRIBE_LINK_MS = 180 * 24 * 60 * 60_000;

/** The mail the outbox takes (the mail feature's OutgoingMail, by shape). */
export interface MessageMail {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

export interface MessageMailDeps {
  send(mail: MessageMail): Promise<void>;
  publicUrl: string;
}

interface Sent {
  conversationId: number;
  senderId: number;
  messageId: number;
  createdAt: number;
}

/** A `message.sent` event's ids: the sender is its actor, the conversation its subject, its time the message's. */
function sentOf(event: StoredEvent): Sent | null {
  const messageId = sentMessageId(event.payload);
  if (messageId === null || event.subjectId === null || event.actorId === null) return null;
  return {
    conversationId: event.subjectId,
    senderId: event.actorId,
    messageId,
    createdAt: event.createdAt.getTime(),
  };
}

function composeMail(deps: MessageMailDeps, recipient: MailCandidate[], token: string): MessageMail {
  const first = recipient[0] as MailCandidate;
  const unsubscribeUrl = `${deps.publicUrl}/unsubscribe?token=${token}`;
  const senders = [...new Set(recipient.map((c) => `@${c.senderName}`))];
  const lines = recipient.map(
    (c) => `@${c.senderName} sent you a message: ${deps.publicUrl}/messages/${c.conversationId}`,
  );
  return {
    to: first.email,
    subject:
      senders.length === 1 ? `Unread message from ${senders[0]} on OpenMat` : "Unread messages on OpenMat",
    text: [
      `Hi @${first.recipientName},`,
      "",
      "A message has been waiting for you on OpenMat for over an hour.",
      "",
      ...lines,
      "",
      "You get this e-mail because message e-mails are on in your account settings.",
      `To stop them, open ${unsubscribeUrl}`,
    ].join("\n"),
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/**
 * One round over `message.sent` events in id order, as far as the first one not yet an
 * hour old. For each recipient with something still unread and never mailed, one mail
 * with a fresh one-click unsubscribe token. The claims and the moved cursor commit in one
 * batch guarded by the cursor this round read, so a message is considered once; the mail
 * is enqueued after that commit (a crash in between loses a mail rather than sending two).
 */
export async function mailUnreadOnce(db: Db, deps: MessageMailDeps, now: Date): Promise<number> {
  const cursor = await readCursor(db, MESSAGE_MAIL_JOB);
  const events = await eventsAfter(db, cursor, EVENTS_PER_ROUND, ["message.sent"]);
  const dueBefore = now.getTime() - MESSAGE_MAIL_AFTER_MS;
  const firstNotDue = events.findIndex((e) => e.createdAt.getTime() > dueBefore);
  const due = firstNotDue === -1 ? events : events.slice(0, firstNotDue);
  const last = due.at(-1);
  if (!last) return 0;
  const fresh = due
    .map(sentOf)
    .filter((s): s is Sent => s !== null && s.createdAt > now.getTime() - MESSAGE_MAIL_STALE_MS);
  const candidates = await mailCandidates(db, fresh);
  // Per recipient side, the newest of the round's messages that is above what they saw.
  const pending = new Map<string, { candidate: MailCandidate; messageId: number }>();
  for (const sent of fresh) {
    const candidate = candidates.find(
      (c) => c.conversationId === sent.conversationId && c.recipientId !== sent.senderId,
    );
    if (!candidate || sent.messageId <= candidate.seen) continue;
    const key = `${candidate.conversationId}:${candidate.side}`;
    const known = pending.get(key);
    if (!known || known.messageId < sent.messageId)
      pending.set(key, { candidate, messageId: sent.messageId });
  }
  const byRecipient = new Map<number, { candidate: MailCandidate; messageId: number }[]>();
  for (const item of pending.values()) {
    byRecipient.set(item.candidate.recipientId, [
      ...(byRecipient.get(item.candidate.recipientId) ?? []),
      item,
    ]);
  }
  const guard = cursorIs(MESSAGE_MAIL_JOB, cursor);
  const mails = [...byRecipient.values()].map((items) => ({ items, token: generateToken() }));
  const claims = mails.flatMap(({ items }) =>
    items.map(({ candidate, messageId }) =>
      claimMailStatement(db, candidate.conversationId, candidate.side, messageId, guard),
    ),
  );
  const tokens = mails.map(({ items, token }) =>
    insertUnsubscribeToken(db, hashToken(token), items[0]?.candidate.recipientId ?? 0, UNSUBSCRIBE_KIND, now),
  );
  const moved = cursorStatement(db, MESSAGE_MAIL_JOB, last.id, now, cursor);
  // The cursor moves last: the guard on every claim before it still sees where it was.
  const statements: (typeof moved)[] = [...claims, ...tokens, moved];
  const results = await db.batch(statements as [typeof moved, ...(typeof moved)[]]);
  let claimIndex = 0;
  for (const { items, token } of mails) {
    const claimed = items.filter(() => (results[claimIndex++]?.rowsAffected ?? 0) > 0);
    if (claimed.length === 0) continue;
    await deps.send(
      composeMail(
        deps,
        claimed.map((i) => i.candidate),
        token,
      ),
    );
  }
  return due.length;
}

/** The periodic job: its lease keeps copies apart, the cursor guard keeps a late run from repeating mail. */
export function messageMailJob(deps: MessageMailDeps, everyMs = EVERY_MS): Job {
  return {
    name: MESSAGE_MAIL_JOB,
    kind: "periodic",
    everyMs,
    async run({ db, now }) {
      let handled = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const n = await mailUnreadOnce(db, deps, now);
        handled += n;
        if (n < EVENTS_PER_ROUND) break;
      }
      return handled;
    },
  };
}

/**
 * The link's POST (RFC 8058 one-click, or the page's button): turns the unread-message mail
 * off for the token's member, no session needed. True when the token was known; using it
 * again is harmless.
 */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  if (!/^[a-z2-7]{20,64}$/.test(token)) return false;
  const userId = await unsubscribeTokenOwner(db, hashToken(token), UNSUBSCRIBE_KIND);
  if (userId === null) return false;
  await setMessageMail(db, userId, false);
  return true;
}

/** The pruning job's step: unsubscribe links older than UNSUBSCRIBE_LINK_MS go. */
export const pruneUnsubscribeLinks = (db: Db, now: Date, limit: number) =>
  pruneUnsubscribeTokens(db, new Date(now.getTime() - UNSUBSCRIBE_LINK_MS), limit);
