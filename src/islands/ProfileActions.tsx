import { FollowControls, type ProfileActionsProps } from "./profile/FollowControls";
import { PageQueries } from "./users/PageQueries";

export type { ProfileActionsProps };

/** Follow, Message and Block on another member's profile. */
export default function ProfileActions(props: ProfileActionsProps) {
  return (
    <PageQueries>
      <FollowControls {...props} />
    </PageQueries>
  );
}
