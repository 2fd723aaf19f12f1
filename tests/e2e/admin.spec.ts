/**
 * /admin (issue 13, Reviewing): a member submits an open mat through the API, the admin
 * approves it on the page, and the school is found by search; the admin removes a reported
 * post on the Reports tab; the Stale listings tab lists a flagged schedule and pages the
 * never-confirmed schools. Axe checks each tab, and the Reject and Remove dialogs.
 */
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { hydratedIsland, signedInMember } from "./support/accounts";
import { signedInAdmin, submitOpenMat } from "./support/admin";
import { expectNoViolations } from "./support/axe";
import { homeReady } from "./support/home";
import { sameOrigin } from "./support/origin";

test("an admin approves a member's open mat on /admin and it can be searched", async ({ browser }) => {
  const gym = `Approve Me ${randomBytes(3).toString("hex")} Jiu Jitsu`;
  const member = await signedInMember(browser, "submitter");
  await submitOpenMat(member.page.request, gym);
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
  await expect(island.getByRole("tab", { name: "Reports" })).toBeFocused();
  await expect(island.getByRole("heading", { name: /^Open reports/ })).toBeVisible();
  await page.keyboard.press("End");
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

test("an admin removes a reported post on the Reports tab, and the decision is audited", async ({
  browser,
}) => {
  // Three accounts and two axe runs: on a busy two-core machine that nears the default 30 s.
  test.slow();
  const text = `Buy cheap belts ${randomBytes(3).toString("hex")}`;
  const author = await signedInMember(browser, "reported");
  const created = await author.page.request.post(
    "/api/posts",
    sameOrigin({
      data: { content: text, visibility: "Public", photos: [] },
    }),
  );
  expect(created.status(), await created.text()).toBe(201);
  const postId = ((await created.json()) as { id: number }).id;
  const reporter = await signedInMember(browser, "reporter");
  const reported = await reporter.page.request.post(
    "/api/reports",
    sameOrigin({
      data: { kind: "post", id: postId, reason: "Spam for belts" },
    }),
  );
  expect(reported.status(), await reported.text()).toBe(201);

  const admin = await signedInAdmin(browser);
  const page = admin.page;
  await page.goto("/admin");
  const island = await hydratedIsland(page, "AdminDashboard");
  await island.getByRole("tab", { name: "Reports" }).click();
  const panel = island.getByRole("tabpanel", { name: "Reports" });
  const item = panel.getByRole("article").filter({ hasText: text });
  await expect(item).toHaveCount(1);
  await expect(item.getByRole("heading", { name: `Post by @${author.member.username}` })).toBeVisible();
  await expect(item).toContainText("Spam for belts");
  await expect(item.getByRole("link", { name: `@${reporter.member.username}` })).toBeVisible();
  await expectNoViolations(page);

  await item.getByRole("button", { name: "Remove content" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove this post?" });
  await expect(dialog).toBeVisible();
  await expectNoViolations(page);
  await dialog.getByRole("button", { name: "Remove content" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Content removed" })).toBeVisible();
  await expect(item).toHaveCount(0);
  expect((await author.page.request.get(`/api/posts/${postId}`)).status()).toBe(404);

  await island.getByRole("tab", { name: "Audit log" }).click();
  await expect(
    island.getByRole("tabpanel", { name: "Audit log" }).getByText("report.remove").first(),
  ).toBeVisible();
  await author.close();
  await reporter.close();
  await admin.close();
});

test("the Stale listings tab lists a flagged schedule first, then pages the unconfirmed schools", async ({
  browser,
}) => {
  const gym = `Whenever ${randomBytes(3).toString("hex")} Jiu Jitsu`;
  const member = await signedInMember(browser, "stale");
  const submissionId = await submitOpenMat(
    member.page.request,
    gym,
    "Saturday 10:00am - 12:00pm and whenever coach says",
  );
  await member.close();

  const admin = await signedInAdmin(browser);
  const page = admin.page;
  const approved = await page.request.post(
    `/api/admin/submissions/${submissionId}/approve`,
    sameOrigin({ data: {} }),
  );
  expect(approved.status(), await approved.text()).toBe(200);

  await page.goto("/admin");
  const island = await hydratedIsland(page, "AdminDashboard");
  await island.getByRole("tab", { name: "Stale listings" }).click();
  const panel = island.getByRole("tabpanel", { name: "Stale listings" });
  const flagged = panel.getByRole("region", { name: /^Schedules to check/ });
  const row = flagged.getByRole("listitem").filter({ hasText: gym });
  await expect(row.getByRole("link", { name: gym })).toHaveAttribute("href", /^\/schools\//);
  await expect(row).toContainText("Austin, TX");
  await expect(row).toContainText("Never confirmed");
  await expect(row.getByRole("list", { name: `Unreadable lines of ${gym}` })).toContainText("whenever");
  await expectNoViolations(page);

  // The demo schools no check-in confirmed: far more than a page, so 'Load more' adds the next.
  const unconfirmed = panel.getByRole("region", { name: /^Not confirmed in 90 days/ });
  const rows = unconfirmed.locator(".admin-stale-school");
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText("Never confirmed");
  await unconfirmed.getByRole("button", { name: "Load more not confirmed in 90 days" }).click();
  await expect(rows).toHaveCount(40);
  await admin.close();
});

test("feedback on a school becomes a correction on /admin, and its published note shows on the school page", async ({
  browser,
}) => {
  const gym = `Feedback Fix ${randomBytes(3).toString("hex")} Jiu Jitsu`;
  const note = `Open mat moved to Sunday <b>mornings</b> ${randomBytes(2).toString("hex")}`;
  const member = await signedInMember(browser, "noticer");
  const submissionId = await submitOpenMat(member.page.request, gym);
  const admin = await signedInAdmin(browser);
  const page = admin.page;
  const approved = await page.request.post(
    `/api/admin/submissions/${submissionId}/approve`,
    sameOrigin({ data: {} }),
  );
  expect(approved.status(), await approved.text()).toBe(200);
  const schoolId = ((await approved.json()) as { schoolId: number }).schoolId;
  const feedback = await member.page.request.post(
    "/api/feedback",
    sameOrigin({
      data: { schoolId, communityNotes: note, privateComments: "Coach told me at the front desk" },
    }),
  );
  expect(feedback.status(), await feedback.text()).toBe(201);
  await member.close();

  await page.goto("/admin");
  const island = await hydratedIsland(page, "AdminDashboard");
  await island.getByRole("tab", { name: "Feedback Dashboard" }).click();
  const item = island.getByRole("listitem").filter({ hasText: gym });
  await expect(item).toContainText("Open");
  await expect(item).toContainText("Admin Only");
  const correct = item.getByRole("button", { name: "Correct school" });
  await correct.click();
  const dialog = page.getByRole("dialog", { name: "Correct school" });
  await expect(dialog.getByLabel("Gym")).toBeFocused();
  await expect(dialog.getByLabel("Gym")).toHaveValue(gym);
  await expect(dialog.getByLabel("Day and time")).toHaveValue("Saturday 10:00am - 12:00pm");
  await expect(dialog).toContainText("Coach told me at the front desk");
  await expectNoViolations(page);
  // Escape closes it and hands focus back; then the correction for real.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(correct).toBeFocused();
  await correct.click();
  await dialog.getByLabel("Day and time").fill("Sunday 9:00am - 11:00am");
  await dialog.getByLabel(/Publish the public note/).check();
  await dialog.getByRole("button", { name: "Apply correction" }).click();
  await expect(page.getByRole("status").filter({ hasText: "School corrected" })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(item).toContainText("Applied as a correction");
  await expect(item.getByRole("button", { name: "Correct school" })).toHaveCount(0);

  const school = (await (await page.request.get(`/api/schools/${schoolId}`)).json()) as { slug: string };
  await page.goto(`/schools/${school.slug}`);
  const notes = page.getByRole("region", { name: "Community notes" });
  await expect(notes).toContainText(note);
  await expect(notes.locator("b")).toHaveCount(0);
  await expect(page.locator(".sessions")).toContainText("9:00 AM–11:00 AM");

  // And in the home screen's school detail.
  await page.goto(`/?school=${schoolId}`);
  await homeReady(page);
  const details = page.getByRole("dialog", { name: gym });
  await expect(details.getByRole("region", { name: "Community notes" })).toContainText(note);
  await admin.close();
});
