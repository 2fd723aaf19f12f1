import { type MessagesProps, MessagesView } from "./messages/MessagesView";
import { PageQueries } from "./users/PageQueries";

export type { MessagesProps };

/** The /messages island: the member's conversations. */
export default function Messages(props: MessagesProps) {
  return (
    <PageQueries>
      <MessagesView {...props} />
    </PageQueries>
  );
}
