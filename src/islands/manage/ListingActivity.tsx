import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { formatSession } from "../../common/schedule/format";
import type { Session } from "../../common/schedule/types";
import {
  listingKinds,
  type SchoolEditView,
  listingActivityTexts as texts,
} from "../../common/schemas/listing-activity";
import { listingStatsQueryOptions, schoolHistoryQueryOptions } from "./listing-activity-queries";

/** Fixed formats in UTC: the weeks are UTC weeks, and no reader's zone changes a label. */
const weekLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const whenLabel = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** A field's value as words: text as written, sessions as the schedule lists them, else JSON. */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return texts.nobody;
  if (typeof value === "string") return value;
  if (field === "sessions" && Array.isArray(value)) {
    return value.map((s) => formatSession(s as Session)).join("; ") || texts.nobody;
  }
  return JSON.stringify(value);
}

function WeeklyCounts({ schoolId }: { schoolId: number }) {
  const stats = useQuery(listingStatsQueryOptions(schoolId));
  const captionId = `listing-stats-${schoolId}`;
  if (stats.isPending) return <p className="muted">{texts.statsLoading}</p>;
  if (stats.isError) return <p role="alert">{texts.statsFailed}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls on a phone; its region takes focus so a keyboard scrolls it too (axe's scrollable-region-focusable)
    <section className="table-scroll" aria-labelledby={captionId} tabIndex={0}>
      <table className="listing-stats">
        <caption id={captionId}>{texts.statsCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{texts.week}</th>
            {listingKinds.map((kind) => (
              <th scope="col" key={kind}>
                {texts.kinds[kind]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {stats.data.weeks.map((week) => (
            <tr key={week.start}>
              <th scope="row">
                <time dateTime={week.start}>{weekLabel.format(new Date(`${week.start}T00:00:00Z`))}</time>
              </th>
              {listingKinds.map((kind) => (
                <td key={kind}>{week[kind]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Edit({ edit }: { edit: SchoolEditView }) {
  const who = edit.by ? `${texts.sources[edit.source]} (${edit.by.username})` : texts.sources[edit.source];
  return (
    <li className="listing-edit">
      <p>
        <strong>{who}</strong>{" "}
        <time className="muted" dateTime={edit.at}>{`${whenLabel.format(new Date(edit.at))} UTC`}</time>
      </p>
      <table className="admin-diff">
        <caption className="visually-hidden">{`Changes on ${whenLabel.format(new Date(edit.at))} UTC`}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(edit.changes).map(([field, change]) => (
            <tr key={field}>
              <th scope="row">{texts.fields[field] ?? field}</th>
              <td>{valueText(field, change.before)}</td>
              <td>{valueText(field, change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </li>
  );
}

function EditHistory({ schoolId }: { schoolId: number }) {
  const history = useInfiniteQuery(schoolHistoryQueryOptions(schoolId));
  if (history.isPending) return <p className="muted">{texts.historyLoading}</p>;
  if (history.isError) return <p role="alert">{texts.historyFailed}</p>;
  const edits = history.data.pages.flatMap((page) => page.items);
  return (
    <>
      {edits.length === 0 ? (
        <p className="muted">{texts.historyEmpty}</p>
      ) : (
        <ol className="listing-edits">
          {edits.map((edit) => (
            <Edit key={edit.id} edit={edit} />
          ))}
        </ol>
      )}
      {history.hasNextPage && (
        <button
          type="button"
          className="button button-ghost"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? texts.loadingMore : texts.loadMore}
        </button>
      )}
    </>
  );
}

/**
 * The manage page's 'What the listing does' (issue 21): the last 12 weeks of page views,
 * detail opens, direction taps, calendar downloads, saves and verified check-ins, and the
 * listing's edit history (who changed what, before and after). Owners and admins only.
 */
export function ListingActivity({ schoolId }: { schoolId: number }) {
  const headingId = `listing-activity-${schoolId}`;
  return (
    <section aria-labelledby={headingId} className="listing-activity">
      <h2 id={headingId}>{texts.heading}</h2>
      <WeeklyCounts schoolId={schoolId} />
      <h3>{texts.historyHeading}</h3>
      <EditHistory schoolId={schoolId} />
    </section>
  );
}
