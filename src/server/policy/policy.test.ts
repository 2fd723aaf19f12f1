import { describe, expect, it } from "bun:test";
import { type ShowGoing, showGoingChoices } from "../../common/schemas/going";
import { type PostVisibility, postVisibilities } from "../../common/schemas/posts";
import { type PrivacyFlag, type PrivacySettings, privacyFlags } from "../../common/schemas/settings";
import { HttpError } from "../http/errors";
import { can, requireAccess, requireConversationAccess } from "./access";
import { type Relation, STRANGER } from "./relation";
import {
  type ConversationAction,
  conversationRules,
  type MemberAction,
  memberRules,
  type PostAction,
  postRules,
  type SiteAction,
  siteRules,
} from "./rules";
import { GUEST, type PolicyViewer } from "./viewer";

/**
 * The access policy as a truth table written by hand: viewer x relation x privacy flag x
 * action. Add a row here with every rule added to rules.ts (the first test insists).
 */

const relations = {
  self: { ...STRANGER, self: true },
  follows: { ...STRANGER, follows: true },
  followedBy: { ...STRANGER, followedBy: true },
  mutual: { ...STRANGER, follows: true, followedBy: true },
  stranger: STRANGER,
  // A block removes the follows between the two, so a blocked pair has no follow.
  blocked: { ...STRANGER, blocked: true },
} satisfies Record<string, Relation>;
type RelationName = keyof typeof relations;
const relationNames = Object.keys(relations) as RelationName[];

/**
 * For a signed-in viewer (member or admin: admins get no look past privacy flags), by
 * relation: Y allowed, N refused, F allowed only while the row's flag is on.
 */
type Cell = "Y" | "N" | "F";
//                                    flag                      self follows followedBy mutual stranger blocked
const memberTable: Record<MemberAction, [PrivacyFlag | null, Cell, Cell, Cell, Cell, Cell, Cell]> = {
  "profile.read": [null, "Y", "Y", "Y", "Y", "Y", "N"],
  "profile.edit": [null, "Y", "N", "N", "N", "N", "N"],
  "profile.beltLevel.read": ["showBeltLevel", "Y", "F", "F", "F", "F", "N"],
  "profile.aboutMe.read": ["showAboutMe", "Y", "F", "F", "F", "F", "N"],
  "profile.city.read": ["showCity", "Y", "F", "F", "F", "F", "N"],
  "profile.homeGym.read": ["showHomeGym", "Y", "F", "F", "F", "F", "N"],
  "profile.badgeCount.read": ["showBadgeCount", "Y", "F", "F", "F", "F", "N"],
  "favorites.read": ["showSavedGymNames", "Y", "F", "F", "F", "F", "N"],
  "checkins.read": [null, "Y", "Y", "Y", "Y", "Y", "N"],
  "checkins.gymNames.read": ["showCheckInGymNames", "Y", "F", "F", "F", "F", "N"],
  "checkins.delete": [null, "Y", "N", "N", "N", "N", "N"],
  "badges.read": [null, "Y", "Y", "Y", "Y", "Y", "N"],
  "badges.progress.read": [null, "Y", "N", "N", "N", "N", "N"],
  "user.follow": [null, "N", "Y", "Y", "Y", "Y", "N"],
  "user.message": [null, "N", "Y", "Y", "Y", "Y", "N"],
  // Blocking again is allowed (and a no-op), so a block does not refuse it.
  "user.block": [null, "N", "Y", "Y", "Y", "Y", "Y"],
  "notifications.read": [null, "Y", "N", "N", "N", "N", "N"],
  "notifications.update": [null, "Y", "N", "N", "N", "N", "N"],
  "push.manage": [null, "Y", "N", "N", "N", "N", "N"],
  "review.author.read": ["showCheckInGymNames", "Y", "F", "F", "F", "F", "N"],
  // No privacy flag decides it but showGoing (its own table below); without one, only oneself.
  "going.names.read": [null, "Y", "N", "N", "N", "N", "N"],
};

