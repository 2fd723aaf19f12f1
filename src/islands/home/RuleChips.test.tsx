import { describe, expect, it } from "bun:test";
import { useState } from "react";
import type { HomeQuery } from "../../common/home";
import { RuleChips } from "./RuleChips";
import { withDom } from "./test-dom";
import { click, render } from "./test-render";

withDom();

const start: HomeQuery = {
  search: "austin",
  days: ["sunday"],
  rules: [],
  saved: false,
  open: "any",
  school: null,
};

function Harness() {
  const [query, setQuery] = useState(start);
  return (
    <>
      <RuleChips query={query} onChange={(rules) => setQuery({ ...query, rules })} />
      <output>{JSON.stringify(query.rules)}</output>
    </>
  );
}

async function setup() {
  const view = await render(<Harness />);
  const chip = (name: string) =>
    [...view.container.querySelectorAll("button")].find((b) => b.textContent === name) as HTMLButtonElement;
  const pressed = () =>
    [...view.container.querySelectorAll("button[aria-pressed=true]")].map((b) => b.textContent);
  const rules = () => JSON.parse(view.container.querySelector("output")?.textContent ?? "[]");
  return { ...view, chip, pressed, rules };
}

describe("RuleChips", () => {
  it("offers the six filters, none pressed at first, in a labelled group", async () => {
    const { container, pressed, unmount } = await setup();
    expect([...container.querySelectorAll("button")].map((b) => b.textContent)).toEqual([
      "Gi",
      "No-Gi",
      "Free",
      "Beginners welcome",
      "Women only",
      "Visitors welcome",
    ]);
    expect(pressed()).toEqual([]);
    expect(container.querySelector("legend")?.textContent).toBe("Visitor rules");
    await unmount();
  });

  it("toggles each filter on and off, in the chips' order whatever the clicks' order", async () => {
    const { chip, pressed, rules, unmount } = await setup();
    await click(chip("Women only"));
    await click(chip("No-Gi"));
    expect(pressed()).toEqual(["No-Gi", "Women only"]);
    expect(rules()).toEqual(["nogi", "women"]);
    await click(chip("No-Gi"));
    expect(rules()).toEqual(["women"]);
    await click(chip("Women only"));
    expect(pressed()).toEqual([]);
    expect(rules()).toEqual([]);
    await unmount();
  });

  it("carries, for use before hydration, the filters each chip leads to and the rest of the query", async () => {
    const { container, chip, unmount } = await setup();
    await click(chip("Free"));
    expect(chip("Gi").value).toBe("gi,free");
    expect(chip("Free").value).toBe("");
    expect(chip("Free").name).toBe("rules");
    const hidden = [...container.querySelectorAll<HTMLInputElement>("input[type=hidden]")].map((i) => [
      i.name,
      i.value,
    ]);
    expect(hidden).toEqual([
      ["search", "austin"],
      ["days", "sunday"],
    ]);
    await unmount();
  });
});
