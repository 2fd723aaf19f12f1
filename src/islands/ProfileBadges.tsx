import { type ProfileBadgesProps, ProfileBadgesView } from "./badges/ProfileBadgesView";
import { PageQueries } from "./users/PageQueries";

export type { ProfileBadgesProps };

/** The profile's Badges and (owner) Next Closest Badges, loaded from the badges API. */
export default function ProfileBadges(props: ProfileBadgesProps) {
  return (
    <PageQueries>
      <ProfileBadgesView {...props} />
    </PageQueries>
  );
}
