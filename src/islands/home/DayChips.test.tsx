import { describe, expect, it } from "bun:test";
import { useState } from "react";
import type { HomeQuery } from "../../common/home";
import { DayChips } from "./DayChips";
import { withDom } from "./test-dom";
import { click, render } from "./test-render";

withDom();

const start: HomeQuery = { search: "austin", days: [], rules: [], saved: false, open: "now", school: null };

/** Holds the query as the island's store does, and shows it for the assertions. */
function Harness({ signedIn }: { signedIn: boolean }) {
  const [query, setQuery] = useState(start);
  return (
    <>
      <DayChips query={query} signedIn={signedIn} onChange={(patch) => setQuery({ ...query, ...patch })} />
      <output>{JSON.stringify({ days: query.days, saved: query.saved })}</output>
    </>
  );
}

async function setup(signedIn = true) {
  const view = await render(<Harness signedIn={signedIn} />);
  const chip = (name: string) =>
    [...view.container.querySelectorAll("button")].find(
      (b) => (b.getAttribute("aria-label") ?? b.textContent) === name,
    ) as HTMLButtonElement;
  const pressed = () =>
    [...view.container.querySelectorAll("button[aria-pressed=true]")].map(
      (b) => b.getAttribute("aria-label") ?? b.textContent,
    );
  const state = () => JSON.parse(view.container.querySelector("output")?.textContent ?? "{}");
  return { ...view, chip, pressed, state };
}

describe("DayChips", () => {
  it("follows the spec's transitions: a day removes 'All', the last day brings it back", async () => {
    const { chip, pressed, state, unmount } = await setup();
    expect(pressed()).toEqual(["All"]);
    await click(chip("Saturday"));
    expect(pressed()).toEqual(["Saturday"]);
    await click(chip("Monday"));
    expect(pressed()).toEqual(["Monday", "Saturday"]);
    expect(state().days).toEqual(["monday", "saturday"]);
    await click(chip("Saturday"));
    await click(chip("Monday"));
    expect(pressed()).toEqual(["All"]);
    await click(chip("Sunday"));
    await click(chip("All"));
    expect(pressed()).toEqual(["All"]);
    expect(state().days).toEqual([]);
    await unmount();
  });

  it("carries, for use before hydration, the state each chip leads to and the rest of the query", async () => {
    const { container, chip, unmount } = await setup();
    await click(chip("Saturday"));
    expect(chip("Monday").value).toBe("monday,saturday");
    expect(chip("Saturday").value).toBe("");
    expect(chip("Monday").name).toBe("days");
    const form = chip("Monday").form as HTMLFormElement;
    expect([form.method, form.getAttribute("action")]).toEqual(["get", "/"]);
    const hidden = [...form.querySelectorAll("input[type=hidden]")].map(
      (i) => `${i.getAttribute("name")}=${i.getAttribute("value")}`,
    );
    expect(hidden).toEqual(["search=austin", "open=now"]);
    expect(container.querySelector("fieldset legend")?.textContent).toBe("Open mat day");
    await unmount();
  });

  it("shows 'Saved Gyms' to members only", async () => {
    const guest = await setup(false);
    expect(guest.chip("Saved Gyms")).toBeUndefined();
    await guest.unmount();
    const member = await setup(true);
    await click(member.chip("Saved Gyms"));
    expect(member.pressed()).toEqual(["All", "Saved Gyms"]);
    expect(member.state().saved).toBe(true);
    expect(member.chip("Saved Gyms").value).toBe("0");
    await member.unmount();
  });
});
