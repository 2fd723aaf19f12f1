/**
 * Issue 23, "what a new user tripped on", /admin at 390 px (where it was seen): every tab in
 * sight (they wrap, none off-screen) and still moved by the arrow keys; the submitter named by
 * username; two pending submissions of one gym flag each other; a long e-mail and link wrap
 * inside the card after "@" and "/" rather than running off the screen. Axe at that width.
 */
import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { hydratedIsland, signedInMember } from "./support/accounts";
import { signedInAdmin } from "./support/admin";
import { expectNoViolations } from "./support/axe";
import { sameOrigin } from "./support/origin";

const PHONE = { width: 390, height: 844 };

const submit = async (page: Page, gym: string, email: string, link: string) => {
  const res = await page.request.post(
    "/api/schools",
    sameOrigin({
      data: {
        gym,
        address: "500 W 2nd St, Austin, TX 78701",
        dayAndTime: "Saturday 10:00am - 12:00pm",
        link,
        communityNotes: "",
        emailForConfirmation: email,
        saturday: true,
      },
    }),
  );
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
};

test("/admin at 390 px: tabs in sight and keyboard-moved, usernames, pending duplicates, e-mails and links that wrap", async ({
  browser,
}) => {
  const gym = `Twin Submission ${randomBytes(3).toString("hex")} Grappling`;
  const first = await signedInMember(browser, "twina");
  const second = await signedInMember(browser, "twinb");
  const a = await submit(
    first.page,
    gym,
    "a.very.long.confirmation.address@example-gym-domain.test",
    "https://riverside.example/open-mat/saturday-schedule-and-rules",
  );
  const b = await submit(second.page, gym, "", "");
  await first.close();
  await second.close();

  const admin = await signedInAdmin(browser);
  const page = admin.page;
  await page.setViewportSize(PHONE);
  await page.goto("/admin");
  const island = await hydratedIsland(page, "AdminDashboard");

  // Every tab inside the screen, and the page itself no wider than it.
  const tabs = island.getByRole("tab");
  await expect(tabs).toHaveCount(7);
  for (const tab of await tabs.all()) {
    const box = await tab.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The submitter by username; each twin lists the other as a possible duplicate.
  const itemA = island.locator(`#submission-${a}`);
  const itemB = island.locator(`#submission-${b}`);
  await itemA.scrollIntoViewIfNeeded();
  await expect(itemA.getByRole("link", { name: `@${first.member.username}` })).toBeVisible();
  await expect(itemA.getByText("Member #")).toHaveCount(0);
  await expect(itemB.getByRole("link", { name: `@${second.member.username}` })).toBeVisible();
  const dupsA = itemA.getByRole("region", { name: "Possible duplicates" });
  await expect(dupsA.locator(`a[href="#submission-${b}"]`)).toBeVisible();
  await expect(dupsA).toContainText("(also pending)");
  await expect(itemB.locator(`a[href="#submission-${a}"]`)).toBeVisible();

  // The long e-mail and link wrap inside the card.
  const card = await itemA.boundingBox();
  for (const link of [itemA.locator('a[href^="mailto:"]'), itemA.locator('a[href^="https://riverside"]')]) {
    await expect(link).toBeVisible();
    const box = await link.boundingBox();
    expect(box && card && box.x + box.width <= card.x + card.width + 0.5).toBe(true);
    // Each line of the wrapped text starts after a "@", "/" or "-", or at a ".", never inside a word.
    const lineStarts = await link.evaluate((el) => {
      const text = el.textContent ?? "";
      const range = document.createRange();
      const starts: string[] = [];
      let top = Number.NaN;
      let offset = 0;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? "").length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const y = range.getBoundingClientRect().top;
          if (Number.isNaN(top) || y > top + 2) {
            if (!Number.isNaN(top)) starts.push(text.slice(Math.max(0, offset + i - 1), offset + i + 1));
            top = y;
          }
        }
        offset += (node.textContent ?? "").length;
      }
      return starts;
    });
    expect(lineStarts.length).toBeGreaterThan(0);
    for (const start of lineStarts) expect(start).toMatch(/^[@/?&-]|^.\./);
  }
  await expectNoViolations(page);

  // The arrow keys still move between the tabs, and the selected one is in sight.
  await island.getByRole("tab", { name: "Submissions" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(island.getByRole("tab", { name: "Feedback Dashboard" })).toBeFocused();
  await expect(island.getByRole("tab", { name: "Feedback Dashboard" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await page.keyboard.press("End");
  const audit = island.getByRole("tab", { name: "Audit log" });
  await expect(audit).toBeFocused();
  await expect(audit).toBeInViewport();
  await expect(island.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await expectNoViolations(page);
  await admin.close();
});
