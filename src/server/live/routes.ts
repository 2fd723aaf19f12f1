import { Elysia } from "elysia";
import { LIVE_STREAM_PATH, liveMessages } from "../../common/live";
import { HttpError } from "../http/errors";
import { tooManyRequests } from "../http/rate-limit";
import type { authGuard } from "../policy/guard";
import { HubClosedError, type LiveHub, StreamLimitError } from "./hub";

const EVENT_ID = /^\d{1,15}$/;

/**
 * GET /api/events/stream: the member's live events as server-sent events. A reconnecting
 * EventSource sends Last-Event-ID itself; `?lastEventId=` is the same for a client that
 * opens a new EventSource after the old one gave up. A member holds at most the hub's limit
 * of streams at once, across copies; one more is the spec's 429.
 */
export function liveRoutes(guard: ReturnType<typeof authGuard>, hub: LiveHub) {
  return new Elysia({ name: "live-routes" }).use(guard).get(
    LIVE_STREAM_PATH,
    async ({ member, request, query }) => {
      const raw = request.headers.get("last-event-id") || (query as { lastEventId?: string }).lastEventId;
      if (raw && !EVENT_ID.test(raw)) throw new HttpError(400, liveMessages.lastEventIdInvalid);
      try {
        return await hub.open(member.user.id, raw ? Number(raw) : null);
      } catch (error) {
        if (error instanceof HubClosedError) throw new HttpError(503, liveMessages.unavailable);
        if (error instanceof StreamLimitError) throw tooManyRequests(error.state);
        throw error;
      }
    },
    { auth: "member" },
  );
}
