import type { CheckinView } from "../../common/schemas/checkins";
import { CheckinList } from "./CheckinList";
import { useMyCheckins, useUserCheckins } from "./queries/checkins";

export interface ProfileActivityProps {
  userId: number;
  isOwner: boolean;
  /** The server's list, seeding the cache (null or absent: fetched). */
  checkins?: CheckinView[] | null;
}

/** Spec §2 Profile 'Activity': the member's check-ins; the owner can delete theirs. */
export function ProfileActivityView({ userId, isOwner, checkins }: ProfileActivityProps) {
  const initial = checkins ?? undefined;
  const mine = useMyCheckins(isOwner, isOwner ? initial : undefined);
  const theirs = useUserCheckins(userId, !isOwner, isOwner ? undefined : initial);
  const list = isOwner ? mine : theirs;
  return (
    <section className="card profile-section" aria-labelledby="activity-title">
      <h2 id="activity-title">Activity</h2>
      {list.data ? (
        <CheckinList
          checkins={list.data}
          canDelete={isOwner}
          emptyText={isOwner ? "No check-ins yet." : "No check-ins to show."}
        />
      ) : (
        <p className="muted">{list.isError ? "Activity could not be loaded." : "Loading activity…"}</p>
      )}
    </section>
  );
}
