import { type ReactNode, useState } from "react";

/**
 * The phone feed's summary (issue 23: on a phone the panels sat after an endless feed): one
 * compact tile per panel, with its number, above the feed. A tile shows or hides its full panel
 * just under the tiles. The tiles read the panels' own queries, so nothing is fetched twice.
 * Only a phone shows them (src/client/styles/feed-phone.css); the desktop keeps its columns.
 */
export function SummaryTiles({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form's fieldset
    <div className="feed-summary" role="group" aria-label={label}>
      {children}
    </div>
  );
}

export function SummaryTile({
  label,
  value,
  icon,
  panelId,
  open,
  onToggle,
}: {
  label: string;
  value: string | number;
  icon?: ReactNode;
  panelId: string;
  open: boolean;
  onToggle(): void;
}) {
  return (
    <button
      type="button"
      className="feed-tile"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
    >
      <span className="feed-tile-label">{label}</span>{" "}
      <span className="feed-tile-value">
        {icon}
        {value}
      </span>
    </button>
  );
}

/** A panel a tile opens on a phone; on a wider screen it is always shown, where it was. */
export function PhonePanel({ id, open, children }: { id: string; open: boolean; children: ReactNode }) {
  return (
    <div id={id} className="feed-phone-panel" data-open={open ? "true" : "false"}>
      {children}
    </div>
  );
}

/** Which of an island's panels a phone shows (none at first, on the server and in the browser). */
export function usePhonePanels<K extends string>() {
  const [open, setOpen] = useState<ReadonlySet<K>>(() => new Set());
  return {
    isOpen: (key: K) => open.has(key),
    toggle: (key: K) =>
      setOpen((before) => {
        const next = new Set(before);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
  };
}
