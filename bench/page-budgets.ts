/**
 * The byte budgets every page keeps, shared by the browser test that fails
 * `npm test` when one is broken (tests/e2e/page-weight.spec.ts) and by the
 * benchmark that reports them (bench-budgets.ts).
 */

export const KB = 1024;

/** The phone Lighthouse emulates (a Moto G Power), so the test loads what the benchmark measures. */
export const benchPhone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 } as const;

/** The pages the benchmark measures, and two in Hindi, which keep the same budgets. */
export const benchPages = [
  "/",
  "/about",
  "/services",
  "/services/cake",
  "/contact",
  "/faq",
  "/hi",
  "/hi/services/cake",
] as const;

/**
 * AstroWind's total bytes for the same kind of page, measured beside this site
 * in one Lighthouse run (mobile, medians of 3): the mark to stay under.
 */
export const astroWindTotal: Partial<Record<(typeof benchPages)[number], number>> = {
  "/": 134 * KB,
  "/about": 79 * KB,
  "/contact": 76 * KB,
  "/services/cake": 80 * KB,
};

/** Images a phone downloads for a page with a photograph, at any density up to 3×. */
export const phoneImageBudget = 60 * KB;

/** The first response, headers included: what TCP's first round trips carry (ten 1460-byte packets, then more). */
export const firstResponseBudget = 14 * KB;

/** A size in KB as the budgets name it. */
export const kbLabel = (bytes: number) => `${Math.round(bytes / KB)} KB`;

/** The phone as the budgets name it. */
export const benchPhoneLabel = `${benchPhone.viewport.width} px at ${benchPhone.deviceScaleFactor}×`;
