import { useId, useState } from "react";
import { formatBadge } from "../../common/badge";
import { formatRelativeTime } from "../../common/relative-time";
import { type ConversationView, messageTexts } from "../../common/schemas/messages";
import { ApiError } from "../lib/api";
import { Avatar } from "../users/Avatar";
import { conversationHref } from "../users/links";
import { GoToLogin } from "./GoToLogin";
import { useConversations } from "./queries/conversations";
import { useUnreadMessages } from "./queries/unread";
import { useClock } from "./use-clock";
import { useLiveConversationList } from "./use-live";

export interface MessagesProps {
  viewerId: number;
  /** The server's list (null: it could not load it, and the island tries again). */
  conversations: ConversationView[] | null;
  unreadTotal: number;
  /** The server's clock when it rendered (ISO), so the first render's relative times match. */
  now: string;
}

/** Spec §2 Messages list: title and unread total, search by username, New Message, the rows. */
export function MessagesView({ conversations: initial, unreadTotal, now: serverNow }: MessagesProps) {
  const list = useConversations(initial);
  const unread = useUnreadMessages(unreadTotal);
  useLiveConversationList();
  const clock = useClock(serverNow);
  const searchId = useId();
  const [filter, setFilter] = useState("");
  const rows = list.data ?? [];
  const total = unread.data.unreadCount;
  const needle = filter.trim().toLowerCase();
  const shown = needle ? rows.filter((c) => c.otherUser.username.toLowerCase().includes(needle)) : rows;

  if (list.error instanceof ApiError && list.error.status === 401) return <GoToLogin next="/messages" />;
  return (
    <div className="messages">
      <div className="messages-head">
        <h1>
          Messages
          {total > 0 && (
            <span className="count-pill" data-testid="unread-total">
              {formatBadge(total)}
              <span className="visually-hidden"> unread</span>
            </span>
          )}
        </h1>
        <a className="button" href="/users">
          {messageTexts.newMessage}
        </a>
      </div>
      <search className="messages-search">
        <label htmlFor={searchId} className="visually-hidden">
          Search conversations
        </label>
        <input
          id={searchId}
          type="search"
          placeholder={messageTexts.searchPlaceholder}
          autoComplete="off"
          spellCheck={false}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      </search>
      {list.isError && !list.data ? (
        <p className="form-error" role="alert">
          {messageTexts.loadFailed}
        </p>
      ) : !list.data ? (
        <p className="muted">Loading...</p>
      ) : rows.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state-title">{messageTexts.noConversations}</p>
          <p className="muted">Find a member and press Message to start one.</p>
        </div>
      ) : shown.length === 0 ? (
        <p className="muted">No conversations with a username like that.</p>
      ) : (
        <ul className="conversation-list" aria-label="Conversations">
          {shown.map((c) => (
            <ConversationRow key={c.id} conversation={c} now={clock.now} timeZone={clock.timeZone} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ConversationRow({
  conversation: c,
  now,
  timeZone,
}: {
  conversation: ConversationView;
  now: Date;
  timeZone: string | undefined;
}) {
  const at = c.lastMessage ? new Date(c.lastMessage.createdAt) : null;
  return (
    <li>
      <a
        className={c.unreadCount > 0 ? "conversation-row conversation-unread" : "conversation-row"}
        href={conversationHref(c.id)}
      >
        <Avatar username={c.otherUser.username} photo={c.otherUser.profilePhoto} size={40} />
        <span className="conversation-row-main">
          <span className="conversation-row-top">
            <span className="conversation-row-name">{`@${c.otherUser.username}`}</span>
            {at && (
              <time className="muted" dateTime={c.lastMessage?.createdAt}>
                {formatRelativeTime(at, now, timeZone)}
              </time>
            )}
          </span>
          <span className="conversation-row-last">{c.lastMessage?.body ?? ""}</span>
        </span>
        {c.unreadCount > 0 && (
          <span className="count-pill">
            {formatBadge(c.unreadCount)}
            <span className="visually-hidden"> unread</span>
          </span>
        )}
      </a>
    </li>
  );
}