/**
 * going.names.read by the goer's showGoing, one Y/N per relation (self, follows, followedBy,
 * mutual, stranger, blocked), the same for members and admins; guests are refused all.
 * "followers" reaches members who follow the goer (the viewer `follows` them).
 */
const goingNamesTable: Record<ShowGoing, string> = {
  everyone: "YYYYYN",
  followers: "YYNYNN",
  nobody: "YNNNNN",
};

/** Member actions a guest is judged on like anyone else (reviews are public); the rest refuse guests. */
const openToGuests: ReadonlySet<MemberAction> = new Set(["review.author.read"]);

/**
 * Post actions by visibility, for a member and for an admin: one Y/N per relation, in the
 * order self, follows, followedBy, mutual, stranger, blocked. Friends reach the people the
 * author follows (followedBy); no privacy flag plays a part. Guests are refused all.
 */
type PostCells = { member: string; admin: string };
const readable: Record<PostVisibility, PostCells> = {
  Private: { member: "YNNNNN", admin: "YNNNNN" },
  Friends: { member: "YNYYNN", admin: "YNYYNN" },
  Public: { member: "YYYYYN", admin: "YYYYYN" },
};
const postTable: Record<PostAction, Record<PostVisibility, PostCells>> = {
  "post.read": readable,
  "post.photo.read": readable,
  "post.like": readable,
  // Admins remove any post in moderation, even one hidden from them.
  "post.delete": {
    Private: { member: "YNNNNN", admin: "YYYYYY" },
    Friends: { member: "YNNNNN", admin: "YYYYYY" },
    Public: { member: "YNNNNN", admin: "YYYYYY" },
  },
};

/**
 * Conversation actions: one Y/N per relation to the other member (self, follows, followedBy,
 * mutual, stranger, blocked), for a participant and for anyone else, the same for members
 * and admins (admins get no look into conversations). A block hides it from both members.
 * Guests are refused all.
 */
const conversationTable: Record<ConversationAction, { participant: string; outsider: string }> = {
  "conversation.read": { participant: "NYYYYN", outsider: "NNNNNN" },
  "conversation.write": { participant: "NYYYYN", outsider: "NNNNNN" },
};

/** Guests are refused every member action but those in `openToGuests`. Site actions by viewer kind. */
const siteTable: Record<SiteAction, { guest: boolean; member: boolean; admin: boolean }> = {
  "admin.access": { guest: false, member: false, admin: true },
  "feedback.list": { guest: false, member: false, admin: true },
  "feedback.review": { guest: false, member: false, admin: true },
  "submissions.review": { guest: false, member: false, admin: true },
  "audit.read": { guest: false, member: false, admin: true },
  "submissions.create": { guest: false, member: true, admin: true },
  "member.area": { guest: false, member: true, admin: true },
  "reports.create": { guest: false, member: true, admin: true },
  "reports.review": { guest: false, member: false, admin: true },
  "claims.review": { guest: false, member: false, admin: true },
  "listings.stale.read": { guest: false, member: false, admin: true },
  "exceptions.list": { guest: false, member: false, admin: true },
};

const viewers: Record<"guest" | "member" | "admin", PolicyViewer> = {
  guest: GUEST,
  member: { kind: "member", id: 1 },
  admin: { kind: "admin", id: 1 },
};

/** Every flag at `!on` but `flag` at `on`: a rule that reads the wrong flag shows up. */
const settingsWith = (flag: PrivacyFlag, on: boolean): PrivacySettings =>
  Object.fromEntries(privacyFlags.map((f) => [f, f === flag ? on : !on])) as PrivacySettings;

