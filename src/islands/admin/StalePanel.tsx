import { useInfiniteQuery } from "@tanstack/react-query";
import { STALE_AFTER_DAYS } from "../../common/schemas/stale-listings";
import { staleQueryOptions } from "./queries";
import type { StaleKind, StaleSchool } from "./types";

/** A fixed format (UTC, no time), so the server's HTML and the hydrated page agree. */
const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

const lists: Record<StaleKind, { title: string; intro: string; loading: string; empty: string }> = {
  flagged: {
    title: "Unreadable schedules",
    intro: "Schools whose schedule has lines the parser could not read.",
    loading: "Loading flagged schedules...",
    empty: "No school has an unreadable schedule.",
  },
  unconfirmed: {
    title: `Not confirmed in ${STALE_AFTER_DAYS} days`,
    intro: `Schools no verified check-in confirmed in the last ${STALE_AFTER_DAYS} days, never confirmed first.`,
    loading: "Loading stale listings...",
    empty: `Every other school was confirmed by a check-in in the last ${STALE_AFTER_DAYS} days.`,
  },
};

function StaleRow({ school: s }: { school: StaleSchool }) {
  return (
    <li className="card admin-stale-school">
      <p>
        <a href={`/schools/${s.slug}`}>
          <strong>{s.gym}</strong>
        </a>{" "}
        <span className="muted">
          {s.city}, {s.state}
        </span>
      </p>
      <p className="muted">
        {s.lastConfirmedAt ? `Last confirmed ${day.format(new Date(s.lastConfirmedAt))}` : "Never confirmed"}
      </p>
      {s.unparsed.length > 0 && (
        <ul className="admin-unparsed" aria-label={`Unreadable lines of ${s.gym}`}>
          {s.unparsed.map((line) => (
            <li key={line}>
              <q>{line}</q>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function StaleList({ kind }: { kind: StaleKind }) {
  const query = useInfiniteQuery(staleQueryOptions(kind));
  const text = lists[kind];
  const titleId = `stale-${kind}-title`;
  const total = query.data?.pages.at(-1)?.total;
  const schools = query.data?.pages.flatMap((page) => page.schools) ?? [];
  return (
    <section className="admin-stale" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {text.title}
        {total ? ` (${total})` : ""}
      </h3>
      <p className="muted">{text.intro}</p>
      {query.isPending ? (
        <p className="muted">{text.loading}</p>
      ) : query.isError ? (
        <p role="alert">Error loading stale listings: {query.error.message}</p>
      ) : schools.length === 0 ? (
        <p className="muted">{text.empty}</p>
      ) : (
        <>
          <ol className="admin-stale-list">
            {schools.map((school) => (
              <StaleRow key={school.id} school={school} />
            ))}
          </ol>
          <p className="muted" aria-live="polite">
            Showing {schools.length} of {total}
          </p>
        </>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="button button-ghost"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? "Loading..." : "Load more"}
          <span className="visually-hidden"> {text.title.toLowerCase()}</span>
        </button>
      )}
    </section>
  );
}

/** Listings to check: unreadable schedules first, then the ones no check-in confirmed lately. */
export function StalePanel() {
  return (
    <>
      <h2>Stale listings</h2>
      <StaleList kind="flagged" />
      <StaleList kind="unconfirmed" />
    </>
  );
}
