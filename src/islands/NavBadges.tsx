import { useEffect, useState } from "react";
import { formatBadge } from "../common/badge";
import { Icon } from "../pages/layout/icons";

export interface NavBadgesProps {
  notifications: number;
  messages: number;
  /** Poll interval; the spec polls unread counts every 30 s. */
  pollMs?: number;
}

async function fetchCount(path: string, field: string): Promise<number | null> {
  try {
    const res = await fetch(path, { credentials: "include" });
    if (!res.ok) return null;
    const body = (await res.json()) as Record<string, unknown>;
    return typeof body[field] === "number" ? body[field] : null;
  } catch {
    return null;
  }
}

/** Unread notification and message counts beside the header buttons, refreshed by polling. */
export default function NavBadges({ notifications, messages, pollMs = 30_000 }: NavBadgesProps) {
  const [counts, setCounts] = useState({ notifications, messages });
  useEffect(() => {
    const timer = setInterval(async () => {
      const [n, m] = await Promise.all([
        fetchCount("/api/notifications/unread-count", "count"),
        fetchCount("/api/messages/unread-count", "unreadCount"),
      ]);
      setCounts((c) => ({ notifications: n ?? c.notifications, messages: m ?? c.messages }));
    }, pollMs);
    return () => clearInterval(timer);
  }, [pollMs]);
  return (
    <span className="nav-badges">
      <a
        href="/feed#notifications"
        className="icon-button"
        aria-label={`Notifications, ${counts.notifications} unread`}
      >
        <Icon name="bell" />
        {counts.notifications > 0 && <span className="badge">{formatBadge(counts.notifications)}</span>}
      </a>
      <a href="/messages" className="icon-button" aria-label={`Messages, ${counts.messages} unread`}>
        <Icon name="chat" />
        {counts.messages > 0 && <span className="badge">{formatBadge(counts.messages)}</span>}
      </a>
    </span>
  );
}
