import { type ReactNode, useEffect, useRef } from "react";

interface ModalProps {
  labelledBy: string;
  onClose(): void;
  className?: string;
  children: ReactNode;
}

/**
 * A native modal <dialog>: it traps focus and closes on Escape by itself; a click on the
 * backdrop closes it too. Render it only while open: it opens on mount and, when it goes
 * away, hands focus back to whatever opened it.
 */
export function Modal({ labelledBy, onClose, className = "", children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes a modal dialog natively; this is the backdrop
    <dialog
      ref={ref}
      className={`modal home-modal ${className}`}
      aria-labelledby={labelledBy}
      onClose={onClose}
      // The body fills the dialog, so only a click on the backdrop targets the dialog itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="home-modal-body">
        <button
          type="button"
          className="icon-button modal-close"
          aria-label="Close"
          onClick={(event) => event.currentTarget.closest("dialog")?.close()}
        >
          ×
        </button>
        {children}
      </div>
    </dialog>
  );
}
