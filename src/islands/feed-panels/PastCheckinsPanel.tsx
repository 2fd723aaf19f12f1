import type { CheckinView } from "../../common/schemas/checkins";
import { CheckinList } from "../checkins/CheckinList";
import { useMyCheckins } from "../checkins/queries/checkins";
import { Collapsible } from "./Collapsible";

/** Feed column 2: the member's past check-ins ('Verified' / 'Pending'), deletable, collapsible. */
export function PastCheckinsPanel({ initial }: { initial?: CheckinView[] | null }) {
  // The server's list seeds the cache, so hydrating fetches nothing.
  const mine = useMyCheckins(true, initial ?? undefined);
  return (
    <Collapsible title="Past Check-ins">
      {mine.data ? (
        <CheckinList checkins={mine.data} canDelete={true} emptyText="No check-ins yet." />
      ) : (
        <p className="muted">{mine.isError ? "Check-ins could not be loaded." : "Loading check-ins…"}</p>
      )}
    </Collapsible>
  );
}
