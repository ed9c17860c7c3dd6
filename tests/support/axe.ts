import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: the success criteria the site promises. */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/** Checks the whole page, or only the part that `within` selects. */
export async function checkAccessibility(page: Page, within?: string): Promise<AxeResults["violations"]> {
  const builder = new AxeBuilder({ page }).withTags(wcagTags);
  if (within) builder.include(within);
  const results = await builder.analyze();
  return results.violations;
}

/** One block per rule, one line per offending element, so a failure says what to fix and where. */
export function describeViolations(violations: AxeResults["violations"]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const summary = (node.failureSummary ?? "").replace(/\s+/g, " ").trim();
        return `    - ${node.target.join(" ")}: ${summary}`;
      });
      return [
        `  ${violation.id} (${violation.impact ?? "n/a"}): ${violation.help}`,
        `    ${violation.helpUrl}`,
        ...nodes,
      ].join("\n");
    })
    .join("\n");
}

/** Fails the test with every violation described, when axe finds any on the page (or the part `within` selects). */
export async function expectNoViolations(page: Page, state: string, within?: string) {
  const violations = await checkAccessibility(page, within);
  // The rule ids keep the diff short; the message carries the detail.
  expect(
    violations.map((violation) => violation.id),
    `axe found WCAG A/AA violations ${state}:\n${describeViolations(violations)}`,
  ).toEqual([]);
}
