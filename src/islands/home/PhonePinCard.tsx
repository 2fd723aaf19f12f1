import { type ReactNode, useEffect, useRef } from "react";

/**
 * On a phone, a pin's card (issue 23): not MapLibre's popup, which the sheet would cover, but
 * a card laid out just above the sheet's top at whatever height it stands, with all its
 * actions in view and a close button. Focus moves into it when it opens and back where it was
 * when it closes; Escape closes it, unless a dialog it opened is on top and takes the Escape.
 */
export function PhonePinCard({
  labelledBy,
  onClose,
  children,
}: {
  labelledBy: string;
  onClose(): void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const card = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    card?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (document.querySelector("dialog[open]")) return;
      close.current();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      const focusWasInside =
        card?.contains(document.activeElement) || document.activeElement === document.body;
      if (focusWasInside && before?.isConnected) before.focus({ preventScroll: true });
    };
  }, []);

  return (
    // A dialog that leaves the page usable (not modal): the map and the sheet stay live.
    <div ref={ref} className="phone-pin-card" role="dialog" aria-labelledby={labelledBy} tabIndex={-1}>
      <button type="button" className="icon-button phone-pin-close" aria-label="Close" onClick={onClose}>
        ×
      </button>
      {children}
    </div>
  );
}
