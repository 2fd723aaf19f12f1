import { expect } from "bun:test";

/**
 * Runs axe (WCAG 2 A and AA, as the e2e suite does) on part of a component test's DOM and
 * expects no violations. happy-dom lays nothing out, so rules that need layout (contrast)
 * only come back incomplete; the structural ones (names, labels, roles, ARIA) are checked.
 */
export async function expectAxeClean(root: Element) {
  const axe = (await import("axe-core")).default;
  const result = await axe.run(root, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
  });
  // A run that checked nothing would pass vacuously.
  expect(result.passes.length).toBeGreaterThan(3);
  const found = result.violations.map((v) => ({
    rule: v.id,
    elements: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`),
  }));
  expect(found).toEqual([]);
}
