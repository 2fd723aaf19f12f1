import type { MouseEvent } from "react";
import { useState } from "react";
import { showToast } from "../../client/toast";
import { messageTexts } from "../../common/schemas/messages";
import { failureText } from "../lib/api";
import { conversationHref, messageHref } from "../users/links";
import { openConversationWith } from "./queries/conversations";

/**
 * 'Message' on a profile or a search result: opens (or creates) the conversation and goes
 * there. It is a link to /messages?to={id}, so it works before the page is hydrated too.
 */
export function StartConversationLink({
  userId,
  username,
  className = "button",
}: {
  userId: number;
  username: string;
  className?: string;
}) {
  const [pending, setPending] = useState(false);
  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      const id = await openConversationWith(userId);
      if (id !== null) return location.assign(conversationHref(id));
      showToast({ title: "Error", description: messageTexts.createFailedNoId, variant: "destructive" });
    } catch (error) {
      showToast({
        title: "Error",
        description: failureText(error, messageTexts.startFailed),
        variant: "destructive",
      });
    }
    setPending(false);
  }
  return (
    <a
      className={className}
      href={messageHref(userId)}
      onClick={onClick}
      aria-disabled={pending || undefined}
    >
      Message<span className="visually-hidden"> @{username}</span>
    </a>
  );
}
