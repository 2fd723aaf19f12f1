import { describe, expect, it } from "bun:test";
import { similarNames } from "./service";

describe("similarNames (duplicate candidates for the review queue)", () => {
  it.each([
    ["Eastside Jiu-Jitsu", "Eastside Jiu Jitsu", true],
    ["Capital City Grappling", "Capital City Grappling Academy", true],
    ["Gracie Barra Austin", "gracie barra", true],
    ["Atos Jiu-Jitsu", "Eastside Jiu-Jitsu", false],
    ["Riverside Grappling Club", "Capital City Grappling", false],
    ["BJJ", "bjj", true],
    ["BJJ", "MMA", false],
  ])("%s ~ %s: %s", (a, b, expected) => {
    expect(similarNames(a, b)).toBe(expected);
  });
});
