import type { ShowGoing } from "../../common/schemas/going";
import type { PostVisibility } from "../../common/schemas/posts";
import type { PrivacySettings } from "../../common/schemas/settings";
import type { Relation } from "./relation";
import type { PolicyViewer } from "./viewer";

/** What a rule may look at about another member: how the viewer stands to them, and their flags. */
export interface MemberSubject {
  relation: Relation;
  settings: PrivacySettings;
  /** Who may see their name among those going to an open mat; absent reads as nobody but themselves. */
  showGoing?: ShowGoing;
}

/** A post (or a post's photo) as the rules see it: its author's subject and its visibility. */
export interface PostSubject extends MemberSubject {
  visibility: PostVisibility;
}

const signedIn = (v: PolicyViewer) => v.kind !== "guest";
const isAdmin = (v: PolicyViewer) => v.kind === "admin";
/** A member may see another's profile unless either blocked the other. */
const seesMember = (v: PolicyViewer, s: MemberSubject) => signedIn(v) && !s.relation.blocked;
const sharedBy = (flag: keyof PrivacySettings) => (v: PolicyViewer, s: MemberSubject) =>
  seesMember(v, s) && (s.relation.self || s.settings[flag]);
const towardsAnother = (v: PolicyViewer, s: MemberSubject) => seesMember(v, s) && !s.relation.self;

/**
 * Every access rule, in one table: an action and the predicate that allows it. Services
 * ask through access.ts; nothing else reads roles, follows, blocks or privacy flags.
 * Admins moderate listings and feedback; they get no look past a member's privacy flags.
 */
export const siteRules = {
  "admin.access": isAdmin,
  "feedback.list": isAdmin,
  /** Turning a feedback item into a correction of its school, or dismissing it. */
  "feedback.review": isAdmin,
  /** The open-mat submission queue and its decisions (approve, merge, reject). */
  "submissions.review": isAdmin,
  /** The admin audit log. */
  "audit.read": isAdmin,
  /** Sending an open mat for review (spec §6: the modal is for signed-in users). */
  "submissions.create": signedIn,
  "member.area": signedIn,
  /** Reporting a post, profile, message or review (what the reporter may see is judged by its own rule). */
  "reports.create": signedIn,
  /** The reports queue and its decisions (remove the content, dismiss). */
  "reports.review": isAdmin,
  /** The gym claims queue (issue 21) and its decisions (approve, reject). */
  "claims.review": isAdmin,
  /** The stale listings: flagged schedules and schools no check-in confirmed lately. */
  "listings.stale.read": isAdmin,
  /** Every school's cancellations and moves at once, and the school search beside them (/admin). */
  "exceptions.list": isAdmin,
} satisfies Record<string, (viewer: PolicyViewer) => boolean>;

export const memberRules = {
  "profile.read": seesMember,
  "profile.edit": (v: PolicyViewer, s: MemberSubject) => signedIn(v) && s.relation.self,
  "profile.beltLevel.read": sharedBy("showBeltLevel"),
  "profile.aboutMe.read": sharedBy("showAboutMe"),
  "profile.city.read": sharedBy("showCity"),
  "profile.homeGym.read": sharedBy("showHomeGym"),
  "profile.badgeCount.read": sharedBy("showBadgeCount"),
  "favorites.read": sharedBy("showSavedGymNames"),
  "checkins.read": seesMember,
  /**
   * Which gym a check-in was at, in any form: its name, id, slug, link, city, state, zone
   * or position, on every list, card and page. Refused, the viewer learns only that there
   * was a check-in and when.
   */
  "checkins.gymNames.read": sharedBy("showCheckInGymNames"),
  "checkins.delete": (v: PolicyViewer, s: MemberSubject) => signedIn(v) && s.relation.self,
  "badges.read": seesMember,
  "badges.progress.read": (v: PolicyViewer, s: MemberSubject) => signedIn(v) && s.relation.self,
  "user.follow": towardsAnother,
  "user.message": towardsAnother,
  "user.block": (v: PolicyViewer, s: MemberSubject) => signedIn(v) && !s.relation.self,
  /** A member's notifications (the subject is their owner) are theirs alone, admins included. */
  "notifications.read": (v: PolicyViewer, s: MemberSubject) => signedIn(v) && s.relation.self,
  "notifications.update": (v: PolicyViewer, s: MemberSubject) => signedIn(v) && s.relation.self,
  /** A device's push subscription (issue 22; the subject is its member): changed or ended by them alone. */
  "push.manage": (v: PolicyViewer, s: MemberSubject) => signedIn(v) && s.relation.self,
  /**
   * Who wrote a gym's review (issue 22), guests included: reviews are public. A review shows
   * its author visited the gym, so it is named only as far as their check-in gyms are shared
   * (showCheckInGymNames), and never across a block; otherwise it reads "A member".
   */
  "review.author.read": (_v: PolicyViewer, s: MemberSubject) =>
    !s.relation.blocked && (s.relation.self || s.settings.showCheckInGymNames),
  /**
   * Their name among those going to an open mat (issue 22), by their showGoing: everyone
   * (any signed-in member), followers (members who follow them) or nobody (themselves only).
   * Everyone sees how many are going; a block hides the name either way.
   */
  "going.names.read": (v: PolicyViewer, s: MemberSubject) =>
    seesMember(v, s) &&
    (s.relation.self || s.showGoing === "everyone" || (s.showGoing === "followers" && s.relation.follows)),
} satisfies Record<string, (viewer: PolicyViewer, subject: MemberSubject) => boolean>;

