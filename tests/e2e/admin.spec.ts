/**
 * /admin (issue 13, Reviewing): a member submits an open mat through the API, the admin
 * approves it on the page, and the school is found by search. Axe checks the page with the
 * queue and with the Reject dialog open.
 */
import { randomBytes } from "node:crypto";
import { type Browser, expect, test } from "@playwright/test";
import {
  hydratedIsland,
  newestMailTo,
  registerViaApi,
  signedInMember,
  verifyLinkIn,
} from "./support/accounts";
import { E2E_ADMIN_EMAIL } from "./support/admin";
import { expectNoViolations } from "./support/axe";

/** The one admin of the run: signed up with E2E_ADMIN_EMAIL and confirmed through the dev mailbox. */
async function signedInAdmin(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerViaApi(page.request, {
    username: "e2e_admin",
    email: E2E_ADMIN_EMAIL,
    password: "admin e2e password",
  });
  const mail = await newestMailTo(page.request, E2E_ADMIN_EMAIL, "Confirm your OpenMat email address");
  await page.goto(verifyLinkIn(mail));
  await page.getByRole("button", { name: "Confirm Email Address" }).click();
  await expect(page.getByRole("heading", { name: "Email Address Confirmed" })).toBeVisible();
  return { page, close: () => context.close() };
}

test("an admin approves a member's open mat on /admin and it can be searched", async ({ browser }) => {
  const gym = `Approve Me ${randomBytes(3).toString("hex")} Jiu Jitsu`;
  const member = await signedInMember(browser, "submitter");
  const submitted = await member.page.request.post("/api/schools", {
    data: {
      gym,
      address: "500 W 2nd St, Austin, TX 78701",
      dayAndTime: "Saturday 10:00am - 12:00pm",
      link: "",
      communityNotes: "",
      emailForConfirmation: "",
      saturday: true,
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  await member.close();

  const admin = await signedInAdmin(browser);
  const page = admin.page;
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) asked.push(new URL(request.url()).pathname);
  });
  await page.goto("/admin");
  const island = await hydratedIsland(page, "AdminDashboard");
  // Rendered with the queue, the feedback and the audit log: hydrating asks for none of them.
  expect(asked.filter((path) => /^\/api\/(admin|feedback)/.test(path))).toEqual([]);
  await expect(island.getByRole("tablist", { name: "Administration" })).toBeVisible();
  await expect(island.getByRole("tab", { name: "Submissions" })).toHaveAttribute("aria-selected", "true");
  const item = island.getByRole("article", { name: gym });
  await expect(item).toBeVisible();
  await expect(item.getByText("Sat 10:00 AM–12:00 PM")).toBeVisible();
  await expectNoViolations(page);

  // Reject asks for a reason; Escape closes the dialog and gives focus back.
  const reject = item.getByRole("button", { name: "Reject" });
  await reject.click();
  const dialog = page.getByRole("dialog", { name: "Reject submission" });
  await expect(dialog.getByLabel("Reason")).toBeFocused();
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("A reason is required");
  await expectNoViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(reject).toBeFocused();

  // The other tabs, by keyboard.
  await island.getByRole("tab", { name: "Submissions" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(island.getByRole("tab", { name: "Feedback Dashboard" })).toBeFocused();
  await expect(island.getByRole("heading", { name: "Feedback Dashboard" })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(island.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await page.keyboard.press("Home");

  await item.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Submission approved" })).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(island.getByRole("heading", { name: /^Pending submissions/ })).toBeFocused();

  const found = await page.request.get(`/api/schools/search?q=${encodeURIComponent(gym)}`);
  expect(found.status()).toBe(200);
  expect(await found.text()).toContain(gym);

  // The decision is in the audit log.
  await island.getByRole("tab", { name: "Audit log" }).click();
  await expect(
    island.getByRole("tabpanel", { name: "Audit log" }).getByText("approve").first(),
  ).toBeVisible();
  await admin.close();
});
