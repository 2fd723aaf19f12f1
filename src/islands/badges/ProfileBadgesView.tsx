import { badgePrivacyTexts } from "../../common/schemas/privacy-texts";
import { EarnedBadges, NextClosestBadges } from "./BadgeList";
import {
  type BadgeAward,
  type BadgeProgress,
  nextClosest,
  useBadgeDefinitions,
  useBadgeProgress,
  useUserBadges,
} from "./queries/badges";

export interface ProfileBadgesProps {
  userId: number;
  isOwner: boolean;
  /** The server's answers, seeding the cache (null or absent: fetched). */
  awards?: BadgeAward[] | null;
  progress?: BadgeProgress | null;
  /**
   * Whether others may see the badges (profile.badgeCount.read). When they may not, another
   * member reads that the badges are private (never 'No badges yet'), and the owner reads so too.
   */
  shared?: boolean;
}

/** Spec §2 Profile: the member's badges, and 'Next Closest Badges' for the owner only. */
export function ProfileBadgesView({
  userId,
  isOwner,
  awards: initialAwards,
  progress: initialProgress,
  shared = true,
}: ProfileBadgesProps) {
  if (!isOwner && !shared) {
    return (
      <section className="card profile-section" aria-labelledby="badges-title">
        <h2 id="badges-title">Badges</h2>
        <p className="muted">{badgePrivacyTexts.hidden}</p>
      </section>
    );
  }
  return (
    <BadgesShown
      userId={userId}
      isOwner={isOwner}
      awards={initialAwards}
      progress={initialProgress}
      shared={shared}
    />
  );
}

function BadgesShown({
  userId,
  isOwner,
  awards: initialAwards,
  progress: initialProgress,
  shared,
}: ProfileBadgesProps) {
  const awards = useUserBadges(userId, isOwner, initialAwards ?? undefined);
  // Awards carry their names; the definitions are only needed for an answer without them.
  const definitions = useBadgeDefinitions(!!awards.data?.some((a) => !a.name));
  const progress = useBadgeProgress(isOwner, initialProgress ?? undefined);
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
        {isOwner && (
          <p className="muted">{shared ? badgePrivacyTexts.ownerShared : badgePrivacyTexts.ownerPrivate}</p>
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
