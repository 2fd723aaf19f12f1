import { Elysia } from "elysia";
import {
  pushEndpointSchema,
  pushKindsChangeSchema,
  pushSubscriptionSchema,
  pushTexts,
} from "../../../common/schemas/push";
import { parseQuery } from "../../http/query";
import type { authGuard } from "../../policy/guard";
import * as push from "./service";

/**
 * Issue 22 "Web Push": the server's VAPID public key (anyone: it is public), and a member's
 * device subscriptions: turned on (POST), read (GET ?endpoint=), what it gets (PATCH), off
 * (DELETE). Each write charges push.subscribe.
 */
export function pushRoutes(deps: push.PushDeps, vapid: push.Vapid, guard: ReturnType<typeof authGuard>) {
  const { db } = deps;
  return new Elysia({ name: "push-routes", prefix: "/api/push" })
    .use(guard)
    .get("/key", ({ set }) => {
      set.headers["cache-control"] = "no-cache";
      return { publicKey: vapid.publicKey };
    })
    .get(
      "/subscriptions",
      ({ viewer, request }) =>
        push.subscriptionOf(db, viewer, parseQuery(pushEndpointSchema, request).endpoint),
      { auth: "member" },
    )
    .post(
      "/subscriptions",
      async ({ viewer, body, set }) => {
        const subscription = await push.subscribe(deps, viewer, body);
        set.status = 201;
        return { message: pushTexts.subscribed, subscription };
      },
      { auth: "member", limit: "push.subscribe", body: pushSubscriptionSchema },
    )
    .patch(
      "/subscriptions",
      async ({ viewer, body }) => ({
        message: pushTexts.kindsSaved,
        subscription: await push.changeKinds(db, viewer, body.endpoint, body.kinds),
      }),
      { auth: "member", limit: "push.subscribe", body: pushKindsChangeSchema },
    )
    .delete(
      "/subscriptions",
      async ({ viewer, body }) => {
        await push.unsubscribe(db, viewer, body.endpoint);
        return { message: pushTexts.unsubscribed };
      },
      { auth: "member", limit: "push.subscribe", body: pushEndpointSchema },
    );
}
