import { base64urlBytes } from "../../common/schemas/push";

/**
 * This browser's side of Web Push: whether it can, what the member allowed, and its
 * subscription through the service worker's registration (src/client/sw.ts).
 */
export type PushSupport = "unsupported" | "denied" | "default" | "granted";

export function pushSupport(): PushSupport {
  if (
    typeof navigator === "undefined" ||
    !("serviceWorker" in navigator) ||
    typeof window === "undefined" ||
    !("PushManager" in window) ||
    typeof Notification === "undefined"
  )
    return "unsupported";
  return Notification.permission;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // The header's script registers it on every page; here it may not have yet.
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await registration()).pushManager.getSubscription();
}

/** Asks the member (the browser's own prompt); answers what they chose. */
export const askPermission = (): Promise<NotificationPermission> => Notification.requestPermission();

/**
 * This device's subscription for the server's VAPID key: the one it has when made for that
 * key, else a new one (one made for another key is ended first: the browser allows one).
 */
export async function subscribeDevice(publicKey: string): Promise<PushSubscription> {
  const { pushManager } = await registration();
  const key = base64urlBytes(publicKey);
  const existing = await pushManager.getSubscription();
  const existingKey = existing?.options.applicationServerKey;
  if (existing && existingKey && sameBytes(new Uint8Array(existingKey), key)) return existing;
  await existing?.unsubscribe();
  return pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
