import { useCallback, useRef, useState } from "react";
import { formatBadge } from "../../common/badge";
import { bellLabel } from "../../common/schemas/notifications";
import { Icon } from "../../pages/layout/icons";
import { NotificationDropdown } from "./NotificationDropdown";

const DROPDOWN_ID = "notification-dropdown";

/** The header's bell: its unread badge, and the dropdown it opens and closes. */
export function NotificationBell({ count, navigate }: { count: number; navigate(href: string): void }) {
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) bell.current?.focus();
  }, []);
  return (
    <span className="notification-bell">
      <button
        ref={bell}
        type="button"
        className="icon-button"
        aria-label={bellLabel(count)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? DROPDOWN_ID : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <Icon name="bell" />
        {count > 0 && (
          <span className="badge" aria-hidden="true">
            {formatBadge(count)}
          </span>
        )}
      </button>
      {open && <NotificationDropdown id={DROPDOWN_ID} opener={bell} onClose={close} navigate={navigate} />}
    </span>
  );
}
