import { FeedSavedColumn, type FeedSavedProps } from "./feed-panels/FeedSavedColumn";
import { PageQueries } from "./users/PageQueries";

export type { FeedSavedProps };

/** Feed column 2: Saved Schools and Past Check-ins. */
export default function FeedSaved(props: FeedSavedProps) {
  return (
    <PageQueries>
      <FeedSavedColumn {...props} />
    </PageQueries>
  );
}
