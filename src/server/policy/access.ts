import { authMessages } from "../../common/schemas/auth";
import { HttpError } from "../http/errors";
import {
  type ConversationAction,
  type ConversationSubject,
  conversationRules,
  type MemberAction,
  type MemberSubject,
  memberRules,
  type PostAction,
  type PostSubject,
  postRules,
  type SchoolAction,
  type SchoolSubject,
  type SiteAction,
  schoolRules,
  siteRules,
} from "./rules";
import type { PolicyViewer } from "./viewer";

export function can(viewer: PolicyViewer, action: SiteAction): boolean;
export function can(viewer: PolicyViewer, action: MemberAction, subject: MemberSubject): boolean;
export function can(viewer: PolicyViewer, action: PostAction, subject: PostSubject): boolean;
export function can(viewer: PolicyViewer, action: ConversationAction, subject: ConversationSubject): boolean;
export function can(viewer: PolicyViewer, action: SchoolAction, subject: SchoolSubject): boolean;
export function can(
  viewer: PolicyViewer,
  action: SiteAction | MemberAction | PostAction | ConversationAction | SchoolAction,
  subject?: MemberSubject | PostSubject | ConversationSubject | SchoolSubject,
): boolean {
  if (action in siteRules) return siteRules[action as SiteAction](viewer);
  if (!subject) return false;
  if (action in schoolRules) {
    return "owner" in subject && schoolRules[action as SchoolAction](viewer, subject);
  }
  if ("owner" in subject) return false;
  if (action in conversationRules) {
    return "participant" in subject && conversationRules[action as ConversationAction](viewer, subject);
  }
  if (!("settings" in subject)) return false;
  if (action in postRules) {
    return "visibility" in subject && postRules[action as PostAction](viewer, subject);
  }
  return memberRules[action as MemberAction](viewer, subject);
}

/**
 * Conversations never say they exist to anyone refused: 401 for a guest, otherwise 404
 * with `notFound`, whether the conversation is missing, another pair's or hidden by a block.
 */
export function requireConversationAccess(
  viewer: PolicyViewer,
  action: ConversationAction,
  subject: ConversationSubject | null,
  notFound: string,
): void {
  if (subject && can(viewer, action, subject)) return;
  if (viewer.kind === "guest") throw new HttpError(401, authMessages.notSignedIn);
  throw new HttpError(404, notFound);
}

/**
 * A school's owner-side actions never say more than a missing school would: 401 for a guest,
 * otherwise 404 with `notFound`, whether the school is missing or another's (issue 21: "an
 * owner editing another school, the same 404 as a missing one").
 */
export function requireSchoolAccess(
  viewer: PolicyViewer,
  action: SchoolAction,
  subject: SchoolSubject | null,
  notFound: string,
): void {
  if (subject && can(viewer, action, subject)) return;
  if (viewer.kind === "guest") throw new HttpError(401, authMessages.notSignedIn);
  throw new HttpError(404, notFound);
}

/**
 * Throws the answer for a refused action: 401 for a guest, 404 when the viewer may not
 * even know the subject exists (a block), otherwise 403 with the given message.
 */
export function requireAccess(
  viewer: PolicyViewer,
  action: MemberAction,
  subject: MemberSubject,
  refused: { forbidden: string; notFound: string },
): void;
export function requireAccess(viewer: PolicyViewer, action: SiteAction, refused: { forbidden: string }): void;
export function requireAccess(
  viewer: PolicyViewer,
  action: SiteAction | MemberAction,
  subjectOrRefused: MemberSubject | { forbidden: string },
  refused?: { forbidden: string; notFound: string },
): void {
  const subject = refused ? (subjectOrRefused as MemberSubject) : undefined;
  const messages = refused ?? (subjectOrRefused as { forbidden: string });
  const allowed = subject ? can(viewer, action as MemberAction, subject) : can(viewer, action as SiteAction);
  if (allowed) return;
  if (viewer.kind === "guest") throw new HttpError(401, authMessages.notSignedIn);
  if (subject?.relation.blocked && refused) throw new HttpError(404, refused.notFound);
  throw new HttpError(403, messages.forbidden);
}
