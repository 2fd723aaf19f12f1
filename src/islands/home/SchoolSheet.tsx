import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef, useState } from "react";
import { homeTexts } from "../../common/home-texts";
import type { ListModel } from "./filters";
import { SchoolListItem } from "./SchoolListItem";
import { afterSwipe, afterTap, handleLabel, type SheetHeight, stepHeight } from "./sheet-gesture";

/** Long filtered lists render in steps: twenty thousand rows at once would stall a phone. */
export const PAGE_SIZE = 50;

interface SchoolSheetProps {
  model: ListModel;
  /** On a phone: how high the sheet stands (issue 23). */
  height: SheetHeight;
  onHeightChange(height: SheetHeight): void;
  onOpenSchool(id: number): void;
  /** False until hydrated: the ready mark tells tests the list matches the current state. */
  interactive: boolean;
  /** Another list in the sheet's place (Tonight, issue 22), with its own title and no count. */
  instead?: { title: string; body: ReactNode };
  /** A line under the title: where finding the visitor stands (issue 23). */
  status?: ReactNode;
}

/**
 * The school list: a bottom sheet over the map on small screens, at three heights (peek, half,
 * full) that its handle's tap and a vertical swipe over 50 px move between, and a side panel
 * from 768 px on (CSS only). At every height the list stays in the tab order: at peek its
 * body is a short scrolling box, not hidden.
 */
export function SchoolSheet({
  model,
  height,
  onHeightChange,
  onOpenSchool,
  interactive,
  instead,
  status,
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
        const result = afterSwipe(height, startY, up.clientY);
        drag.current.swiped = result.swiped;
        if (result.swiped && result.height !== height) onHeightChange(result.height);
        // A click follows the release in the same task, if at all (a moved touch gets none):
        // after it, the next click (a key's among them) is a tap again.
        if (result.swiped) setTimeout(() => (drag.current.swiped = false));
      },
      // Capture: the map under the finger may stop the event before it bubbles up.
      { once: true, capture: true },
    );
  };

  // The arrow keys move the sheet as a swipe does.
  const onKeyDown = (event: KeyboardEvent) => {
    const by = event.key === "ArrowUp" ? 1 : event.key === "ArrowDown" ? -1 : 0;
    if (by === 0) return;
    event.preventDefault();
    const next = stepHeight(height, by);
    if (next !== height) onHeightChange(next);
  };

  return (
    <section className="home-sheet" data-height={height} aria-labelledby="home-sheet-title">
      <div className="sheet-head" onPointerDown={onPointerDown}>
        <button
          type="button"
          className="sheet-handle"
          aria-expanded={height !== "peek"}
          aria-controls="home-sheet-body"
          onKeyDown={onKeyDown}
          onClick={() => {
            // The click that ends a swipe has already done its work.
            if (drag.current.swiped) drag.current.swiped = false;
            else onHeightChange(afterTap(height));
          }}
        >
          <span className="visually-hidden">{handleLabel[height]}</span>
        </button>
        <h2 id="home-sheet-title" className="sheet-title">
          {instead?.title ?? title}
        </h2>
        <p className="sheet-count" aria-live="polite">
          {count !== null && !instead && homeTexts.schoolsFound(count)}
        </p>
        {status}
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
