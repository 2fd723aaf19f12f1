import { SeeFriendsButton } from "./profile/FriendsDialog";
import { PageQueries } from "./users/PageQueries";

/** The See Friends button and dialog (on the owner's profile; the feed will use it too). */
/** No props: the list is the viewer's own, fetched when the dialog opens. */
export type SeeFriendsProps = Record<string, never>;

export default function SeeFriends(_props: SeeFriendsProps) {
  return (
    <PageQueries>
      <SeeFriendsButton />
    </PageQueries>
  );
}
