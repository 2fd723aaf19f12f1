import { type RefObject, useEffect, useRef } from "react";
import { type NotificationView, notificationTexts } from "../../common/schemas/notifications";
import { useMarkAllRead, useMarkRead, useNotifications } from "./queries";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export interface NotificationDropdownProps {
  id: string;
  /** The bell: a click on it toggles, so it does not count as a click outside. */
  opener: RefObject<HTMLElement | null>;
  /** Closes; `refocus` hands focus back to the bell (Escape, Close, an item without a link). */
  onClose(refocus: boolean): void;
  navigate(href: string): void;
}

/**
 * Spec §2 "Notification dropdown": title, body, date and an unread dot per item, a Close
 * button, 'No notifications yet.', a list at most 24rem tall, and Mark all read. A
 * non-modal dialog under the bell: focus moves in when it opens; Escape, Close or a click
 * outside close it.
 */
export function NotificationDropdown({ id, opener, onClose, navigate }: NotificationDropdownProps) {
  const panel = useRef<HTMLDivElement>(null);
  const list = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const titleId = `${id}-title`;

  useEffect(() => {
    panel.current?.focus();
    const outside = (event: Event) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !opener.current?.contains(target)) onClose(false);
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
    };
  }, [onClose, opener]);

  // Spec §4: an unread item becomes read when clicked, then the dropdown closes and the
  // page goes to its link. The read is awaited so leaving the page cannot cancel it.
  async function open(item: NotificationView) {
    if (!item.isRead) await markRead.mutateAsync(item.id).catch(() => undefined);
    onClose(!item.link);
    if (item.link) navigate(item.link);
  }

  const items = list.data ?? [];
  const anyUnread = items.some((n) => !n.isRead);
  return (
    <div
      ref={panel}
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      className="notification-dropdown"
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.stopPropagation();
        onClose(true);
      }}
    >
      <div className="notification-dropdown-head">
        <h2 id={titleId}>{notificationTexts.title}</h2>
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={!anyUnread || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {notificationTexts.markAllRead}
        </button>
        <button type="button" className="button button-ghost button-small" onClick={() => onClose(true)}>
          {notificationTexts.close}
        </button>
      </div>
      {list.isPending ? (
        <p className="notification-empty">Loading...</p>
      ) : list.isError ? (
        <p className="notification-empty" role="alert">
          {notificationTexts.loadFailed}
        </p>
      ) : items.length === 0 ? (
        <p className="notification-empty">{notificationTexts.empty}</p>
      ) : (
        <ul className="notification-list">
          {items.map((n) => (
            <li key={n.id}>
              <NotificationItem item={n} onOpen={open} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NotificationItem({
  item,
  onOpen,
}: {
  item: NotificationView;
  onOpen(item: NotificationView): void;
}) {
  const content = (
    <>
      <span className={item.isRead ? "notification-dot read" : "notification-dot"} aria-hidden="true" />
      <span className="notification-text">
        {!item.isRead && <span className="visually-hidden">{`${notificationTexts.unread}: `}</span>}
        <strong>{item.title}</strong>
        <span>{item.body}</span>
        <time dateTime={item.updatedAt}>{dateFormat.format(new Date(item.updatedAt))}</time>
      </span>
    </>
  );
  const className = item.isRead ? "notification-item" : "notification-item unread";
  if (!item.link) {
    return (
      <button type="button" className={className} onClick={() => onOpen(item)}>
        {content}
      </button>
    );
  }
  return (
    <a
      href={item.link}
      className={className}
      onClick={(event) => {
        // Let the browser handle a new tab or window itself.
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onOpen(item);
      }}
    >
      {content}
    </a>
  );
}
