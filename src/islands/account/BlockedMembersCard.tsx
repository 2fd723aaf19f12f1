import { useEffect, useId, useRef, useState } from "react";
import { showToast } from "../../client/toast";
import { blockedMembersTexts as texts } from "../../common/schemas/privacy-texts";
import type { BlockedUser } from "../../common/schemas/users";
import { Modal } from "../home/Modal";
import { apiRequest, failureText } from "../lib/api";
import { CancelButton } from "../lib/DialogButtons";
import { Avatar } from "../users/Avatar";

type Load = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; members: BlockedUser[] };

/**
 * The account page's Blocked Members card (issue 23): a blocked member's profile is a 404 to
 * the blocker, so this is where a block is seen and lifted. The list (GET /api/users/blocked)
 * is read after hydration; each member has Unblock, asked first in a dialog. After an unblock
 * focus goes to the next member's Unblock (else the one before, else the card's heading).
 */
export function BlockedMembersCard() {
  const id = useId();
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [asking, setAsking] = useState<BlockedUser | null>(null);
  const [pending, setPending] = useState(false);
  const focusNext = useRef<string | null>(null);
  const unblocked = useRef<BlockedUser | null>(null);
  const section = useRef<HTMLElement>(null);

  async function fetchList() {
    setLoad({ kind: "loading" });
    try {
      setLoad({ kind: "ready", members: await apiRequest<BlockedUser[]>("GET", "/api/users/blocked") });
    } catch {
      setLoad({ kind: "failed" });
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, after hydration
  useEffect(() => {
    void fetchList();
  }, []);

  // After the dialog has closed and the row has gone.
  // Found in the card, not by id: the heading's id is the server's (hydration keeps it).
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const card = section.current;
    (target === "title"
      ? card?.querySelector<HTMLElement>("h2")
      : card?.querySelector<HTMLElement>(`[data-unblock="${target}"]`)
    )?.focus();
  });

  /** The dialog closed: after an unblock its row goes, and focus moves on (not to the body). */
  function closed() {
    const done = unblocked.current;
    unblocked.current = null;
    setAsking(null);
    if (!done || load.kind !== "ready") return;
    const members = load.members;
    const at = members.findIndex((m) => m.id === done.id);
    const next = members[at + 1] ?? members[at - 1];
    focusNext.current = next ? String(next.id) : "title";
    setLoad({ kind: "ready", members: members.filter((m) => m.id !== done.id) });
    showToast({ title: texts.title, description: texts.unblocked(done.username) });
  }

  /**
   * The dialog is closed first (the browser hands focus back to the row's button) and the row
   * removed after, in `closed`: removing an open modal dialog with its row left focus nowhere.
   */
  async function unblock(member: BlockedUser, dialog: HTMLDialogElement | null) {
    setPending(true);
    try {
      await apiRequest("DELETE", `/api/users/block/${member.id}`);
      unblocked.current = member;
      if (dialog?.open) dialog.close();
      else closed();
    } catch (error) {
      showToast({ title: "Error", description: failureText(error, texts.failed), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <section
      ref={section}
      className="card blocked-members"
      aria-labelledby={`${id}-title`}
      aria-busy={load.kind === "loading"}
    >
      <h2 id={`${id}-title`} tabIndex={-1}>
        {texts.title}
      </h2>
      <p>{texts.intro}</p>
      {load.kind === "loading" && <p className="muted">{texts.loading}</p>}
      {load.kind === "failed" && (
        <div className="notice">
          <p role="alert">{texts.loadFailed}</p>
          <button type="button" className="button" onClick={() => void fetchList()}>
            {texts.retry}
          </button>
        </div>
      )}
      {load.kind === "ready" && load.members.length === 0 && <p className="muted">{texts.none}</p>}
      {load.kind === "ready" && load.members.length > 0 && (
        <ul className="blocked-list">
          {load.members.map((m) => (
            <li key={m.id} className="blocked-row">
              <Avatar username={m.username} photo={m.profilePhoto} size={32} />
              <span className="blocked-name">@{m.username}</span>
              <button
                data-unblock={m.id}
                type="button"
                className="button button-ghost button-small"
                onClick={() => setAsking(m)}
              >
                {texts.unblock}
                <span className="visually-hidden"> @{m.username}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {asking && (
        <UnblockDialog
          member={asking}
          pending={pending}
          onConfirm={(dialog) => void unblock(asking, dialog)}
          onClose={closed}
        />
      )}
    </section>
  );
}

function UnblockDialog({
  member,
  pending,
  onConfirm,
  onClose,
}: {
  member: BlockedUser;
  pending: boolean;
  onConfirm(dialog: HTMLDialogElement | null): void;
  onClose(): void;
}) {
  const titleId = useId();
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="modal-small">
      <h2 id={titleId}>{texts.confirmTitle(member.username)}</h2>
      <p>{texts.confirmText}</p>
      <div className="modal-actions">
        <CancelButton />
        <button
          type="button"
          className="button"
          disabled={pending}
          onClick={(event) => onConfirm(event.currentTarget.closest("dialog"))}
        >
          {pending ? texts.unblocking : texts.unblock}
        </button>
      </div>
    </Modal>
  );
}
