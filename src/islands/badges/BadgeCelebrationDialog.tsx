import { useEffect, useId, useRef, useState } from "react";
import { Modal } from "../home/Modal";
import { dismissCelebration, useCelebration } from "./celebration-store";
import { BadgeIcon } from "./icons/BadgeIcon";
import { useUncelebratedBadges } from "./queries/celebrations";

export const celebrationTexts = {
  title: "Congratulations! You've earned a badge!",
  continue: "Continue Exploring!",
} as const;

/** Mounted hosts, newest last: only the newest shows the dialog, so a page never shows two. */
const hosts: string[] = [];
const hostListeners = new Set<() => void>();

function useIsActiveHost(id: string): boolean {
  const [active, setActive] = useState(false);
  useEffect(() => {
    hosts.push(id);
    const update = () => setActive(hosts.at(-1) === id);
    hostListeners.add(update);
    for (const listener of hostListeners) listener();
    return () => {
      hosts.splice(hosts.indexOf(id), 1);
      hostListeners.delete(update);
      for (const listener of hostListeners) listener();
    };
  }, [id]);
  return active;
}

/**
 * Spec §2 'Badge celebration': a native modal <dialog> naming the badge, closed by 'Continue
 * Exploring!', the close button or Escape. Any island may host it; one shows at a time. A
 * signed-in member's uncelebrated badges open it on page load.
 */
export function BadgeCelebrationHost({ signedIn }: { signedIn: boolean }) {
  const id = useId();
  useUncelebratedBadges(signedIn);
  const active = useIsActiveHost(id);
  const badge = useCelebration();
  const open = active && !!badge;
  const continueRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // After the dialog's own effect has opened it (showModal focuses its first control, Close).
    if (open) queueMicrotask(() => continueRef.current?.focus());
  }, [open]);
  if (!open || !badge) return null;
  const titleId = `${id}-celebration-title`;
  return (
    <Modal labelledBy={titleId} onClose={dismissCelebration} className="modal-small badge-celebration">
      <p className="badge-celebration-icon">
        <BadgeIcon code={badge.code} size={64} />
      </p>
      <h2 id={titleId}>{celebrationTexts.title}</h2>
      <p className="badge-celebration-name">
        <strong>{badge.name}</strong>
      </p>
      <p>{badge.description}</p>
      <div className="modal-actions">
        <button
          type="button"
          className="button"
          ref={continueRef}
          onClick={(event) => event.currentTarget.closest("dialog")?.close()}
        >
          {celebrationTexts.continue}
        </button>
      </div>
    </Modal>
  );
}
