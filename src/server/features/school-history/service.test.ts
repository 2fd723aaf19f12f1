import { describe, expect, it } from "bun:test";
import { changedFields } from "./service";

describe("changedFields", () => {
  it("lists only the fields that changed, with both values", () => {
    expect(
      changedFields(
        { website: "https://a.example", phone: null, sessions: [{ weekday: 6 }] },
        { website: "https://b.example", phone: null, sessions: [{ weekday: 6 }] },
      ),
    ).toEqual({ website: { before: "https://a.example", after: "https://b.example" } });
  });

  it("treats a missing field as null, and compares objects by value", () => {
    expect(changedFields({}, { phone: null, rules: { fee: 0 } })).toEqual({
      rules: { before: null, after: { fee: 0 } },
    });
    expect(changedFields({ rules: { fee: 0 } }, { rules: { fee: 0 } })).toEqual({});
  });
});
