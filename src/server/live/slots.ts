import type { Db } from "../../db/client";
import type { RateState } from "../http/rate-limit";
import type { Logger } from "../log";
import { loggableError } from "../loggable-error";
import { claimStreamSlot, releaseStreamSlots, renewStreamSlots } from "./queries";

/** The member holds as many streams as they may; `state` is the 429's body. */
export class StreamLimitError extends Error {
  constructor(readonly state: RateState) {
    super("live stream limit reached");
  }
}

/**
 * A member's open streams, counted across copies: each stream holds a row in live_streams
 * (a slot) with a lease that the copy holding it renews; a stream that ends gives its slot
 * back, and a copy that died stops renewing, so its slots lapse after `leaseMs`.
 */
export function streamSlots(options: { db: Db; logger: Logger; limit: number; leaseMs: number }) {
  const { db, logger, limit, leaseMs } = options;
  /** Claims and releases under way, which `settled` waits for. */
  const working = new Set<Promise<unknown>>();
  let renewFailing = false;

  function track<T>(work: Promise<T>): Promise<T> {
    const tracked = work.finally(() => working.delete(tracked));
    working.add(tracked);
    return tracked;
  }

  async function claim(userId: number, unwanted: () => Error | null): Promise<string> {
    const id = crypto.randomUUID();
    const now = Date.now();
    const claimed = await claimStreamSlot(db, { id, userId, limit, now, leaseMs });
    if (claimed.taken) {
      // The hub closed meanwhile: the slot goes back before `settled` can answer.
      const refused = unwanted();
      if (refused) {
        await releaseStreamSlots(db, [id]);
        throw refused;
      }
      return id;
    }
    // A hint: held streams renew their leases, so a slot frees when one of them ends.
    const wait = (claimed.earliestLease ?? now + leaseMs) - now;
    throw new StreamLimitError({
      allowed: false,
      limit,
      remaining: 0,
      retryAfter: Math.max(1, Math.ceil(wait / 1000)),
    });
  }

  return {
    /**
     * A new slot's id, or StreamLimitError when `limit` are held. `unwanted` is asked once
     * the slot is taken: an error it returns gives the slot back and is thrown instead.
     */
    claim: (userId: number, unwanted: () => Error | null) => track(claim(userId, unwanted)),
    /** Renews these slots' leases (the heartbeat's); a failing database is logged once per spell. */
    renew(ids: string[]): void {
      renewStreamSlots(db, ids, Date.now() + leaseMs).then(
        () => {
          renewFailing = false;
        },
        (error) => {
          if (!renewFailing) logger.error("live stream leases not renewed", loggableError(error));
          renewFailing = true;
        },
      );
    },
    /** Gives slots back, in the background; `settled` waits for it. */
    release(ids: string[]): void {
      if (ids.length === 0) return;
      void track(
        releaseStreamSlots(db, ids).catch((error) =>
          logger.error("live stream slots not released", loggableError(error)),
        ),
      );
    },
    /** Every claim and release under way has finished. */
    settled: async () => {
      while (working.size) await Promise.allSettled([...working]);
    },
  };
}
