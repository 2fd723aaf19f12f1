/**
 * The live stream's wire contract (ARCHITECTURE "Live delivery"), shared by the server that
 * writes it and the browser that reads it. Each domain event a member is a recipient of
 * arrives as an SSE event named after its type, with a `LiveEvent` as its data.
 */
export const LIVE_STREAM_PATH = "/api/events/stream";

/** Spec §9: what the islands poll, only while the stream is not up. */
export const FALLBACK_POLL_MS = { counts: 30_000, messages: 5_000 } as const;

export interface LiveEvent<Payload = Record<string, unknown>> {
  id: number;
  type: string;
  actorId: number | null;
  subjectId: number | null;
  payload: Payload;
  /** ISO 8601. */
  createdAt: string;
}

/** The data of a `counts` event: what the header badges show. */
export interface UnreadCounts {
  notifications: number;
  messages: number;
}

/**
 * Events the stream adds to the domain events:
 * - `ready`: the stream has caught up (its replay is sent) and is live; data `{}`.
 * - `counts`: unread counts, on connect and after any event that can change them.
 * - `resync`: events since the client's last one can no longer be replayed (they were
 *   pruned, or too many): refetch what is shown. Data `{}`.
 */
export const LIVE_READY = "ready";
export const LIVE_COUNTS = "counts";
export const LIVE_RESYNC = "resync";

export const liveMessages = {
  lastEventIdInvalid: "Last-Event-ID must be a whole number",
  unavailable: "The live stream is not available right now",
} as const;
