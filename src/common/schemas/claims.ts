import * as v from "valibot";

/** Issue 21, "Claiming": a member's request to keep a gym's listing, and its owners. */

export const CLAIM_MESSAGE_MAX = 1000;
export const CLAIM_REASON_MAX = 500;

/** Every text a member or an admin sees about claims and owners. */
export const claimTexts = {
  schoolNotFound: "School not found",
  claimNotFound: "Claim not found",
  ownerNotFound: "Owner not found",
  idInvalid: "id must be a positive whole number",
  messageInvalid: "The message must be text",
  messageTooLong: `The message can be at most ${CLAIM_MESSAGE_MAX} characters`,
  reasonTooLong: `The reason can be at most ${CLAIM_REASON_MAX} characters`,
  unverified:
    "Please confirm your email address before claiming a gym: we sent you a link when you signed up, and Account settings can send it again.",
  alreadyOwner: "You already manage this gym.",
  domainMatches: "Address matches the gym's website domain",
  domainDiffers: "Address does not match the gym's website domain",
  // The button and the dialog.
  manage: "Manage this gym",
  signInText: "Please sign in to manage this gym.",
  dialogIntro:
    "Coaches and staff keep their gym's schedule true here. If your confirmed email address is at the gym's own website domain, you can manage it right away; otherwise an administrator checks your claim first.",
  messageLabel: "Anything the reviewer should know (optional)",
  messageHint: "Your role at the gym, or how we can check it.",
  submit: "Claim this gym",
  submitting: "Sending...",
  approved: "Approved — you can now manage this gym.",
  goToManage: "Go to the manage page",
  pending: "Sent for review. You will get a notification and an email when an administrator decides.",
  stillPending: "Your claim is waiting for an administrator's review.",
  failed: "Could not send the claim. Please try again.",
} as const;

const positiveId = (message: string) =>
  v.pipe(v.string(), v.regex(/^[1-9]\d{0,11}$/, message), v.transform(Number));

export const claimSchoolParams = v.object({ id: positiveId(claimTexts.schoolNotFound) });
export const claimIdParams = v.object({ id: positiveId(claimTexts.claimNotFound) });
export const schoolOwnerParams = v.object({
  id: positiveId(claimTexts.schoolNotFound),
  userId: positiveId(claimTexts.ownerNotFound),
});

/** `POST /api/schools/{id}/claims {message?}`: trimmed, at most 1000 characters. */
export const claimInputSchema = v.object({
  message: v.pipe(
    v.optional(v.string(claimTexts.messageInvalid), ""),
    v.trim(),
    v.maxLength(CLAIM_MESSAGE_MAX, claimTexts.messageTooLong),
  ),
});
export type ClaimInput = v.InferOutput<typeof claimInputSchema>;

/** `POST /api/admin/claims/{id}/reject {reason?}`. */
export const rejectClaimSchema = v.object({
  reason: v.pipe(
    v.optional(v.string(claimTexts.reasonTooLong), ""),
    v.trim(),
    v.maxLength(CLAIM_REASON_MAX, claimTexts.reasonTooLong),
  ),
});

export type ClaimStatus = "pending" | "approved" | "rejected" | "withdrawn";

/** A claim as its member sees it (the answer to `POST /api/schools/{id}/claims`). */
export interface ClaimView {
  id: number;
  schoolId: number;
  status: ClaimStatus;
  domainMatch: boolean;
  message: string;
  createdAt: string;
  decidedAt: string | null;
}

/** One row of `GET /api/admin/claims`: the member, their message, the school and the match. */
export interface AdminClaimView extends ClaimView {
  /** The verified address the claim was made from, judged against the website. */
  email: string;
  member: { id: number; username: string };
  school: { id: number; slug: string; gym: string; city: string; state: string; website: string | null };
}

/** One of a school's owners (`GET /api/schools/{id}/owners`). */
export interface OwnerView {
  userId: number;
  username: string;
  since: string;
}

/**
 * `GET /api/schools/{id}/owners/me`: whether the signed-in viewer may manage the school (an
 * owner or an admin), and their open claim if they have one.
 */
export interface ViewerOwnership {
  owner: boolean;
  manage: boolean;
  claim: { id: number; status: "pending"; createdAt: string } | null;
}

/** Where an owner or admin keeps a school's listing. */
export const manageHref = (slug: string) => `/schools/${slug}/manage`;

/**
 * `claim.decided` (a claim approved, at once by domain or by an admin, or rejected; its
 * subject the claim) and `owner.removed` (an admin removed an owner, or the owner left; its
 * subject the school): each names the member, who gets the bell item. `actorId` is who
 * decided (never shown).
 */
export const claimDecidedSchema = v.object({
  userId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  schoolId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  gym: v.string(),
  slug: v.string(),
  decision: v.picklist(["approved", "rejected"]),
  reason: v.optional(v.nullable(v.string())),
});
export type ClaimDecided = v.InferOutput<typeof claimDecidedSchema>;

export const ownerRemovedSchema = v.object({
  userId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  schoolId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  gym: v.string(),
  slug: v.string(),
  /** True when the owner left by themselves. */
  left: v.boolean(),
});
export type OwnerRemoved = v.InferOutput<typeof ownerRemovedSchema>;
