/**
 * Who is asking, built once per request from the session. Roles are decided here and
 * nowhere else: ADMIN_EMAILS count only for a verified address (see auth's roleOf).
 */
export type PolicyViewer = { kind: "guest" } | { kind: "member" | "admin"; id: number };

export const GUEST: PolicyViewer = { kind: "guest" };

export const viewerId = (viewer: PolicyViewer): number | null => (viewer.kind === "guest" ? null : viewer.id);
