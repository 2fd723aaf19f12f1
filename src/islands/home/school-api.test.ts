import { describe, expect, it } from "bun:test";
import { dayBit, toSchoolSummary } from "../../common/home";
import { encodePins, PinsMismatch } from "../../common/pins-codec";
import { ruleBit } from "../../common/visitor-rules";
import { type ApiSchool, rowFromSummary, rowsFromPins } from "./school-api";

const apiSchool: ApiSchool = {
  id: 7,
  slug: "ten-point-austin",
  gym: "Ten Point Austin",
  address: "1 Main St, Austin, TX",
  city: "Austin",
  state: "TX",
  latitude: 30.27,
  longitude: -97.74,
  timeZone: "America/Chicago",
  dayAndTime: "Sat 11am; Sun 10am",
  sessions: [],
  rating: 4.5,
  reviewCount: 12,
  confirmedAt: null,
  website: null,
  communityNotes: null,
  monday: false,
  tuesday: false,
  wednesday: true,
  thursday: false,
  friday: false,
  saturday: true,
  sunday: true,
};

describe("API schools as summaries", () => {
  it("turns the day flags into the pins' mask", () => {
    const summary = toSchoolSummary(apiSchool);
    expect(summary.days).toBe(dayBit.wednesday | dayBit.saturday | dayBit.sunday);
    expect(summary).not.toHaveProperty("distance");
    expect(summary).not.toHaveProperty("website");
  });

  it("keeps the visitor rules, and turns them and the sessions' notes into the pins' rule bits", () => {
    const summary = toSchoolSummary({
      ...apiSchool,
      visitorRules: { matFee: 0, attire: "gi" },
      sessions: [{ weekday: 0, start: 600, end: null, notes: ["No-Gi"] }],
    });
    expect(summary.visitorRules).toEqual({ matFee: 0, attire: "gi" });
    expect(rowFromSummary(summary).rules).toBe(ruleBit.free | ruleBit.gi | ruleBit.nogi);
    expect(rowFromSummary(toSchoolSummary(apiSchool)).rules).toBe(0);
    expect(toSchoolSummary(apiSchool)).not.toHaveProperty("visitorRules");
  });

  it("keeps the distance when the API gave one", () => {
    expect(toSchoolSummary({ ...apiSchool, distance: 3.2 }).distance).toBe(3.2);
    expect(rowFromSummary(toSchoolSummary({ ...apiSchool, distance: 3.2 }))).toMatchObject({
      id: 7,
      lat: 30.27,
      lng: -97.74,
      name: "Ten Point Austin",
      distance: 3.2,
    });
  });
});

describe("rowsFromPins", () => {
  it("decodes the pins body and its names into rows without summaries, by id", () => {
    const { pins, names } = encodePins([
      { id: 9, lat: 30.2655, lng: -97.7437, name: "Capital City Grappling", days: 0b1000001 },
      { id: 3, lat: 40.1, lng: -75.2, name: "Gym", days: 65, rules: 0b110 },
    ]);
    expect(rowsFromPins(pins, names)).toEqual([
      { id: 3, lat: 40.1, lng: -75.2, name: "Gym", days: 65, rules: 0b110, summary: null },
      {
        id: 9,
        lat: 30.2655,
        lng: -97.7437,
        name: "Capital City Grappling",
        days: 0b1000001,
        rules: 0,
        summary: null,
      },
    ]);
  });

  it("refuses names made with other pins, so no row is named from another school", () => {
    const before = encodePins([{ id: 1, lat: 30, lng: -97, name: "Old Name", days: 1 }]);
    const after = encodePins([{ id: 1, lat: 30, lng: -97, name: "New Name", days: 1 }]);
    expect(() => rowsFromPins(after.pins, before.names)).toThrow(PinsMismatch);
    expect(rowsFromPins(after.pins, after.names)[0]?.name).toBe("New Name");
  });
});
