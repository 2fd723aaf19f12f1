import { describe, expect, it } from "bun:test";
import { HttpError } from "../http/errors";
import { can, requireSchoolAccess } from "./access";
import { STRANGER } from "./relation";
import { type SchoolAction, schoolRules } from "./rules";
import { GUEST, type PolicyViewer } from "./viewer";

/**
 * The school rules as a truth table written by hand (issue 21): viewer kind x whether the
 * viewer owns the school. Add a row with every rule added to schoolRules.
 */
//                                         guest   member: owner, not   admin: owner, not
type Row = [guest: boolean, memberOwner: boolean, member: boolean, adminOwner: boolean, admin: boolean];
const table: Record<SchoolAction, Row> = {
  "school.edit": [false, true, false, true, true],
  "school.exceptions": [false, true, false, true, true],
  "school.confirmSchedule": [false, true, false, true, true],
  "school.history.read": [false, true, false, true, true],
  "school.stats.read": [false, true, false, true, true],
  "school.feedback.decide": [false, true, false, true, true],
  "school.owners.read": [false, true, false, true, true],
  "school.reviews.reply": [false, true, false, true, true],
  "school.owners.remove": [false, false, false, true, true],
  "school.owners.leave": [false, true, false, true, false],
};

const member: PolicyViewer = { kind: "member", id: 7 };
const admin: PolicyViewer = { kind: "admin", id: 8 };

describe("school rules", () => {
  it("has a row for every rule", () => {
    expect(Object.keys(table).sort()).toEqual(Object.keys(schoolRules).sort());
  });

  it("every action x viewer x owner or not", () => {
    const wrong: string[] = [];
    for (const [action, row] of Object.entries(table) as [SchoolAction, Row][]) {
      const got: Row = [
        // A guest is never an owner; the subject is what a caller could wrongly pass.
        can(GUEST, action, { owner: true }),
        can(member, action, { owner: true }),
        can(member, action, { owner: false }),
        can(admin, action, { owner: true }),
        can(admin, action, { owner: false }),
      ];
      if (JSON.stringify(got) !== JSON.stringify(row)) wrong.push(`${action}: ${JSON.stringify(got)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("a school subject never passes a member rule, nor a member subject a school rule", () => {
    expect(can(member, "profile.read", { owner: true } as never)).toBe(false);
    expect(can(admin, "school.edit", { relation: STRANGER, settings: {} } as never)).toBe(false);
  });

  it("answers 401 to a guest and the same 404 for another's school as for a missing one", () => {
    const statusOf = (fn: () => void) => {
      try {
        fn();
        return 200;
      } catch (error) {
        return error instanceof HttpError ? `${error.status} ${error.message}` : "thrown";
      }
    };
    expect(statusOf(() => requireSchoolAccess(GUEST, "school.edit", { owner: true }, "gone"))).toBe(
      "401 Not authenticated",
    );
    expect(statusOf(() => requireSchoolAccess(member, "school.edit", { owner: false }, "gone"))).toBe(
      "404 gone",
    );
    expect(statusOf(() => requireSchoolAccess(member, "school.edit", null, "gone"))).toBe("404 gone");
    expect(statusOf(() => requireSchoolAccess(admin, "school.edit", null, "gone"))).toBe("404 gone");
    expect(statusOf(() => requireSchoolAccess(member, "school.edit", { owner: true }, "gone"))).toBe(200);
    expect(statusOf(() => requireSchoolAccess(admin, "school.edit", { owner: false }, "gone"))).toBe(200);
  });
});
