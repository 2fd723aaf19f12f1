import { PageQueries } from "./users/PageQueries";
import { type UserSearchProps, UserSearchView } from "./users/UserSearchView";

export type { UserSearchProps };

/** The /users island: find members by username. */
export default function UserSearch(props: UserSearchProps) {
  return (
    <PageQueries>
      <UserSearchView {...props} />
    </PageQueries>
  );
}
