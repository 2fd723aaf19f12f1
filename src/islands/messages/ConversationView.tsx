import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { formatMessageTime } from "../../common/relative-time";
import {
  type ConversationView as Conversation,
  MESSAGE_PAGE_SIZE,
  type MessageView,
} from "../../common/schemas/messages";
import { Avatar } from "../users/Avatar";
import { profileHref } from "../users/links";
import { Composer } from "./Composer";
import { MessageActions } from "./MessageActions";
import { addMessages, fetchMessages, useMarkRead, useMessages } from "./queries/messages";
import { useClock } from "./use-clock";
import { useLiveConversation } from "./use-live";

export interface ConversationProps {
  viewerId: number;
  conversation: Conversation;
  /** The newest page, oldest first. */
  messages: MessageView[];
  /** The server's clock when it rendered (ISO). */
  now: string;
}

/**
 * Spec §2 Conversation: the other member with a button to their profile, the messages (own
 * on the right, theirs on the left, each of theirs with a '⋯' menu holding 'Report'), and the message box.
 * Opening a conversation that has messages marks it read, as does a message arriving while
 * it is open.
 */
export function ConversationView({
  viewerId,
  conversation,
  messages: initial,
  now: serverNow,
}: ConversationProps) {
  const { id, otherUser } = conversation;
  const messages = useMessages(id, initial).data;
  const markRead = useMarkRead(id);
  const clock = useClock(serverNow);
  const newestFromOther = messages.findLast((m) => m.senderId !== viewerId)?.id ?? 0;
  const readUpTo = useRef(0);

  useEffect(() => {
    if (newestFromOther <= readUpTo.current || document.visibilityState === "hidden") return;
    readUpTo.current = newestFromOther;
    markRead.mutate();
  }, [newestFromOther, markRead.mutate]);
  useLiveConversation(id);
  useStickToBottom(messages.at(-1)?.id);

  return (
    <div className="conversation">
      <header className="conversation-head">
        <Avatar username={otherUser.username} photo={otherUser.profilePhoto} size={40} />
        <h1>{`@${otherUser.username}`}</h1>
        <a className="button button-ghost" href={profileHref(otherUser.id)}>
          View Profile<span className="visually-hidden"> of @{otherUser.username}</span>
        </a>
      </header>
      <OlderMessages conversationId={id} oldest={messages[0]?.id} shown={messages.length} />
      <div className="message-log" role="log" aria-label={`Messages with @${otherUser.username}`}>
        {messages.length === 0 ? (
          <p className="muted message-empty">No messages yet. Say hello!</p>
        ) : (
          <ol className="message-list">
            {messages.map((m) => {
              const own = m.senderId === viewerId;
              return (
                <li key={m.id} className={own ? "message message-own" : "message message-other"}>
                  <span className="visually-hidden">{own ? "You" : `@${otherUser.username}`}: </span>
                  <p className="message-body" id={`message-${m.id}-body`}>
                    {m.body}
                  </p>
                  <time className="message-time" dateTime={m.createdAt}>
                    {formatMessageTime(new Date(m.createdAt), clock.now, clock.timeZone)}
                  </time>
                  {!own && (
                    <MessageActions
                      messageId={m.id}
                      username={otherUser.username}
                      bodyId={`message-${m.id}-body`}
                    />
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <Composer conversationId={id} />
    </div>
  );
}

/** 'Load older messages' while the first page was full; each press adds the page before the oldest shown. */
function OlderMessages({
  conversationId,
  oldest,
  shown,
}: {
  conversationId: number;
  oldest?: number;
  shown: number;
}) {
  const client = useQueryClient();
  const [state, setState] = useState<"idle" | "loading" | "done" | "failed">(
    shown >= MESSAGE_PAGE_SIZE ? "idle" : "done",
  );
  if (state === "done" || oldest === undefined) return null;
  async function load() {
    setState("loading");
    try {
      const older = await fetchMessages(conversationId, oldest);
      addMessages(client, conversationId, older);
      setState(older.length < MESSAGE_PAGE_SIZE ? "done" : "idle");
    } catch {
      setState("failed");
    }
  }
  return (
    <p className="message-older">
      <button type="button" className="button button-ghost" disabled={state === "loading"} onClick={load}>
        {state === "loading" ? "Loading..." : "Load older messages"}
      </button>
      {state === "failed" && <span role="alert"> Could not load older messages.</span>}
    </p>
  );
}

/** Keeps the newest message in view when one is added, unless the reader scrolled up to read. */
function useStickToBottom(newestId: number | undefined) {
  const near = useRef(true);
  useEffect(() => {
    const onScroll = () => {
      near.current = window.innerHeight + window.scrollY >= document.body.scrollHeight - 200;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  useLayoutEffect(() => {
    if (newestId !== undefined && near.current) window.scrollTo?.({ top: document.body.scrollHeight });
  }, [newestId]);
}
