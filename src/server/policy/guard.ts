import { Elysia } from "elysia";
import { authMessages } from "../../common/schemas/auth";
import { roleOf } from "../features/auth/service";
import type { sessionPlugin } from "../features/auth/session-plugin";
import type { ValidSession } from "../features/auth/sessions";
import { HttpError } from "../http/errors";
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

/**
 * Adds `viewer` to every route, and the route option `auth`, declared once per route:
 * `{ auth: "member" }` answers 401 to guests, `{ auth: "admin" }` also 403 to members.
 * It runs before the body is validated, so a guest learns nothing about the payload.
 */
export function authGuard(session: ReturnType<typeof sessionPlugin>, adminEmails: readonly string[]) {
  return new Elysia({ name: "auth-guard" })
    .use(session)
    .derive({ as: "global" }, ({ session }) => ({ viewer: viewerFromSession(session, adminEmails) }))
    .macro({
      auth: (level: "member" | "admin") => ({
        transform({ viewer }) {
          if (!can(viewer, "member.area")) throw new HttpError(401, authMessages.notSignedIn);
          if (level === "admin" && !can(viewer, "admin.access"))
            throw new HttpError(403, adminOnlyApiMessage);
        },
        // The transform above has refused guests, so handlers get the session as non-null.
        resolve: ({ session }) => ({ member: session as ValidSession }),
      }),
    });
}
