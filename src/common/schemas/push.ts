import * as v from "valibot";

/**
 * Web Push on a member's devices (issue 22 "When the app is closed"): what a browser sends
 * to subscribe (RFC 8030 endpoint, RFC 8291 keys), the kinds a member chooses per device, and
 * the texts of the API and of /account's "Notifications on this device".
 */
export const pushKinds = ["messages", "cancellations", "other"] as const;
export type PushKind = (typeof pushKinds)[number];

/** Bell items told as "cancellations": cancelled and moved open mats, and going's reminders. */
const CANCELLATION_BELL_TYPES: readonly string[] = ["cancellation", "reminder"];

/** The push kind of a bell item's type: cancellations (with moves and reminders) or other. */
export const pushKindOfBellType = (type: string): PushKind =>
  CANCELLATION_BELL_TYPES.includes(type) ? "cancellations" : "other";

export const pushTexts = {
  endpoint: "endpoint must be the https URL of a push service",
  endpointHost: "endpoint must be a push service on the internet, not a local or private address",
  p256dh: "keys.p256dh must be the browser's P-256 public key: 65 bytes (an uncompressed point), base64url",
  auth: "keys.auth must be the browser's 16-byte auth secret, base64url",
  kinds: "kinds must list one or more of: messages, cancellations, other",
  notSubscribed: "This device is not subscribed to notifications.",
  subscribed: "Notifications are on for this device.",
  unsubscribed: "Notifications are off for this device.",
  kindsSaved: "Your notification choices for this device have been saved.",
  // /account: "Notifications on this device".
  heading: "Notifications on this device",
  intro: "Get notified on this device even when OpenMat is closed.",
  unsupported: "This browser cannot show notifications from OpenMat while it is closed.",
  denied:
    "Notifications from OpenMat are blocked in this browser. Allow them in the browser's site settings, then turn them on here.",
  checking: "Checking this device…",
  on: "Notifications are on for this device.",
  dismissed: "Notifications were not allowed. Turn them on again to be asked once more.",
  pickOne: "Choose at least one, or turn notifications off on this device.",
  turnOn: "Turn on notifications",
  turnOff: "Turn off on this device",
  kindsLegend: "What to notify me about",
  failed: "Notifications could not be turned on. Please try again.",
  offFailed: "Notifications could not be turned off. Please try again.",
  kindsFailed: "Your choices could not be saved. Please try again.",
} as const;

export const pushKindLabels: Record<PushKind, string> = {
  messages: "Messages",
  cancellations: "Cancellations, moves and reminders of open mats",
  other: "Everything else in the bell (follows, likes, badges, submissions)",
};

/** base64url (padding allowed) of exactly `bytes` bytes. */
const base64urlOf = (bytes: number) => {
  const chars = Math.ceil((bytes * 4) / 3);
  const pad = (4 - (chars % 4)) % 4;
  return new RegExp(`^[A-Za-z0-9_-]{${chars}}={0,${pad}}$`);
};

/** A browser's key, read from base64url (as `PushSubscription.toJSON()` gives it). */
export const base64urlBytes = (text: string): Uint8Array<ArrayBuffer> => {
  const b64 = text.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

export const pushKindsSchema = v.pipe(
  v.array(v.picklist(pushKinds, pushTexts.kinds), pushTexts.kinds),
  v.minLength(1, pushTexts.kinds),
  v.maxLength(pushKinds.length, pushTexts.kinds),
  v.transform((kinds) => pushKinds.filter((k) => kinds.includes(k))),
);

const endpointSchema = v.pipe(v.string(pushTexts.endpoint), v.maxLength(2048, pushTexts.endpoint));

/** POST /api/push/subscriptions: a browser's subscription, and optionally the kinds (all by default). */
export const pushSubscriptionSchema = v.object({
  endpoint: endpointSchema,
  keys: v.object(
    {
      p256dh: v.pipe(
        v.string(pushTexts.p256dh),
        v.regex(base64urlOf(65), pushTexts.p256dh),
        // An uncompressed point starts with 0x04 (base64url "B").
        v.startsWith("B", pushTexts.p256dh),
      ),
      auth: v.pipe(v.string(pushTexts.auth), v.regex(base64urlOf(16), pushTexts.auth)),
    },
    pushTexts.p256dh,
  ),
  kinds: v.optional(pushKindsSchema),
});
export type PushSubscriptionInput = v.InferOutput<typeof pushSubscriptionSchema>;

/** PATCH /api/push/subscriptions: the kinds one device gets. */
export const pushKindsChangeSchema = v.object({ endpoint: endpointSchema, kinds: pushKindsSchema });

/** DELETE /api/push/subscriptions. */
export const pushEndpointSchema = v.object({ endpoint: endpointSchema });

/** What a device's subscription is, as the API answers it. */
export interface PushSubscriptionView {
  endpoint: string;
  kinds: PushKind[];
}

/** What a push message carries (encrypted to the device): nothing secret, a link on this site. */
export interface PushPayload {
  title: string;
  body: string;
  link: string;
  kind: PushKind;
  /** Replaces an earlier notification with the same tag on the device. */
  tag?: string;
}
