import { afterEach, beforeEach, describe, expect, it, mock } from "bun:test";
import { act } from "react";
import { checkinMessages } from "../../common/schemas/checkins";
import { withDom } from "../home/test-dom";
import { render, wait } from "../home/test-render";
import { ProfileActivityView } from "./ProfileActivityView";

withDom();

let calls: string[] = [];
let answers: Record<string, () => Response> = {};
const list = [
  {
    id: 1,
    schoolId: 7,
    checkedInAt: "2026-03-01T12:00:00.000Z",
    verified: true,
    school: { gym: "Alpha BJJ", city: "Austin", slug: "alpha" },
  },
  {
    id: 2,
    schoolId: 8,
    checkedInAt: "2026-02-01T12:00:00.000Z",
    verified: false,
    school: { gym: "Beta", city: "Dallas", slug: "beta" },
  },
];

beforeEach(() => {
  calls = [];
  answers = {
    "GET /api/checkins": () => Response.json(list),
    "GET /api/checkins/user/42": () => Response.json([{ ...list[0], school: null }]),
    "DELETE /api/checkins/1": () => Response.json({ success: true }),
    "DELETE /api/checkins/2": () => new Response("", { status: 500 }),
  };
  globalThis.fetch = mock(async (url: string | URL | Request, init: RequestInit = {}) => {
    const key = `${init.method ?? "GET"} ${new URL(String(url), "http://localhost").pathname}`;
    calls.push(key);
    return (answers[key] ?? (() => new Response("", { status: 404 })))();
  }) as unknown as typeof fetch;
});
afterEach(() => {
  for (const el of document.querySelectorAll("#toasts")) el.remove();
});

const settle = (el: Element) =>
  act(async () => {
    (el as HTMLElement).click();
    await new Promise((done) => setTimeout(done, 30));
  });

describe("Profile activity", () => {
  it("lists the owner's check-ins with gym, city and tags; deleting removes one, a failure toasts", async () => {
    const { container, unmount } = await render(<ProfileActivityView userId={1} isOwner={true} />);
    await wait(30);
    const items = () => [...container.querySelectorAll(".checkin-item")];
    expect(items()).toHaveLength(2);
    expect(items()[0]?.textContent).toContain("Alpha BJJ · Austin");
    expect(items()[0]?.textContent).toContain("Verified");
    expect(items()[1]?.textContent).toContain("Pending");
    const del = (i: number) => items()[i]?.querySelector("button") as HTMLButtonElement;
    expect(del(0).getAttribute("aria-label")).toStartWith("Delete check-in at Alpha BJJ");
    await settle(del(0));
    expect(calls).toContain("DELETE /api/checkins/1");
    expect(items()).toHaveLength(1);
    await settle(del(0));
    expect(document.querySelector(".toast")?.textContent).toContain(checkinMessages.deleteFailed);
    expect(items()).toHaveLength(1);
    await unmount();
  });

  it("shows another member's check-ins without delete, and a hidden gym name", async () => {
    const { container, unmount } = await render(<ProfileActivityView userId={42} isOwner={false} />);
    await wait(30);
    expect(calls).toEqual(["GET /api/checkins/user/42"]);
    expect(container.querySelector(".checkin-item")?.textContent).toContain("A gym");
    expect(container.querySelector(".checkin-item button")).toBeNull();
    await unmount();
  });
});
