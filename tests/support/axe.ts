import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: the success criteria the site promises. */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
/** The part of axe's page API used here. */
type AxeInPage = { run(context: unknown, options: unknown): Promise<Pick<AxeResults, "violations">> };

// The axe-core that @axe-core/playwright itself runs, so the two never differ.
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
const axeSource = readFileSync(fromAxePlaywright.resolve("axe-core/axe.min.js"), "utf8");

/**
 * Checks the whole page, or only the part that `within` selects. A page of one
 * frame (every page of the site) is judged by axe run in it directly, injected
 * once per document: AxeBuilder injects it anew each time and finishes each run
 * in a blank page of its own, six times the work for the same rules and result.
 * A page with frames goes through AxeBuilder, which judges every frame.
 */
export async function checkAccessibility(page: Page, within?: string): Promise<AxeResults["violations"]> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).withTags(wcagTags);
    if (within) builder.include(within);
    return (await builder.analyze()).violations;
  }
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ tags, selector }) => {
      const { axe } = window as unknown as { axe: AxeInPage };
      const results = await axe.run(selector ?? document, { runOnly: { type: "tag", values: tags } });
      return results.violations;
    },
    { tags: wcagTags, selector: within },
  );
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
