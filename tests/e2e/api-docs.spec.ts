/**
 * /api/docs in a real browser (issue 24): the API's description renders from our own
 * origin only, under the strict CSP with no violation, and axe finds no WCAG A/AA issue.
 */
import { expect, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";

test("/api/docs shows the API's operations, loads nothing from elsewhere and breaks no CSP rule", async ({
  page,
  baseURL,
}) => {
  const logged: string[] = [];
  const requested: string[] = [];
  page.on("console", (message) => logged.push(message.text()));
  page.on("request", (request) => requested.push(request.url()));
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (e) => {
      seen.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"}`);
    });
  });

  const response = await page.goto("/api/docs", { waitUntil: "networkidle" });
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
  await expect(page.getByRole("heading", { level: 1, name: /OpenMat API/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "schools" })).toBeVisible();
  // Each operation is folded to its method, path and who may call it until opened.
  const favorite = page.locator("#op-deleteApiFavoritesSchoolId");
  await expect(favorite.locator("summary")).toHaveText("DELETE /api/favorites/{schoolId} Signed-in members");
  await expect(favorite.getByRole("cell", { name: "schoolId" })).toBeHidden();
  await favorite.locator("summary").click();
  await expect(
    favorite.getByRole("table", { name: "Parameters" }).getByRole("cell", { name: "schoolId" }),
  ).toBeVisible();
  const login = page.locator("#op-postApiAuthLogin");
  await login.locator("summary").click();
  await expect(login.getByText('"identifier"')).toBeVisible();
  await expect(login.getByRole("table")).toHaveCount(0);

  const origin = new URL(baseURL ?? page.url()).origin;
  expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"))).toEqual([]);
  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations).toEqual([]);
  expect(logged.filter((text) => /Content Security Policy|Refused to|error/i.test(text))).toEqual([]);

  // The description itself, as a browser fetches it.
  const described = await page.request.get("/api/openapi.json");
  expect(described.status()).toBe(200);
  expect(((await described.json()) as { openapi: string }).openapi).toBe("3.1.0");
});

test("axe finds no WCAG A/AA violations on /api/docs, folded and opened, on a phone too", async ({
  page,
}) => {
  // Three axe runs over a page of every operation.
  test.setTimeout(60_000);
  await page.goto("/api/docs");
  await expectNoViolations(page);
  // Opened operations: a parameters table, a body schema, the answers.
  await page.evaluate(() => {
    for (const id of ["tag-favorites", "tag-auth"]) {
      const section = document.getElementById(id)?.closest("section");
      for (const details of section?.querySelectorAll("details") ?? []) details.open = true;
    }
  });
  await expect(page.locator("#op-postApiFavorites .api-schema")).toBeVisible();
  await expectNoViolations(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoViolations(page);
});