function expected(
  viewer: keyof typeof viewers,
  action: MemberAction,
  relation: RelationName,
  flag: PrivacyFlag,
  on: boolean,
) {
  if (viewer === "guest" && !openToGuests.has(action)) return false;
  const [ruleFlag, ...cells] = memberTable[action];
  const cell = cells[relationNames.indexOf(relation)];
  if (cell === "F") return (ruleFlag === flag) === on;
  return cell === "Y";
}

describe("access policy table", () => {
  it("has a row for every rule in rules.ts", () => {
    expect(Object.keys(memberTable).sort()).toEqual(Object.keys(memberRules).sort());
    expect(Object.keys(siteTable).sort()).toEqual(Object.keys(siteRules).sort());
    expect(Object.keys(postTable).sort()).toEqual(Object.keys(postRules).sort());
    expect(Object.keys(conversationTable).sort()).toEqual(Object.keys(conversationRules).sort());
  });

  for (const viewer of Object.keys(viewers) as (keyof typeof viewers)[]) {
    // relationsTo gives a guest no relation but stranger; every relation is checked anyway.
    it(`${viewer}: every member action x relation x flag on and off`, () => {
      const wrong: string[] = [];
      let checked = 0;
      for (const action of Object.keys(memberTable) as MemberAction[]) {
        for (const relation of relationNames) {
          for (const flag of privacyFlags) {
            for (const on of [true, false]) {
              if (viewer === "guest" && relation === "self") continue; // a guest is nobody's self
              const subject = { relation: relations[relation], settings: settingsWith(flag, on) };
              const got = can(viewers[viewer], action, subject);
              const want = expected(viewer, action, relation, flag, on);
              checked++;
              if (got !== want) wrong.push(`${action} ${relation} ${flag}=${on}: ${got}, expected ${want}`);
            }
          }
        }
      }
      expect(wrong).toEqual([]);
      const relationCount = relationNames.length - (viewer === "guest" ? 1 : 0);
      expect(checked).toBe(Object.keys(memberTable).length * relationCount * privacyFlags.length * 2);
    });

    it(`${viewer}: every post action x visibility x relation, flags all on and all off`, () => {
      const wrong: string[] = [];
      let checked = 0;
      for (const action of Object.keys(postTable) as PostAction[]) {
        for (const visibility of postVisibilities) {
          for (const relation of relationNames) {
            if (viewer === "guest" && relation === "self") continue;
            const cells = viewer === "guest" ? "NNNNNN" : postTable[action][visibility][viewer];
            const want = cells[relationNames.indexOf(relation)] === "Y";
            for (const on of [true, false]) {
              const settings = Object.fromEntries(privacyFlags.map((f) => [f, on])) as PrivacySettings;
              const got = can(viewers[viewer], action, {
                relation: relations[relation],
                settings,
                visibility,
              });
              checked++;
              if (got !== want) wrong.push(`${action} ${visibility} ${relation} flags=${on}: ${got}`);
            }
          }
        }
      }
      expect(wrong).toEqual([]);
      const relationCount = relationNames.length - (viewer === "guest" ? 1 : 0);
      expect(checked).toBe(Object.keys(postTable).length * postVisibilities.length * relationCount * 2);
    });

    it(`${viewer}: every conversation action x participant or not x relation`, () => {
      const wrong: string[] = [];
      for (const action of Object.keys(conversationTable) as ConversationAction[]) {
        for (const participant of [true, false]) {
          for (const relation of relationNames) {
            const cells = conversationTable[action][participant ? "participant" : "outsider"];
            const want = viewer !== "guest" && cells[relationNames.indexOf(relation)] === "Y";
            const got = can(viewers[viewer], action, { participant, relation: relations[relation] });
            if (got !== want) wrong.push(`${action} participant=${participant} ${relation}: ${got}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });

    it(`${viewer}: site actions`, () => {
      for (const action of Object.keys(siteTable) as SiteAction[]) {
        expect([action, can(viewers[viewer], action)]).toEqual([action, siteTable[action][viewer]]);
      }
    });
  }

  describe("requireConversationAccess answers", () => {
    const statusOf = (fn: () => void) => {
      try {
        fn();
        return 200;
      } catch (error) {
        return error instanceof HttpError ? `${error.status} ${error.message}` : "thrown";
      }
    };
    const mine = { participant: true, relation: STRANGER };
    it("401 for a guest; 404 alike for missing, another pair's and blocked; nothing when allowed", () => {
      const check = (viewer: PolicyViewer, subject: Parameters<typeof requireConversationAccess>[2]) =>
        statusOf(() => requireConversationAccess(viewer, "conversation.read", subject, "gone"));
      expect(check(GUEST, mine)).toBe("401 Not authenticated");
      expect(check(viewers.member, null)).toBe("404 gone");
      expect(check(viewers.member, { participant: false, relation: STRANGER })).toBe("404 gone");
      expect(check(viewers.admin, { participant: false, relation: STRANGER })).toBe("404 gone");
      expect(check(viewers.member, { participant: true, relation: relations.blocked })).toBe("404 gone");
      expect(check(viewers.member, mine)).toBe(200);
    });
    it("a conversation subject never passes a member or post rule, nor the reverse", () => {
      const member = viewers.member;
      expect(can(member, "profile.read", mine as never)).toBe(false);
      expect(
        can(member, "conversation.read", {
          relation: STRANGER,
          settings: settingsWith("showCity", true),
        } as never),
      ).toBe(false);
    });
  });

  describe("going.names.read by showGoing", () => {
    for (const viewer of Object.keys(viewers) as (keyof typeof viewers)[]) {
      it(`${viewer}: every showGoing x relation, flags all on and all off`, () => {
        const wrong: string[] = [];
        for (const showGoing of showGoingChoices) {
          for (const relation of relationNames) {
            if (viewer === "guest" && relation === "self") continue;
            const want =
              viewer !== "guest" && goingNamesTable[showGoing][relationNames.indexOf(relation)] === "Y";
            for (const on of [true, false]) {
              const settings = Object.fromEntries(privacyFlags.map((f) => [f, on])) as PrivacySettings;
              const got = can(viewers[viewer], "going.names.read", {
                relation: relations[relation],
                settings,
                showGoing,
              });
              if (got !== want) wrong.push(`${showGoing} ${relation} flags=${on}: ${got}`);
            }
          }
        }
        expect(wrong).toEqual([]);
      });
    }
  });

  describe("requireAccess answers", () => {
    const refused = { forbidden: "hidden", notFound: "no such member" };
    const subject = (relation: Relation, on = false) => ({
      relation,
      settings: settingsWith("showSavedGymNames", on),
    });
    const statusOf = (fn: () => void) => {
      try {
        fn();
        return 200;
      } catch (error) {
        return error instanceof HttpError ? `${error.status} ${error.message}` : "thrown";
      }
    };

    it("401 for a guest, 404 across a block, 403 otherwise, nothing when allowed", () => {
      expect(statusOf(() => requireAccess(GUEST, "favorites.read", subject(STRANGER, true), refused))).toBe(
        "401 Not authenticated",
      );
      expect(
        statusOf(() =>
          requireAccess(viewers.member, "favorites.read", subject(relations.blocked, true), refused),
        ),
      ).toBe("404 no such member");
      expect(
        statusOf(() => requireAccess(viewers.member, "favorites.read", subject(STRANGER), refused)),
      ).toBe("403 hidden");
      expect(
        statusOf(() => requireAccess(viewers.member, "favorites.read", subject(STRANGER, true), refused)),
      ).toBe(200);
      expect(statusOf(() => requireAccess(viewers.member, "feedback.list", { forbidden: "admins" }))).toBe(
        "403 admins",
      );
      expect(statusOf(() => requireAccess(viewers.admin, "feedback.list", { forbidden: "admins" }))).toBe(
        200,
      );
    });
  });
});
