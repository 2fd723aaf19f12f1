import { type NewsfeedProps, NewsfeedView } from "./posts/NewsfeedView";
import { PageQueries } from "./users/PageQueries";

export type { NewsfeedProps };

/** The feed's create-post prompt and Newsfeed, on the page's shared QueryClient. */
export default function Newsfeed(props: NewsfeedProps) {
  return (
    <PageQueries>
      <NewsfeedView {...props} />
    </PageQueries>
  );
}
