import { describe, expect, it } from "bun:test";
import * as v from "valibot";
import { ruleFilterParam, sessionRuleKey, visitorRulesSchema } from "./schemas/visitor-rules";
import {
  effectiveRules,
  matchesRules,
  ownRules,
  parseRuleFilter,
  ruleBit,
  toggleRule,
  visitorRuleBits,
  visitorRulesLine,
} from "./visitor-rules";

const session = (notes: string[] = [], rules?: object) => ({ notes, ...(rules ? { rules } : {}) });

describe("visitorRuleBits", () => {
  it("matches Gi and No-Gi by attire, 'both' by either, and by a session's note", () => {
    expect(visitorRuleBits({ attire: "gi" }, [])).toBe(ruleBit.gi);
    expect(visitorRuleBits({ attire: "nogi" }, [])).toBe(ruleBit.nogi);
    expect(visitorRuleBits({ attire: "both" }, [])).toBe(ruleBit.gi | ruleBit.nogi);
    expect(visitorRuleBits(undefined, [session(["No-Gi"]), session(["Beginners"])])).toBe(ruleBit.nogi);
    expect(visitorRuleBits({}, [session(["Gi", "All levels"])])).toBe(ruleBit.gi);
  });

  it("calls only a known fee of 0 free", () => {
    expect(visitorRuleBits({ matFee: 0 }, [])).toBe(ruleBit.free);
    expect(visitorRuleBits({ matFee: 10 }, [])).toBe(0);
    expect(visitorRuleBits({}, [session(["Free"])])).toBe(0);
  });

  it("welcomes beginners at an all-levels open mat, never at an experienced-only one", () => {
    expect(visitorRuleBits({ level: "beginners" }, [])).toBe(ruleBit.beginners);
    expect(visitorRuleBits({ level: "all" }, [])).toBe(ruleBit.beginners);
    expect(visitorRuleBits({ level: "experienced" }, [])).toBe(0);
  });

  it("reads women only and visitors welcome only when said so", () => {
    expect(visitorRuleBits({ womenOnly: true, visitors: "welcome" }, [])).toBe(
      ruleBit.women | ruleBit.visitors,
    );
    expect(visitorRuleBits({ womenOnly: false, visitors: "membersOnly" }, [])).toBe(0);
  });

  it("matches a school by any session's own rules on top of the school's", () => {
    const bits = visitorRuleBits({ attire: "gi", matFee: 5 }, [session([], { attire: "nogi", matFee: 0 })]);
    expect(bits).toBe(ruleBit.gi | ruleBit.nogi | ruleBit.free);
    expect(matchesRules(bits, ["gi", "nogi"])).toBe(true);
    expect(matchesRules(bits, ["gi", "women"])).toBe(false);
    expect(matchesRules(0, [])).toBe(true);
  });
});

describe("a session's rules", () => {
  it("are the school's with its own on top; 'adults only' drops the school's age", () => {
    expect(effectiveRules({ attire: "gi", matFee: 10 }, { attire: "nogi" })).toEqual({
      attire: "nogi",
      matFee: 10,
    });
    expect(effectiveRules({ kids: "allowed", minAge: 12 }, { kids: "adultsOnly" })).toEqual({
      kids: "adultsOnly",
    });
    expect(effectiveRules({ kids: "allowed", minAge: 12 }, { kids: "allowed" })).toEqual({ kids: "allowed" });
    expect(effectiveRules(undefined, undefined)).toEqual({});
  });

  it("are stored as only what differs from the school's", () => {
    expect(ownRules({ attire: "gi", matFee: 10 }, { attire: "gi", matFee: 10 })).toBeUndefined();
    expect(ownRules({ attire: "gi", matFee: 10 }, { attire: "nogi", matFee: 10 })).toEqual({
      attire: "nogi",
    });
    expect(ownRules({ kids: "allowed", minAge: 12 }, { kids: "allowed", minAge: 16 })).toEqual({
      kids: "allowed",
      minAge: 16,
    });
  });

  it("are named by weekday, start, ordinals in any order and date", () => {
    expect(sessionRuleKey({ weekday: 6, start: 600, ordinals: [-1, 2] })).toBe(
      sessionRuleKey({ weekday: 6, start: 600, ordinals: [2, -1] }),
    );
    expect(sessionRuleKey({ weekday: 6, start: 600 })).toBe(
      sessionRuleKey({ weekday: 6, start: 600, ordinals: [] }),
    );
    expect(sessionRuleKey({ weekday: 6, start: 600, date: "2026-03-07" })).not.toBe(
      sessionRuleKey({ weekday: 6, start: 600 }),
    );
  });
});

describe("the rules' schema and words", () => {
  it("keeps only what is known", () => {
    expect(
      v.parse(visitorRulesSchema, {
        matFee: "unknown",
        attire: null,
        womenOnly: false,
        waiverUrl: " ",
        loanerGi: true,
      }),
    ).toEqual({ womenOnly: false, loanerGi: true });
    expect(v.parse(visitorRulesSchema, { matFee: "free" })).toEqual({ matFee: 0 });
    expect(v.parse(visitorRulesSchema, { matFee: 19.99 })).toEqual({ matFee: 19.99 });
  });

  it("writes them as one line for a calendar", () => {
    expect(visitorRulesLine({ matFee: 10, attire: "nogi", waiverUrl: "https://example.com/w" })).toBe(
      "Mat fee: $10 · No-Gi · Sign the waiver ahead: https://example.com/w",
    );
    expect(visitorRulesLine({})).toBe("");
  });
});

describe("the filters in a URL", () => {
  it("drop unknown words on the home screen and refuse them on the API", () => {
    expect(parseRuleFilter("free, nogi,parking,")).toEqual(["nogi", "free"]);
    expect(parseRuleFilter(null)).toEqual([]);
    const param = v.object({ rules: ruleFilterParam });
    expect(v.parse(param, { rules: "women,gi" })).toEqual({ rules: ["gi", "women"] });
    expect(v.parse(param, { rules: "" })).toEqual({ rules: [] });
    expect(v.safeParse(param, { rules: "gi,parking" }).success).toBe(false);
  });

  it("toggle in the chips' order", () => {
    expect(toggleRule([], "women")).toEqual(["women"]);
    expect(toggleRule(["women"], "gi")).toEqual(["gi", "women"]);
    expect(toggleRule(["gi", "women"], "gi")).toEqual(["women"]);
  });
});
