import { useEffect, useId, useRef, useState } from "react";
import {
  type PushKind,
  type PushSubscriptionView,
  pushKindLabels,
  pushKinds,
  pushTexts,
} from "../../common/schemas/push";
import { ApiError, apiRequest, failureText } from "../lib/api";
import { askPermission, currentSubscription, pushSupport, subscribeDevice } from "./push-device";

type Status = "checking" | "unsupported" | "denied" | "off" | "on";

const SUBSCRIPTIONS = "/api/push/subscriptions";

const statusText: Record<Status, string> = {
  checking: pushTexts.checking,
  unsupported: pushTexts.unsupported,
  denied: pushTexts.denied,
  off: pushTexts.intro,
  on: pushTexts.on,
};

/** Whether this device's subscription is the member's on the server, and what it gets. */
async function deviceState(): Promise<{ status: Status; endpoint?: string; kinds?: PushKind[] }> {
  const support = pushSupport();
  if (support === "unsupported" || support === "denied") return { status: support };
  const subscription = await currentSubscription();
  if (!subscription || support !== "granted") return { status: "off" };
  try {
    const query = `?endpoint=${encodeURIComponent(subscription.endpoint)}`;
    const kept = await apiRequest<PushSubscriptionView>("GET", `${SUBSCRIPTIONS}${query}`);
    return { status: "on", endpoint: kept.endpoint, kinds: kept.kinds };
  } catch (error) {
    // Subscribed in this browser, but not for this member (or ended): off until turned on.
    if (error instanceof ApiError && error.status === 404) return { status: "off" };
    throw error;
  }
}

/**
 * /account's "Notifications on this device" (issue 22): turn Web Push on (the browser asks for
 * permission, the device subscribes with the server's VAPID key and the server keeps it),
 * choose what it gets, or turn it off. It says so when the browser cannot, or was told not to.
 */
export default function PushSettings(_props: Record<string, never>) {
  const id = useId();
  const [status, setStatus] = useState<Status>("checking");
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [kinds, setKinds] = useState<PushKind[]>([...pushKinds]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [focusAfter, setFocusAfter] = useState<Status | null>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);
  const turnOnButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    deviceState().then(
      (state) => {
        setStatus(state.status);
        if (state.endpoint) setEndpoint(state.endpoint);
        if (state.kinds) setKinds(state.kinds);
      },
      () => setStatus("off"),
    );
  }, []);

  // The button pressed is gone after a change: focus goes where the member carries on.
  useEffect(() => {
    if (focusAfter === null || focusAfter !== status) return;
    (status === "off" ? turnOnButton.current : statusLine.current)?.focus();
    setFocusAfter(null);
  }, [focusAfter, status]);

  async function turnOn() {
    setBusy(true);
    setError(null);
    try {
      const permission = pushSupport() === "default" ? await askPermission() : pushSupport();
      if (permission === "denied") {
        setStatus("denied");
        setFocusAfter("denied");
        return;
      }
      if (permission !== "granted") {
        setError(pushTexts.dismissed);
        return;
      }
      const { publicKey } = await apiRequest<{ publicKey: string }>("GET", "/api/push/key");
      const device = (await subscribeDevice(publicKey)).toJSON();
      const saved = await apiRequest<{ subscription: PushSubscriptionView }>("POST", SUBSCRIPTIONS, {
        endpoint: device.endpoint,
        keys: device.keys,
        kinds,
      });
      setEndpoint(saved.subscription.endpoint);
      setKinds(saved.subscription.kinds);
      setStatus("on");
      setFocusAfter("on");
    } catch (e) {
      setError(failureText(e, pushTexts.failed));
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    setError(null);
    try {
      if (endpoint) {
        await apiRequest("DELETE", SUBSCRIPTIONS, { endpoint }).catch((e: unknown) => {
          // Already ended on the server (another member took the device, or it was dropped).
          if (!(e instanceof ApiError && e.status === 404)) throw e;
        });
      }
      await (await currentSubscription())?.unsubscribe();
      setEndpoint(null);
      setStatus("off");
      setFocusAfter("off");
    } catch (e) {
      setError(failureText(e, pushTexts.offFailed));
    } finally {
      setBusy(false);
    }
  }

  async function choose(kind: PushKind, on: boolean) {
    const next = pushKinds.filter((k) => (k === kind ? on : kinds.includes(k)));
    if (next.length === 0) {
      setError(pushTexts.pickOne);
      return;
    }
    const before = kinds;
    setKinds(next);
    setError(null);
    setBusy(true);
    try {
      await apiRequest("PATCH", SUBSCRIPTIONS, { endpoint, kinds: next });
    } catch (e) {
      setKinds(before);
      setError(failureText(e, pushTexts.kindsFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card push-settings" aria-labelledby={`${id}-title`} aria-busy={busy || undefined}>
      <h2 id={`${id}-title`}>{pushTexts.heading}</h2>
      <p ref={statusLine} tabIndex={-1} role="status">
        {statusText[status]}
      </p>
      {status === "off" && (
        <button ref={turnOnButton} type="button" className="button" disabled={busy} onClick={turnOn}>
          {pushTexts.turnOn}
        </button>
      )}
      {status === "on" && (
        <>
          <fieldset className="push-kinds">
            <legend>{pushTexts.kindsLegend}</legend>
            {pushKinds.map((kind) => (
              <div key={kind} className="keep-private">
                <input
                  id={`${id}-${kind}`}
                  type="checkbox"
                  checked={kinds.includes(kind)}
                  aria-disabled={busy || undefined}
                  onChange={(event) => void (busy || choose(kind, event.currentTarget.checked))}
                />
                <label htmlFor={`${id}-${kind}`}>{pushKindLabels[kind]}</label>
              </div>
            ))}
          </fieldset>
          <button type="button" className="button button-ghost" disabled={busy} onClick={turnOff}>
            {pushTexts.turnOff}
          </button>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
