/**
 * Sends the push outbox (RFC 8030): each message encrypted to its device (RFC 8291,
 * aes128gcm) and signed with the server's VAPID key (RFC 8292), both by the `web-push`
 * library; the request itself goes out with fetch. A queue job: every copy runs it, and each
 * message is leased, so copies share the work. A push service's answer decides what follows:
 * 2xx delivered (the subscription's last success is recorded), 404 or 410 the subscription is
 * gone (dropped, with what waited for it), 429 and 5xx or no answer are tried again with
 * exponential back-off up to MAX_ATTEMPTS, any other refusal drops that one message.
 */
import webpush from "web-push";
import type { PushPayload } from "../../../common/schemas/push";
import type { Db } from "../../../db/client";
import type { Job } from "../../jobs/runner";
import type { Logger } from "../../log";
import { loggableError } from "../../loggable-error";
import {
  claimDuePush,
  type DuePush,
  deleteSubscription,
  dropPush,
  hasDuePush,
  markPushSent,
  retryPushAt,
} from "./queries";
import type { Vapid } from "./vapid";

export const PUSH_SEND_JOB = "push-send";
const LEASE_MS = 60_000;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60 * 60_000;
export const PUSH_MAX_ATTEMPTS = 8;
/** How long a push service keeps a message for an offline device; older ones are not sent at all. */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;
/** Messages sent at once by one copy (each waits on a push service). */
const PARALLEL = 4;
/** Messages one run sends at most, so a run stays short. */
const PER_RUN = 200;

export interface PushSenderDeps {
  db: Db;
  vapid: Vapid;
  logger: Logger;
  now: () => Date;
  /** The HTTP client (tests may pass their own). */
  fetch?: typeof fetch;
}

export const pushRetryDelayMs = (attempts: number) =>
  Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/** The request a push service gets for one message: encrypted body, VAPID Authorization. */
export function pushRequest(push: DuePush, vapid: Vapid): { url: string; init: RequestInit } {
  const payload = JSON.parse(push.payload) as PushPayload;
  const details = webpush.generateRequestDetails(
    {
      endpoint: push.subscription.endpoint,
      keys: { p256dh: push.subscription.p256dh, auth: push.subscription.auth },
    },
    push.payload,
    {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      contentEncoding: "aes128gcm",
      urgency: payload.kind === "other" ? "normal" : "high",
    },
  );
  const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
  return {
    url: details.endpoint,
    init: { method: "POST", headers, body: new Uint8Array(details.body), redirect: "manual" },
  };
}

/** Seconds from a Retry-After header (a number or a date), if any. */
function retryAfterMs(response: Response, now: Date): number | null {
  const value = response.headers.get("retry-after");
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

type Outcome = "sent" | "gone" | "dropped" | "retry";

async function sendOne(deps: PushSenderDeps, push: DuePush): Promise<Outcome> {
  const { db, logger } = deps;
  const now = deps.now();
  if (now.getTime() - push.createdAt.getTime() > TTL_SECONDS * 1000) {
    await dropPush(db, push.id);
    return "dropped";
  }
  let response: Response | undefined;
  let error = "";
  try {
    const { url, init } = pushRequest(push, deps.vapid);
    response = await (deps.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    await response.body?.cancel();
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const status = response?.status ?? 0;
  const log = { pushId: push.id, subscriptionId: push.subscription.id, attempts: push.attempts, status };
  if (response && status >= 200 && status < 300) {
    await markPushSent(db, push, deps.now());
    return "sent";
  }
  if (status === 404 || status === 410) {
    await deleteSubscription(db, push.subscription.id);
    logger.info("push subscription gone", log);
    return "gone";
  }
  const transient = !response || status === 429 || status >= 500;
  if (!transient || push.attempts >= PUSH_MAX_ATTEMPTS) {
    await dropPush(db, push.id);
    logger.warn("push message dropped", { ...log, error });
    return "dropped";
  }
  // A push service's Retry-After is honoured when it asks for longer than the back-off.
  const wait = Math.max((response && retryAfterMs(response, now)) ?? 0, pushRetryDelayMs(push.attempts));
  await retryPushAt(db, push.id, new Date(now.getTime() + wait));
  logger.warn("push delivery failed; will retry", { ...log, error });
  return "retry";
}

/** Sends what is due now (at most PER_RUN messages); answers how many went out. */
export async function sendDuePush(deps: PushSenderDeps): Promise<number> {
  if (!(await hasDuePush(deps.db, deps.now()))) return 0;
  let taken = 0;
  let sent = 0;
  const worker = async () => {
    while (taken < PER_RUN) {
      taken++;
      const push = await claimDuePush(deps.db, deps.now(), LEASE_MS);
      if (!push) return;
      if ((await sendOne(deps, push)) === "sent") sent++;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return sent;
}

export function pushSendJob(deps: PushSenderDeps, everyMs = 1_000): Job {
  return {
    name: PUSH_SEND_JOB,
    kind: "queue",
    everyMs,
    run: () =>
      sendDuePush(deps).catch((error) => {
        deps.logger.error("push sender failed", loggableError(error));
        return 0;
      }),
  };
}
