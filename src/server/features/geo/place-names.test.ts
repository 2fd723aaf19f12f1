import { expect, test } from "bun:test";
import { placeKey, wordStartsWith } from "./place-names";

test.each([
  ["Austin, TX", "austin tx"],
  ["  AUSTIN ,  tx. ", "austin tx"],
  ["St. Louis", "st louis"],
  ["Saint Louis", "st louis"],
  ["St.Louis", "st louis"],
  ["Ste. Genevieve", "sainte genevieve"],
  ["Ft. Worth", "fort worth"],
  ["Mt Pleasant", "mount pleasant"],
  ["Washington, D.C.", "washington dc"],
  ["U.S.A.", "usa"],
  ["Winston-Salem", "winston salem"],
  ["Coeur d'Alene", "coeur dalene"],
  ["Kahalu‘u", "kahaluu"],
  ["Cañon City", "canon city"],
  ["¡!?", ""],
])("%p → %p", (text, key) => {
  expect(placeKey(text)).toBe(key);
});

test("a word being typed may match either spelling of an abbreviation", () => {
  expect(wordStartsWith("st", "sai")).toBe(true);
  expect(wordStartsWith("st", "st")).toBe(true);
  expect(wordStartsWith("sterling", "ste")).toBe(true);
  expect(wordStartsWith("sainte", "ste")).toBe(true);
  expect(wordStartsWith("mount", "mt")).toBe(true);
  expect(wordStartsWith("stockton", "sai")).toBe(false);
});
