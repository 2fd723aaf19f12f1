import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";

const itemsIn = (root: HTMLElement | null) => [
  ...(root?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

export interface MenuItem {
  label: string;
  onSelect(): void;
}

/**
 * The WAI-ARIA menu button: a button (aria-haspopup="menu", aria-expanded) and a role="menu"
 * of role="menuitem"s. Enter, Space or ArrowDown opens it on the first item, ArrowUp on the
 * last; the arrows, Home and End move between items; Escape closes it with focus back on the
 * button, as does choosing an item (so a dialog the item opens hands focus back there); Tab or
 * a click elsewhere closes it.
 */
export function MenuButton({
  label,
  items,
  describedBy,
  className = "",
}: {
  /** The button's accessible name, e.g. 'Message actions'. */
  label: string;
  items: MenuItem[];
  describedBy?: string;
  className?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState<false | "first" | "last">(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    itemsIn(root.current)
      .at(open === "first" ? 0 : -1)
      ?.focus();
    const outside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("click", outside);
    return () => document.removeEventListener("click", outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  function onButtonKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(event.key === "ArrowDown" ? "first" : "last");
    }
  }

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const all = itemsIn(root.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all.at(to % all.length)?.focus();
    };
    if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(-1);
    else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "Tab") setOpen(false);
  }

  return (
    <div className={`menu-button ${className}`.trim()} ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-button menu-button-toggle"
        aria-label={label}
        aria-describedby={describedBy}
        aria-haspopup="menu"
        aria-expanded={!!open}
        aria-controls={open ? `${id}-menu` : undefined}
        onKeyDown={onButtonKey}
        onClick={() => (open ? setOpen(false) : setOpen("first"))}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div
          id={`${id}-menu`}
          role="menu"
          aria-label={label}
          className="more-menu-list"
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="more-menu-item"
              onClick={() => {
                close();
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
