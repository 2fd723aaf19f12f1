import { formatBadge } from "../common/badge";
import { messagesLabel } from "../common/schemas/notifications";
import { Icon } from "../pages/layout/icons";
import { NotificationBell } from "./notifications/NotificationBell";
import { useUnreadCounts } from "./notifications/queries";
import { useLiveCounts } from "./notifications/use-live-counts";
import { PageQueries } from "./users/PageQueries";

export interface NavBadgesProps {
  notifications: number;
  messages: number;
}

const goTo = (href: string) => location.assign(href);

/** The header's bell (with its dropdown) and messages button, with their unread badges. */
export function NavBadgesView({
  notifications,
  messages,
  navigate = goTo,
}: NavBadgesProps & { navigate?(href: string): void }) {
  const counts = useUnreadCounts({ notifications, messages });
  useLiveCounts();
  return (
    <span className="nav-badges">
      <NotificationBell count={counts.notifications} navigate={navigate} />
      <a href="/messages" className="icon-button" aria-label={messagesLabel(counts.messages)}>
        <Icon name="chat" />
        {counts.messages > 0 && (
          <span className="badge" aria-hidden="true">
            {formatBadge(counts.messages)}
          </span>
        )}
      </a>
    </span>
  );
}

/** Counts start as the server rendered them, then follow the live stream (or poll without it). */
export default function NavBadges(props: NavBadgesProps) {
  return (
    <PageQueries>
      <NavBadgesView {...props} />
    </PageQueries>
  );
}
