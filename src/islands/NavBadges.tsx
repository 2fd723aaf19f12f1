import { formatBadge } from "../common/badge";
import { Icon } from "../pages/layout/icons";

export interface NavBadgesProps {
  notifications: number;
  messages: number;
}

/** Unread notification and message counts beside the header buttons, as the server counted them. */
// No polling yet: the notifications issue adds it (spec: every 30 s) with the unread-count endpoints.
export default function NavBadges({ notifications, messages }: NavBadgesProps) {
  return (
    <span className="nav-badges">
      <a
        href="/feed#notifications"
        className="icon-button"
        aria-label={`Notifications, ${notifications} unread`}
      >
        <Icon name="bell" />
        {notifications > 0 && <span className="badge">{formatBadge(notifications)}</span>}
      </a>
      <a href="/messages" className="icon-button" aria-label={`Messages, ${messages} unread`}>
        <Icon name="chat" />
        {messages > 0 && <span className="badge">{formatBadge(messages)}</span>}
      </a>
    </span>
  );
}
