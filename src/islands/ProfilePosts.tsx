import { type ProfilePostsProps, ProfilePostsView } from "./posts/ProfilePostsView";
import { PageQueries } from "./users/PageQueries";

export type { ProfilePostsProps };

/** The profile's Posts section, paged from /api/posts/user/{userId}. */
export default function ProfilePosts(props: ProfilePostsProps) {
  return (
    <PageQueries>
      <ProfilePostsView {...props} />
    </PageQueries>
  );
}
