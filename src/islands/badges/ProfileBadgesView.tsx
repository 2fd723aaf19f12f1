import { EarnedBadges, NextClosestBadges } from "./BadgeList";
import { nextClosest, useBadgeDefinitions, useBadgeProgress, useUserBadges } from "./queries/badges";

export interface ProfileBadgesProps {
  userId: number;
  isOwner: boolean;
}

/** Spec §2 Profile: the member's badges, and 'Next Closest Badges' for the owner only. */
export function ProfileBadgesView({ userId, isOwner }: ProfileBadgesProps) {
  const awards = useUserBadges(userId, isOwner);
  const definitions = useBadgeDefinitions();
  const progress = useBadgeProgress(isOwner);
  return (
    <>
      <section className="card profile-section" aria-labelledby="badges-title">
        <h2 id="badges-title">Badges</h2>
        {awards.data ? (
          <EarnedBadges
            awards={awards.data}
            definitions={definitions.data}
            emptyText={
              isOwner ? "No badges yet. Check in at an open mat to earn your first." : "No badges yet."
            }
          />
        ) : (
          <p className="muted">{awards.isError ? "Badges could not be loaded." : "Loading badges…"}</p>
        )}
      </section>
      {isOwner && (
        <section className="card profile-section" aria-labelledby="next-badges-title">
          <h2 id="next-badges-title">Next Closest Badges</h2>
          {progress.data ? (
            <NextClosestBadges badges={nextClosest(progress.data)} />
          ) : (
            <p className="muted">
              {progress.isError ? "Progress could not be loaded." : "Loading progress…"}
            </p>
          )}
        </section>
      )}
    </>
  );
}
