import { describe, expect, it } from "bun:test";
import { freshestSource, type Provenance, provenanceText } from "./freshness";

const now = new Date("2026-06-10T18:00:00Z");

describe("provenanceText", () => {
  it.each([
    [null, null],
    [{ kind: "checkin", at: "2026-06-10T12:00:00Z" }, "Confirmed by a check-in today"],
    [{ kind: "checkin", at: "2026-06-09T17:00:00Z" }, "Confirmed by a check-in yesterday"],
    [{ kind: "gym", at: "2026-06-10T00:00:00Z" }, "Updated by the gym today"],
    [{ kind: "submission", at: "2026-06-01T18:00:00Z" }, "From a member's submission, approved 9 days ago"],
    [{ kind: "import", at: "2026-06-08T17:59:00Z" }, "Imported 2 days ago"],
    [{ kind: "admin", at: "2026-06-09T18:00:00Z" }, "Updated by an admin yesterday"],
    // A clock slightly behind the server's never reads as the future.
    [{ kind: "gym", at: "2026-06-10T18:05:00Z" }, "Updated by the gym today"],
  ] as [Provenance | null, string | null][])("%o → %s", (provenance, text) => {
    expect(provenanceText(provenance, now)).toBe(text);
  });
});

describe("freshestSource", () => {
  const at = new Date("2026-06-05T10:00:00Z");
  it("is the check-in when it is newer than the source, or at the same moment", () => {
    expect(freshestSource({ kind: "gym", at }, "2026-06-06T10:00:00.000Z")).toEqual({
      kind: "checkin",
      at: "2026-06-06T10:00:00.000Z",
    });
    expect(freshestSource({ kind: "import", at }, at.toISOString())?.kind).toBe("checkin");
  });

  it("is the source when it is newer, or when no check-in confirmed the listing", () => {
    expect(freshestSource({ kind: "submission", at }, "2026-06-04T10:00:00.000Z")).toEqual({
      kind: "submission",
      at: at.toISOString(),
    });
    expect(freshestSource({ kind: "admin", at }, null)).toEqual({ kind: "admin", at: at.toISOString() });
  });

  it("is null when neither is known", () => {
    expect(freshestSource({ kind: "import", at: null }, null)).toBeNull();
    expect(freshestSource({ kind: "import", at: null }, at.toISOString())?.kind).toBe("checkin");
  });
});
