import { useEffect, useState } from "react";
import { formatTime } from "../common/schedule/format";
import {
  type OfflineSaved as Kept,
  OFFLINE_DATA_CACHE,
  OFFLINE_SAVED_URL,
  type OfflineSavedGym,
  offlineTexts,
} from "../common/schemas/pwa";
import { type OccurrenceView, shortDateLabel } from "../common/schemas/schedule-exceptions";
import { scheduleReviewTexts } from "../common/schemas/schedule-review";

type State = { kind: "loading" } | { kind: "none" } | { kind: "kept"; saved: Kept };

/** What the service worker kept of the member's saved gyms, read from its cache (src/client/sw.ts). */
async function readKept(): Promise<Kept | null> {
  if (typeof caches === "undefined") return null;
  const response = await caches.match(OFFLINE_SAVED_URL, { cacheName: OFFLINE_DATA_CACHE });
  return response ? ((await response.json()) as Kept) : null;
}

const when = (o: OccurrenceView) =>
  o.start === null
    ? scheduleReviewTexts.timeNotListed
    : `${formatTime(o.start)}${o.end === null ? "" : `–${formatTime(o.end)}`}`;

function Gym({ gym }: { gym: OfflineSavedGym }) {
  return (
    <li>
      <h3>
        <a href={`/schools/${encodeURIComponent(gym.slug)}`}>{gym.gym}</a>
      </h3>
      <p className="muted">
        {gym.city}, {gym.state}
      </p>
      {gym.occurrences.length === 0 ? (
        <p>{offlineTexts.noOpenMats}</p>
      ) : (
        <ul className="offline-occurrences">
          {gym.occurrences.map((o) => (
            <li key={`${o.date}@${o.start}`}>
              {shortDateLabel(o.date)}, {when(o)}
              {o.status === "cancelled" && (
                <strong>
                  {" "}
                  {offlineTexts.cancelled}
                  {o.reason ? `: ${o.reason}` : ""}
                </strong>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The offline page's saved gyms: their next 7 days as the device last fetched them, with when
 * that was. The server renders the waiting state (it has no cache to read); the browser reads
 * the worker's cache once hydrated.
 */
export default function OfflineSaved(_props: Record<string, never>) {
  const [state, setState] = useState<State>({ kind: "loading" });
  useEffect(() => {
    readKept().then(
      (saved) => setState(saved ? { kind: "kept", saved } : { kind: "none" }),
      () => setState({ kind: "none" }),
    );
  }, []);
  if (state.kind === "loading") return <p aria-live="polite">{offlineTexts.loading}</p>;
  if (state.kind === "none")
    return (
      <>
        <p aria-live="polite">{offlineTexts.none}</p>
        <RetryButton />
      </>
    );
  const { saved } = state;
  const left = saved.total - saved.gyms.length;
  return (
    <section aria-labelledby="offline-saved-heading">
      <h2 id="offline-saved-heading">{offlineTexts.savedHeading}</h2>
      <p className="muted">
        {offlineTexts.savedAt}{" "}
        <time dateTime={saved.savedAt}>{new Date(saved.savedAt).toLocaleString("en-US")}</time>
      </p>
      {saved.gyms.length === 0 ? (
        <p>{offlineTexts.noSaved}</p>
      ) : (
        <ul className="offline-gyms">
          {saved.gyms.map((gym) => (
            <Gym key={gym.id} gym={gym} />
          ))}
        </ul>
      )}
      {left > 0 && <p className="muted">{offlineTexts.more(left)}</p>}
      <RetryButton />
    </section>
  );
}

function RetryButton() {
  return (
    <button type="button" className="button" onClick={() => location.reload()}>
      {offlineTexts.retry}
    </button>
  );
}
