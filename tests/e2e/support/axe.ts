import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Runs axe on the page as it is now and expects no violations, listing each one readably if any. */
export async function expectNoViolations(page: Page) {
  const { violations, passes } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  // A run that checked nothing would pass vacuously.
  expect(passes.length).toBeGreaterThan(5);
  const found = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    elements: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`),
  }));
  expect(found).toEqual([]);
}
