import { type ConversationProps, ConversationView } from "./messages/ConversationView";
import { PageQueries } from "./users/PageQueries";

export type { ConversationProps };

/** The /messages/{conversationId} island: one conversation, live. */
export default function Conversation(props: ConversationProps) {
  return (
    <PageQueries>
      <ConversationView {...props} />
    </PageQueries>
  );
}
