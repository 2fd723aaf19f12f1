import { Elysia } from "elysia";
import { authMessages } from "../../common/schemas/auth";
import type { Db } from "../../db/client";
import { roleOf } from "../features/auth/service";
import type { sessionPlugin } from "../features/auth/session-plugin";
import type { ValidSession } from "../features/auth/sessions";
import { HttpError } from "../http/errors";
import {
  type MemberLimitConfig,
  type MemberLimitName,
  memberLimitRule,
  memberLimitTable,
} from "../http/member-limits";
import { chargeRate } from "../http/rate-limit";
import { can } from "./access";
import { GUEST, type PolicyViewer } from "./viewer";

export const adminOnlyMessage = "This page is for administrators only.";
export const adminOnlyApiMessage = "Only administrators can do this.";

export function viewerFromSession(
  session: ValidSession | null,
  adminEmails: readonly string[],
): PolicyViewer {
  if (!session) return GUEST;
  return { kind: roleOf(session.user, adminEmails), id: session.user.id };
}

/** The signed-in member's id; routes with `auth: "member"` have already answered guests 401. */
export function requireMemberId(viewer: PolicyViewer): number {
  if (viewer.kind === "guest") throw new HttpError(401, authMessages.notSignedIn);
  return viewer.id;
}

export interface LimitDeps {
  db: Db;
  now: () => Date;
  config: MemberLimitConfig;
}

/** A route's `limit` hook, marked with the limit's name so the route table shows it. */
export type LimitCharge = ((context: { viewer: PolicyViewer }) => Promise<void>) & {
  memberLimit: MemberLimitName;
};

function limitCharge(name: MemberLimitName, deps: LimitDeps): LimitCharge {
  const chargedHere = memberLimitTable[name].chargedBy === "route";
  const charge = async ({ viewer }: { viewer: PolicyViewer }) => {
    if (!chargedHere || viewer.kind === "guest") return;
    await chargeRate(deps.db, memberLimitRule(deps.config, name, viewer.id), deps.now().getTime());
  };
  return Object.assign(charge, { memberLimit: name });
}

/**
 * Adds `viewer` to every route, and two route options declared once per route:
 * - `auth`: `{ auth: "member" }` answers 401 to guests, `{ auth: "admin" }` also 403 to
 *   members. It runs before the body is validated, so a guest learns nothing about it.
 * - `limit`: the member limit a write charges (src/server/http/member-limits.ts). It runs
 *   after validation, so a malformed request costs nothing, and answers the spec's 429.
 */
export function authGuard(
  session: ReturnType<typeof sessionPlugin>,
  adminEmails: readonly string[],
  limits: LimitDeps,
) {
  return new Elysia({ name: "auth-guard" })
    .use(session)
    .derive({ as: "global" }, ({ session }) => ({ viewer: viewerFromSession(session, adminEmails) }))
    .macro({
      auth: (level: "member" | "admin") => ({
        // Marked with its level, as the limit's hook is, so the route table (and the API's
        // OpenAPI document) can tell who may call a route.
        transform: Object.assign(
          ({ viewer }: { viewer: PolicyViewer }) => {
            if (!can(viewer, "member.area")) throw new HttpError(401, authMessages.notSignedIn);
            if (level === "admin" && !can(viewer, "admin.access"))
              throw new HttpError(403, adminOnlyApiMessage);
          },
          { authLevel: level },
        ),
        // The transform above has refused guests, so handlers get the session as non-null.
        resolve: ({ session }) => ({ member: session as ValidSession }),
      }),
      limit: (name: MemberLimitName) => ({ beforeHandle: limitCharge(name, limits) }),
    });
}
