import { useId, useState } from "react";
import { FEED_RECENT_CHECKINS, type RecentCheckins } from "../../common/schemas/checkins";
import { CheckinList } from "../checkins/CheckinList";
import { useMyCheckins, useRecentCheckins } from "../checkins/queries/checkins";
import { Collapsible } from "./Collapsible";

const failedText = "Check-ins could not be loaded.";

/**
 * Feed column 2: the member's past check-ins ('Verified' / 'Pending'), deletable, collapsible.
 * The page brings the newest few and the count; "Show all" fetches the whole list.
 */
export function PastCheckinsPanel({ initial }: { initial?: RecentCheckins | null }) {
  // The server's page seeds the cache, so hydrating fetches nothing.
  const recent = useRecentCheckins(initial ?? undefined);
  const [expanded, setExpanded] = useState(false);
  // The whole list, only once asked for; it stays cached when the member shows fewer again.
  const all = useMyCheckins(expanded);
  const listId = useId();
  if (!recent.data) {
    return (
      <Collapsible title="Past Check-ins">
        <p className="muted">{recent.isError ? failedText : "Loading check-ins…"}</p>
      </Collapsible>
    );
  }
  const { items, total } = recent.data;
  const full = expanded ? all.data : undefined;
  const showingAll = full !== undefined;
  // A failed fetch that is being tried again counts as loading, not as failed.
  const failed = expanded && !showingAll && all.isError && !all.isFetching;
  const loading = expanded && !showingAll && !failed;
  return (
    <Collapsible title="Past Check-ins">
      <div id={listId}>
        <CheckinList checkins={full ?? items} canDelete={true} emptyText="No check-ins yet." />
      </div>
      {failed && (
        <p className="muted" role="alert">
          {failedText}
        </p>
      )}
      {/* By the count, not the page's length: a delete shortens the page until its refetch. */}
      {(total > FEED_RECENT_CHECKINS || showingAll) && (
        <button
          type="button"
          className="button button-ghost button-block checkins-more"
          aria-expanded={showingAll}
          aria-controls={listId}
          // Not `disabled`: a disabled button drops the focus the member's keyboard is on.
          aria-disabled={loading}
          onClick={() => {
            if (loading) return;
            if (failed) void all.refetch();
            else setExpanded(!showingAll);
          }}
        >
          {showingAll ? "Show fewer" : loading ? "Loading check-ins…" : `Show all ${total} check-ins`}
        </button>
      )}
    </Collapsible>
  );
}