export type SiteAction = keyof typeof siteRules;
export type MemberAction = keyof typeof memberRules;

/**
 * Spec §5 "Post": Private is the author's alone; Friends reaches the people the author
 * follows (the viewer is `followedBy` the author); Public reaches every signed-in member.
 * A block hides everything either way. A photo not yet in a post is judged as Private.
 */
const seesPost = (v: PolicyViewer, s: PostSubject) =>
  seesMember(v, s) &&
  (s.relation.self || s.visibility === "Public" || (s.visibility === "Friends" && s.relation.followedBy));

export const postRules = {
  "post.read": seesPost,
  "post.photo.read": seesPost,
  "post.like": seesPost,
  /** Admins remove posts in moderation; otherwise only the author. */
  "post.delete": (v: PolicyViewer, s: PostSubject) => signedIn(v) && (s.relation.self || isAdmin(v)),
} satisfies Record<string, (viewer: PolicyViewer, subject: PostSubject) => boolean>;

export type PostAction = keyof typeof postRules;

/**
 * A conversation as the rules see it: whether the viewer is one of its two members, and
 * how the viewer stands to the other one (for anyone else, to either).
 */
export interface ConversationSubject {
  participant: boolean;
  relation: Relation;
}

/**
 * Only the two members read or write a conversation; admins get no look in. A block either
 * way hides it from both (the block dialog promises "neither of you will see the other's
 * messages"): nothing is deleted, and lifting the block brings it back.
 */
const inConversation = (v: PolicyViewer, s: ConversationSubject) =>
  signedIn(v) && s.participant && !s.relation.blocked && !s.relation.self;

export const conversationRules = {
  "conversation.read": inConversation,
  "conversation.write": inConversation,
} satisfies Record<string, (viewer: PolicyViewer, subject: ConversationSubject) => boolean>;

export type ConversationAction = keyof typeof conversationRules;

/** A school as the rules see it (issue 21): whether the viewer is one of its owners. */
export interface SchoolSubject {
  owner: boolean;
}

/** Admins, and the school's own owners, keep a listing; no one else, whatever else they are. */
const keepsListing = (v: PolicyViewer, s: SchoolSubject) => signedIn(v) && (isAdmin(v) || s.owner);

/**
 * What may be done to one school, by its owners and by admins. Services ask through
 * access.ts with the subject from the owners feature; nothing else checks ownership.
 */
export const schoolRules = {
  /** Its schedule (the structured editor), contact fields and visitor rules. */
  "school.edit": keepsListing,
  /** Cancelling, moving and restoring one of its open mats, or closing a day (issue 20). */
  "school.exceptions": keepsListing,
  /** Confirming the parser's reading of its schedule text, so no "check with the gym" mark shows. */
  "school.confirmSchedule": keepsListing,
  /** Who changed what on it, and when. */
  "school.history.read": keepsListing,
  /** What the listing did: views, opens, direction taps, downloads, saves, check-ins. */
  "school.stats.read": keepsListing,
  /** Feedback and corrections sent about it: reading, applying, dismissing. */
  "school.feedback.decide": keepsListing,
  /** The list of its owners. */
  "school.owners.read": keepsListing,
  /** Removing an owner other than oneself. */
  "school.owners.remove": (v: PolicyViewer, _s: SchoolSubject) => isAdmin(v),
  /** Answering a review of it, once per review (issue 22). */
  "school.reviews.reply": keepsListing,
  /** An owner giving the listing up. */
  "school.owners.leave": (v: PolicyViewer, s: SchoolSubject) => signedIn(v) && s.owner,
} satisfies Record<string, (viewer: PolicyViewer, subject: SchoolSubject) => boolean>;

export type SchoolAction = keyof typeof schoolRules;
