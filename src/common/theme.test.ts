import { describe, expect, it } from "bun:test";
import { join } from "node:path";
import { BACKGROUND_COLOR, THEME_COLOR } from "./theme";

describe("theme colours", () => {
  it("are the stylesheet's --blue and --bg", async () => {
    const css = await Bun.file(join(import.meta.dir, "../client/styles.css")).text();
    const value = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6});`, "i").exec(css)?.[1];
    expect(value("blue")).toBe(THEME_COLOR);
    expect(value("bg")).toBe(BACKGROUND_COLOR);
  });
});
