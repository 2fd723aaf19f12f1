import { useId, useState } from "react";
import { showToast } from "../../client/toast";
import { settingsMessages } from "../../common/schemas/settings";
import { apiRequest, failureText } from "../lib/api";

/**
 * The account page's switch for the unread-message mail (PATCH /api/settings
 * {emailUnreadMessages}). It flips at once and flips back if the server refuses.
 */
export function MessageMailCard({ emailUnreadMessages }: { emailUnreadMessages: boolean }) {
  const [on, setOn] = useState(emailUnreadMessages);
  const [pending, setPending] = useState(false);
  const id = useId();

  async function change(next: boolean) {
    if (pending) return;
    setOn(next);
    setPending(true);
    try {
      await apiRequest("PATCH", "/api/settings", { emailUnreadMessages: next });
      showToast({ title: "Message Emails", description: settingsMessages.messageMailSaved });
    } catch (error) {
      setOn(!next);
      showToast({
        title: "Error",
        description: failureText(error, settingsMessages.failed),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Message Emails</h2>
      <div className="keep-private">
        <input
          id={id}
          type="checkbox"
          checked={on}
          aria-describedby={`${id}-hint`}
          aria-disabled={pending || undefined}
          onChange={(event) => void change(event.currentTarget.checked)}
        />
        <label htmlFor={id}>{settingsMessages.messageMailLabel}</label>
        <p id={`${id}-hint`} className="muted">
          At most one e-mail about the same messages, and every e-mail has a one-click unsubscribe link.
        </p>
      </div>
    </section>
  );
}
