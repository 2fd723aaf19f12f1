/**
 * How a member hears of a step on their claim or ownership: an event in the same batch as
 * the step (the notifications consumer turns it into a bell item, delivered live), and a
 * mail once it is written.
 */
import type { SQL } from "drizzle-orm";
import { type ClaimDecided, manageHref, type OwnerRemoved } from "../../../common/schemas/claims";
import type { Tx } from "../../../db/client";
import { appendEvent } from "../../events/store";
import type { ClaimSchool } from "./claim-queries";
import { memberContact } from "./claim-queries";
import type { OwnerDeps } from "./deps";

/** `claim.decided`, its subject the claim (an id, or SQL that finds it in the batch). */
export const claimDecidedEvent = (
  db: Tx,
  e: { claimId: number | SQL; actorId: number; payload: ClaimDecided; at: Date },
  onlyIf: SQL,
) =>
  appendEvent(
    db,
    { type: "claim.decided", actorId: e.actorId, subjectId: e.claimId, payload: e.payload, at: e.at },
    onlyIf,
  );

/** `owner.removed`, its subject the school. */
export const ownerRemovedEvent = (
  db: Tx,
  e: { actorId: number; payload: OwnerRemoved; at: Date },
  onlyIf: SQL,
) =>
  appendEvent(
    db,
    {
      type: "owner.removed",
      actorId: e.actorId,
      subjectId: e.payload.schoolId,
      payload: e.payload,
      at: e.at,
    },
    onlyIf,
  );

export type Step =
  | { kind: "approved"; by: "domain" | "admin" }
  | { kind: "rejected"; reason: string }
  | { kind: "removed" }
  | { kind: "left" };

function mailFor(step: Step, school: Pick<ClaimSchool, "gym" | "slug">, publicUrl: string) {
  const page = `${publicUrl}/schools/${school.slug}`;
  switch (step.kind) {
    case "approved":
      return {
        subject: `You can now manage ${school.gym} on OpenMat`,
        text: [
          step.by === "domain"
            ? `Your claim to manage ${school.gym} was approved: your address is at the gym's own website domain.`
            : `Your claim to manage ${school.gym} was approved by an administrator.`,
          "Keep its schedule, visitor rules and contact details true here:",
          `${publicUrl}${manageHref(school.slug)}`,
        ].join("\n"),
      };
    case "rejected":
      return {
        subject: `Your claim to manage ${school.gym}`,
        text: [
          `Your claim to manage ${school.gym} was not approved.`,
          ...(step.reason ? [`Reason: ${step.reason}`] : []),
          "",
          page,
        ].join("\n"),
      };
    case "removed":
      return {
        subject: `You no longer manage ${school.gym} on OpenMat`,
        text: [`An administrator removed you as an owner of ${school.gym}.`, "", page].join("\n"),
      };
    case "left":
      return {
        subject: `You no longer manage ${school.gym} on OpenMat`,
        text: [`You left ${school.gym}: you no longer manage its listing.`, "", page].join("\n"),
      };
  }
}

/** Mails the member about the step, at their current address. */
export async function mailStep(
  deps: OwnerDeps,
  userId: number,
  school: Pick<ClaimSchool, "gym" | "slug">,
  step: Step,
) {
  const member = await memberContact(deps.db, userId);
  if (!member) return;
  await deps.sendMail({ to: member.email, ...mailFor(step, school, deps.publicUrl) });
}
