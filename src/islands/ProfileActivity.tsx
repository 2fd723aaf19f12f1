import { type ProfileActivityProps, ProfileActivityView } from "./checkins/ProfileActivityView";
import { PageQueries } from "./users/PageQueries";

export type { ProfileActivityProps };

/** The profile's Activity (check-ins), loaded from the check-ins API. */
export default function ProfileActivity(props: ProfileActivityProps) {
  return (
    <PageQueries>
      <ProfileActivityView {...props} />
    </PageQueries>
  );
}
