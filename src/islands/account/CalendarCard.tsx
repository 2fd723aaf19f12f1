import { useEffect, useId, useRef, useState } from "react";
import { showToast } from "../../client/toast";
import { type CalendarAddress, memberCalendarTexts as texts } from "../../common/schemas/member-calendar";
import { ApiError, apiRequest, failureText } from "../lib/api";

const PATH = "/api/account/calendar";

type Load = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; address: CalendarAddress };
type Action = "rotate" | "off";

/**
 * The account page's calendar card (issue 22): the member's private calendar address, read
 * after hydration (the server's HTML says it is loading: the address is never in a cached
 * page), in a read-only field with Copy, a webcal Subscribe link, "Make a new address" and
 * "Turn off", each of those two confirmed first in a dialog (the old address stops working).
 */
export function CalendarCard() {
  const id = useId();
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState<Action | null>(null);
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  /** Where focus goes once the page shows the outcome (the opener may be gone). */
  const focusNext = useRef<string | null>(null);

  async function fetchAddress() {
    setLoad({ kind: "loading" });
    try {
      setLoad({ kind: "ready", address: await apiRequest<CalendarAddress>("GET", PATH) });
    } catch {
      setLoad({ kind: "failed" });
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, after hydration
  useEffect(() => {
    void fetchAddress();
  }, []);

  useEffect(() => {
    if (!focusNext.current || load.kind !== "ready") return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  async function change(action: Action) {
    setPending(true);
    try {
      const address = await apiRequest<CalendarAddress>(
        action === "off" ? "DELETE" : "POST",
        `${PATH}${action === "off" ? "" : "/rotate"}`,
      );
      setCopied(false);
      focusNext.current = action === "off" ? `${id}-on` : `${id}-address`;
      setAsking(null);
      setLoad({ kind: "ready", address });
      showToast({ title: texts.title, description: action === "off" ? texts.turnedOff : texts.rotated });
    } catch (error) {
      showToast({ title: "Error", description: failureText(error, texts.failed), variant: "destructive" });
      if (!(error instanceof ApiError)) setAsking(null);
    } finally {
      setPending(false);
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      showToast({ title: texts.title, description: texts.copied });
    } catch {
      field.current?.select();
      showToast({ title: texts.title, description: texts.copyFailed, variant: "destructive" });
    }
  }

  const address = load.kind === "ready" ? load.address : null;
  return (
    <section
      className="card member-calendar"
      aria-labelledby={`${id}-title`}
      aria-busy={load.kind === "loading"}
    >
      <h2 id={`${id}-title`}>{texts.title}</h2>
      <p>{texts.intro}</p>
      {load.kind === "loading" && <p className="muted">{texts.loading}</p>}
      {load.kind === "failed" && (
        <div className="notice">
          <p role="alert">{texts.loadFailed}</p>
          <button type="button" className="button" onClick={() => void fetchAddress()}>
            {texts.retry}
          </button>
        </div>
      )}
      {address?.https && address.webcal && (
        <>
          <div className="field">
            <label htmlFor={`${id}-address`}>{texts.label}</label>
            <div className="field-control">
              <input
                ref={field}
                id={`${id}-address`}
                type="text"
                readOnly
                value={address.https}
                aria-describedby={`${id}-private`}
                onFocus={(event) => event.currentTarget.select()}
              />
              <button type="button" className="button" onClick={() => void copy(address.https as string)}>
                {texts.copy}
              </button>
            </div>
            <p id={`${id}-private`} className="muted">
              {texts.private}
            </p>
            <p className="visually-hidden" role="status">
              {copied ? texts.copied : ""}
            </p>
          </div>
          <div className="calendar-actions">
            <a className="button" href={address.webcal}>
              {texts.subscribe}
            </a>
            <button type="button" className="button button-ghost" onClick={() => setAsking("rotate")}>
              {texts.rotate}
            </button>
            <button type="button" className="button button-ghost" onClick={() => setAsking("off")}>
              {texts.turnOff}
            </button>
          </div>
        </>
      )}
      {address && !address.https && (
        <div className="calendar-actions">
          <p>{texts.off}</p>
          <button
            id={`${id}-on`}
            type="button"
            className="button"
            disabled={pending}
            onClick={() => void change("rotate")}
          >
            {texts.turnOn}
          </button>
        </div>
      )}
      {asking && (
        <ConfirmDialog
          action={asking}
          pending={pending}
          onConfirm={() => void change(asking)}
          onClose={() => setAsking(null)}
        />
      )}
    </section>
  );
}

/**
 * "Make a new address" or "Turn off", asked first: a native modal dialog (focus kept inside,
 * Escape closes it), opened on mount; closing it hands focus back to the button that opened it.
 */
function ConfirmDialog({
  action,
  pending,
  onConfirm,
  onClose,
}: {
  action: Action;
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  const rotate = action === "rotate";
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
    >
      <h2 id={`${id}-title`}>{rotate ? texts.rotateTitle : texts.turnOffTitle}</h2>
      <p id={`${id}-text`}>{rotate ? texts.rotateText : texts.turnOffText}</p>
      <div className="modal-actions">
        <button type="button" className="button button-ghost" onClick={() => ref.current?.close()}>
          Cancel
        </button>
        <button
          type="button"
          className={rotate ? "button" : "button button-danger"}
          disabled={pending}
          onClick={onConfirm}
        >
          {rotate ? texts.rotate : texts.turnOff}
        </button>
      </div>
    </dialog>
  );
}
