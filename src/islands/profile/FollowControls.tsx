import { useEffect, useId, useRef, useState } from "react";
import { flashToast, showToast } from "../../client/toast";
import { Modal } from "../home/Modal";
import { failureText } from "../lib/api";
import { CancelButton } from "../lib/DialogButtons";
import { StartConversationLink } from "../messages/StartConversationLink";
import { ReportDialog } from "../reports/ReportDialog";
import { useBlockUser } from "../users/queries/block";
import { useFollowStatus, useFollowToggle } from "../users/queries/follow";

export interface ProfileActionsProps {
  userId: number;
  username: string;
  isFollowing: boolean;
}

export const blockFailed = "Failed to block user. Please try again.";

/**
 * What a signed-in non-owner can do on a profile (spec §2): Follow or Unfollow with a
 * 'Following' indicator, Message, and Block and Report in a small menu.
 */
export function FollowControls({ userId, username, isFollowing: initial }: ProfileActionsProps) {
  const { data: following } = useFollowStatus(userId, initial);
  const toggle = useFollowToggle(userId);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [reporting, setReporting] = useState(false);

  return (
    <div className="profile-actions">
      {following && (
        <span className="tag tag-following" data-testid="following">
          Following
        </span>
      )}
      <button
        type="button"
        className={following ? "button button-ghost" : "button"}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate(!following)}
      >
        {following ? "Unfollow" : "Follow"}
        <span className="visually-hidden"> @{username}</span>
      </button>
      <StartConversationLink userId={userId} username={username} className="button button-ghost" />
      <MoreMenu
        username={username}
        onBlock={() => setConfirmBlock(true)}
        onReport={() => setReporting(true)}
      />
      {reporting && (
        <ReportDialog
          kind="profile"
          id={userId}
          title={`Report @${username}`}
          onClose={() => setReporting(false)}
        />
      )}
      {confirmBlock && (
        <BlockDialog userId={userId} username={username} onClose={() => setConfirmBlock(false)} />
      )}
    </div>
  );
}

/** A small disclosure menu: one button that shows the rarer actions. Escape or a click outside closes it. */
function MoreMenu({ username, onBlock, onReport }: { username: string; onBlock(): void; onReport(): void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("click", outside);
    return () => document.removeEventListener("click", outside);
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from anywhere in the menu closes it
    <div
      className="more-menu"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpen(false);
          toggleRef.current?.focus();
        }
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="icon-button more-menu-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {/* Three drawn dots: the '⋯' character was thin and faint in many fonts (issue 23). */}
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <circle cx="4" cy="10" r="2" fill="currentColor" />
          <circle cx="10" cy="10" r="2" fill="currentColor" />
          <circle cx="16" cy="10" r="2" fill="currentColor" />
        </svg>
        <span className="visually-hidden">More actions for @{username}</span>
      </button>
      <div id={menuId} className="more-menu-list" hidden={!open}>
        <button
          type="button"
          className="more-menu-item"
          onClick={() => {
            setOpen(false);
            onBlock();
          }}
        >
          Block @{username}
        </button>
        <button
          type="button"
          className="more-menu-item"
          onClick={() => {
            setOpen(false);
            // The dialog hands focus back to what had it when it opened: the menu's button, not a hidden item.
            toggleRef.current?.focus();
            onReport();
          }}
        >
          Report @{username}
        </button>
      </div>
    </div>
  );
}

function BlockDialog({ userId, username, onClose }: { userId: number; username: string; onClose(): void }) {
  const block = useBlockUser(userId);
  const titleId = useId();
  const confirm = () =>
    block.mutate(undefined, {
      onSuccess: () => {
        // Blocked members no longer see each other's profiles: go back to search.
        flashToast({ title: "Blocked", description: `You blocked @${username}.` });
        location.assign("/users");
      },
      onError: (error) =>
        showToast({ title: "Error", description: failureText(error, blockFailed), variant: "destructive" }),
    });
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="modal-small">
      <h2 id={titleId}>Block @{username}?</h2>
      <p>You will stop following each other, and neither of you will see the other's profile or messages.</p>
      <div className="modal-actions">
        <CancelButton />
        <button type="button" className="button button-danger" disabled={block.isPending} onClick={confirm}>
          {block.isPending ? "Blocking..." : "Block"}
        </button>
      </div>
    </Modal>
  );
}
