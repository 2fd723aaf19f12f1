import { type ReactNode, useId, useState } from "react";

/** A titled panel whose body a button shows or hides (aria-expanded), open by default. */
export function Collapsible({
  title,
  defaultOpen = true,
  children,
}: {
  title: string;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <section className="card feed-panel" aria-labelledby={`${id}-title`}>
      <h2 className="feed-panel-title" id={`${id}-title`}>
        <button
          type="button"
          className="feed-panel-toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen(!open)}
        >
          <span>{title}</span>
          <span aria-hidden="true">{open ? "▾" : "▸"}</span>
        </button>
      </h2>
      <div id={`${id}-body`} className="feed-panel-body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
