import type { ConversationProps } from "../islands/Conversation";
import type { MessagesProps } from "../islands/Messages";
import { Island } from "../server/render/island";
import type { RenderInput } from "../server/render/render-page";

/** /messages (spec §2 Messages list): rendered on the server with the list, then hydrated. */
export function messagesPage(props: MessagesProps): RenderInput {
  return {
    meta: {
      title: "Messages | OpenMat",
      description: "Your conversations on OpenMat.",
      noindex: true,
      canonicalPath: "/messages",
    },
    body: (
      <section className="page narrow">
        <Island name="Messages" props={props} />
      </section>
    ),
  };
}

/** /messages/{conversationId} (spec §2 Conversation). */
export function conversationPage(props: ConversationProps): RenderInput {
  return {
    meta: {
      title: `@${props.conversation.otherUser.username} | Messages | OpenMat`,
      description: "A conversation on OpenMat.",
      noindex: true,
      canonicalPath: null,
    },
    body: (
      <section className="page narrow conversation-page">
        <Island name="Conversation" props={props} />
      </section>
    ),
  };
}

/**
 * 'Invalid Conversation' (a malformed id, 400) or 'Conversation Not Found' (missing, another
 * pair's or hidden by a block, 404 alike), spec §2 Conversation and §5.
 */
export function conversationErrorPage(title: string, status: 400 | 404): RenderInput {
  return {
    status,
    meta: { title: `${title} | OpenMat`, description: title, noindex: true, canonicalPath: null },
    body: (
      <section className="page narrow">
        <div className="card">
          <h1>{title}</h1>
          <p>
            {status === 400
              ? "This link does not name a conversation."
              : "This conversation does not exist, or it is not available to you."}
          </p>
          <a className="button" href="/messages">
            Back to Messages
          </a>
        </div>
      </section>
    ),
  };
}
