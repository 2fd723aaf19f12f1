import { Elysia } from "elysia";
import {
  claimIdParams,
  claimInputSchema,
  claimSchoolParams,
  rejectClaimSchema,
  schoolOwnerParams,
} from "../../../common/schemas/claims";
import type { authGuard } from "../../policy/guard";
import { createClaim, viewerOwnership } from "./claims";
import { approveClaim, claimQueue, rejectClaim } from "./decide";
import type { OwnerDeps } from "./deps";
import { listOwners, removeOwner } from "./ownership";

/**
 * Gym owners (issue 21): a member's claim, /admin's claims queue and its decisions, and a
 * school's owners (the list, removing one, leaving).
 */
export function ownerRoutes(deps: OwnerDeps, guard: ReturnType<typeof authGuard>) {
  const { db } = deps;
  return new Elysia({ name: "owner-routes" })
    .use(guard)
    .post(
      "/api/schools/:id/claims",
      async ({ viewer, params, body, set }) => {
        const { claim, created } = await createClaim(deps, viewer, params.id, body);
        set.status = created ? 201 : 200;
        return claim;
      },
      // Counted by the service, so that answering an open claim again costs nothing.
      { auth: "member", limit: "school.claim", params: claimSchoolParams, body: claimInputSchema },
    )
    .get("/api/schools/:id/owners/me", ({ viewer, params }) => viewerOwnership(db, viewer, params.id), {
      auth: "member",
      params: claimSchoolParams,
    })
    .get(
      "/api/schools/:id/owners",
      async ({ viewer, params }) => ({ owners: await listOwners(db, viewer, params.id) }),
      { auth: "member", params: claimSchoolParams },
    )
    .delete(
      "/api/schools/:id/owners/:userId",
      ({ viewer, params }) => removeOwner(deps, viewer, params.id, params.userId),
      { auth: "member", limit: "admin.decision", params: schoolOwnerParams },
    )
    .get("/api/admin/claims", async ({ viewer }) => ({ claims: await claimQueue(db, viewer) }), {
      auth: "admin",
    })
    .post("/api/admin/claims/:id/approve", ({ viewer, params }) => approveClaim(deps, viewer, params.id), {
      auth: "admin",
      limit: "admin.decision",
      params: claimIdParams,
    })
    .post(
      "/api/admin/claims/:id/reject",
      ({ viewer, params, body }) => rejectClaim(deps, viewer, params.id, body.reason),
      { auth: "admin", limit: "admin.decision", params: claimIdParams, body: rejectClaimSchema },
    );
}
