import { useInfiniteQuery } from "@tanstack/react-query";
import { scheduleReviewTexts } from "../../common/schemas/schedule-review";
import { STALE_AFTER_DAYS } from "../../common/schemas/stale-listings";
import { staleQueryOptions } from "./queries";
import { useConfirmSchedule } from "./stale-queries";
import type { StaleKind, StaleSchool } from "./types";
import { useFocusOnRemoval } from "./use-focus-on-removal";

/** A fixed format (UTC, no time), so the server's HTML and the hydrated page agree. */
const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

const lists: Record<StaleKind, { title: string; intro: string; loading: string; empty: string }> = {
  flagged: {
    title: "Schedules to check",
    intro:
      "Schools whose schedule has lines the parser could not read, readings it was not sure of, or days with no time listed. Until you confirm a reading, its sessions show “Check with the gym”; a changed text comes back here.",
    loading: "Loading flagged schedules...",
    empty: "No school has a schedule to check.",
  },
  unconfirmed: {
    title: `Not confirmed in ${STALE_AFTER_DAYS} days`,
    intro: `Schools no verified check-in confirmed in the last ${STALE_AFTER_DAYS} days, never confirmed first.`,
    loading: "Loading stale listings...",
    empty: `Every other school was confirmed by a check-in in the last ${STALE_AFTER_DAYS} days.`,
  },
};

/** Confirms the reading the admin sees (its text is sent, so a changed one is refused). */
function ConfirmButton({ school }: { school: StaleSchool }) {
  const confirm = useConfirmSchedule();
  return (
    <button
      type="button"
      className="button"
      disabled={confirm.isPending}
      onClick={() => confirm.mutate(school)}
    >
      {confirm.isPending ? scheduleReviewTexts.confirming : scheduleReviewTexts.confirm}
      <span className="visually-hidden">{` of ${school.gym}`}</span>
    </button>
  );
}

function StaleRow({ school: s, kind }: { school: StaleSchool; kind: StaleKind }) {
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
      {s.checks.length > 0 && (
        <ul className="admin-checks" aria-label={`Readings to check of ${s.gym}`}>
          {s.checks.map((check) => (
            <li key={check.session}>
              <strong>{check.session}</strong>
              {`: ${check.reasons.join("; ")}`}
            </li>
          ))}
        </ul>
      )}
      {kind === "flagged" && (
        <>
          <p className="muted">
            As the gym writes it: <q>{s.dayAndTime}</q>
          </p>
          <ConfirmButton school={s} />
        </>
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
  const heading = useFocusOnRemoval(schools.length);
  return (
    <section className="admin-stale" aria-labelledby={titleId}>
      <h3 id={titleId} ref={heading} tabIndex={-1}>
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
              <StaleRow key={school.id} school={school} kind={kind} />
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

/** Listings to check: schedules to check first (each confirmed here), then the ones no check-in confirmed lately. */
export function StalePanel() {
  return (
    <>
      <h2>Stale listings</h2>
      <StaleList kind="flagged" />
      <StaleList kind="unconfirmed" />
    </>
  );
}
