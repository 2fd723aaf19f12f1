/**
 * Web Push for members' devices (issue 22 "When the app is closed"): the VAPID key, the
 * subscriptions a browser sends, and the two jobs that turn bell items and messages into
 * encrypted push messages and send them (enqueue.ts, sender.ts).
 */
import {
  base64urlBytes,
  type PushKind,
  type PushSubscriptionInput,
  type PushSubscriptionView,
  pushTexts,
} from "../../../common/schemas/push";
import { defaultPrivacySettings } from "../../../common/schemas/settings";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { can } from "../../policy/access";
import { SELF, STRANGER } from "../../policy/relation";
import type { PolicyViewer } from "../../policy/viewer";
import { checkEndpoint } from "./endpoint";
import {
  deleteSubscription,
  kindsOf,
  type SubscriptionRow,
  setKinds,
  subscriptionByEndpoint,
  upsertSubscriptionStatements,
} from "./queries";

export { PUSH_ENQUEUE_JOB, pushEnqueueJob } from "./enqueue";
export { PUSH_SEND_JOB, pushSendJob } from "./sender";
export { loadVapid, type Vapid } from "./vapid";

export interface PushDeps {
  db: Db;
  now: () => Date;
  /** PUSH_ALLOW_HTTP_LOOPBACK: tests and development only. */
  allowHttpLoopback: boolean;
}

const memberId = (viewer: PolicyViewer) => (viewer.kind === "guest" ? 0 : viewer.id);

/** The endpoint's subscription, when it is the viewer's (policy push.manage); another member's is as missing. */
async function ownSubscription(db: Db, viewer: PolicyViewer, endpoint: string): Promise<SubscriptionRow> {
  const row = await subscriptionByEndpoint(db, endpoint);
  const relation = row?.userId === memberId(viewer) ? SELF : STRANGER;
  if (!row || !can(viewer, "push.manage", { relation, settings: defaultPrivacySettings }))
    throw new HttpError(404, pushTexts.notSubscribed);
  return row;
}

const view = (row: Pick<SubscriptionRow, "endpoint" | "kinds">): PushSubscriptionView => ({
  endpoint: row.endpoint,
  kinds: kindsOf(row.kinds),
});

/** The browser's key must be a point on P-256 (a key of the right length may still not be one). */
async function isP256Point(p256dh: string): Promise<boolean> {
  try {
    await crypto.subtle.importKey(
      "raw",
      base64urlBytes(p256dh),
      { name: "ECDH", namedCurve: "P-256" },
      false,
      [],
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * POST /api/push/subscriptions: stores the device's subscription for the viewer (a renewal by
 * endpoint, or a device another member used before: it is the viewer's now). The endpoint must
 * be an https push service on the internet and the key a P-256 point, else 400 and nothing kept.
 */
export async function subscribe(
  deps: PushDeps,
  viewer: PolicyViewer,
  input: PushSubscriptionInput,
): Promise<PushSubscriptionView> {
  const verdict = checkEndpoint(input.endpoint, deps.allowHttpLoopback);
  if (verdict !== "ok")
    throw new HttpError(400, verdict === "private" ? pushTexts.endpointHost : pushTexts.endpoint);
  if (!(await isP256Point(input.keys.p256dh))) throw new HttpError(400, pushTexts.p256dh);
  const me = memberId(viewer);
  await deps.db.batch(
    upsertSubscriptionStatements(deps.db, {
      userId: me,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      kinds: input.kinds,
      now: deps.now(),
    }),
  );
  const row = await ownSubscription(deps.db, viewer, input.endpoint);
  return view(row);
}

/** GET /api/push/subscriptions?endpoint=: this device's kinds, when it is the viewer's. */
export async function subscriptionOf(db: Db, viewer: PolicyViewer, endpoint: string) {
  return view(await ownSubscription(db, viewer, endpoint));
}

/** PATCH /api/push/subscriptions: what this device gets. */
export async function changeKinds(db: Db, viewer: PolicyViewer, endpoint: string, kinds: PushKind[]) {
  const row = await ownSubscription(db, viewer, endpoint);
  await setKinds(db, row.id, kinds);
  return view({ endpoint: row.endpoint, kinds: JSON.stringify(kinds) });
}

/** DELETE /api/push/subscriptions: this device gets nothing more; what waited for it goes too. */
export async function unsubscribe(db: Db, viewer: PolicyViewer, endpoint: string) {
  const row = await ownSubscription(db, viewer, endpoint);
  await deleteSubscription(db, row.id);
}
