import { type PointerEvent, type ReactNode, useRef, useState } from "react";
import { homeTexts } from "../../common/home-texts";
import type { ListModel } from "./filters";
import { SchoolListItem } from "./SchoolListItem";
import { afterSwipe } from "./sheet-gesture";

/** Long filtered lists render in steps: twenty thousand rows at once would stall a phone. */
export const PAGE_SIZE = 50;

interface SchoolSheetProps {
  model: ListModel;
  open: boolean;
  onOpenChange(open: boolean): void;
  onOpenSchool(id: number): void;
  /** False until hydrated: the ready mark tells tests the list matches the current state. */
  interactive: boolean;
  /** Another list in the sheet's place (Tonight, issue 22), with its own title and no count. */
  instead?: { title: string; body: ReactNode };
}

/**
 * The school list: a bottom sheet on small screens (toggled by its handle or a vertical
 * swipe over 50 px), a side panel from 768 px on (CSS only).
 */
export function SchoolSheet({
  model,
  open,
  onOpenChange,
  onOpenSchool,
  interactive,
  instead,
}: SchoolSheetProps) {
  const [paging, setPaging] = useState({ rows: model.listRows, shown: PAGE_SIZE });
  const drag = useRef({ swiped: false });
  const { listRows, count, title, ready } = model;

  // A new list starts at its first page.
  const shown = paging.rows === listRows ? paging.shown : PAGE_SIZE;

  // The release is watched on the window: a mouse drag may end outside the handle.
  const onPointerDown = (event: PointerEvent) => {
    const startY = event.clientY;
    drag.current.swiped = false;
    window.addEventListener(
      "pointerup",
      (up) => {
        const result = afterSwipe(open, startY, up.clientY);
        drag.current.swiped = result.swiped;
        if (result.swiped && result.open !== open) onOpenChange(result.open);
      },
      // Capture: the map under the finger may stop the event before it bubbles up.
      { once: true, capture: true },
    );
  };

  return (
    <section className="home-sheet" data-open={open} aria-labelledby="home-sheet-title">
      <div className="sheet-head" onPointerDown={onPointerDown}>
        <button
          type="button"
          className="sheet-handle"
          aria-expanded={open}
          aria-controls="home-sheet-body"
          onClick={() => {
            // The click that ends a swipe has already done its work.
            if (drag.current.swiped) drag.current.swiped = false;
            else onOpenChange(!open);
          }}
        >
          <span className="visually-hidden">{open ? "Hide the school list" : "Show the school list"}</span>
        </button>
        <h2 id="home-sheet-title" className="sheet-title">
          {instead?.title ?? title}
        </h2>
        <p className="sheet-count" aria-live="polite">
          {count !== null && !instead && homeTexts.schoolsFound(count)}
        </p>
      </div>
      <div
        id="home-sheet-body"
        className="sheet-body"
        aria-busy={!ready}
        data-list-ready={interactive && ready ? "true" : undefined}
      >
        {instead ? (
          instead.body
        ) : listRows.length > 0 ? (
          <ul className="school-list">
            {listRows.slice(0, shown).map((row) => (
              <SchoolListItem key={row.id} row={row} from={model.distanceFrom} onOpen={onOpenSchool} />
            ))}
          </ul>
        ) : ready ? (
          <div className="sheet-empty">
            <p>{homeTexts.emptyTitle}</p>
            <p>{homeTexts.emptyHint}</p>
          </div>
        ) : (
          <p className="sheet-empty">Loading schools…</p>
        )}
        {!instead && listRows.length > shown && (
          <button
            type="button"
            className="button button-ghost sheet-more"
            onClick={() => setPaging({ rows: listRows, shown: shown + PAGE_SIZE })}
          >
            {`Show more (${listRows.length - shown} left)`}
          </button>
        )}
      </div>
    </section>
  );
}
