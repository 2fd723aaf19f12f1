import { FeedProgressColumn, type FeedProgressProps } from "./feed-panels/FeedProgressColumn";
import { PageQueries } from "./users/PageQueries";

export type { FeedProgressProps };

/** Feed column 1: location status, badge progress and 'keep private'. */
export default function FeedProgress(props: FeedProgressProps) {
  return (
    <PageQueries>
      <FeedProgressColumn {...props} />
    </PageQueries>
  );
}
