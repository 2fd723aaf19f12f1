import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";

export interface Tab {
  id: string;
  label: string;
  panel: ReactNode;
  /** Rendered (and so loading its data) only once its tab is first selected. */
  lazy?: boolean;
}

/**
 * An ARIA tablist: one tab in the Tab order, arrows (and Home/End) move between tabs and
 * select them; every panel is in the HTML, the unselected ones hidden.
 */
export function AdminTabs({ tabs, label }: { tabs: Tab[]; label: string }) {
  const [selected, setSelected] = useState(0);
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set([0]));
  if (!opened.has(selected)) setOpened(new Set([...opened, selected]));
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const go = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    setSelected(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  };
  return (
    <div className="admin-tabs">
      <div role="tablist" aria-label={label} className="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-controls={`panel-${tab.id}`}
            aria-selected={i === selected}
            tabIndex={i === selected ? 0 : -1}
            className="tab"
            onClick={() => setSelected(i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          hidden={i !== selected}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel takes focus (ARIA practices)
          tabIndex={0}
          className="tabpanel"
        >
          {!tab.lazy || opened.has(i) ? tab.panel : null}
        </div>
      ))}
    </div>
  );
}
