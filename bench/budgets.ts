import type { Category, FormFactor } from "./lighthouse.ts";
import { astroWindTotal, benchPhoneLabel, firstResponseBudget, KB, kbLabel, phoneImageBudget } from "./page-budgets.ts";
import type { PageResult, VariantResult } from "./results.ts";

export type BudgetStatus = "PASS" | "MISS" | "NO DATA";
export type BudgetResult = { budget: string; variant: string; status: BudgetStatus; detail: string };

type Reading = { where: string; value: number };
type Budget = {
  name: string;
  /** Which builds the budget is about; the preloader's is exempt from the performance score. */
  appliesTo: (variant: VariantResult) => boolean;
  read: (variant: VariantResult) => Reading[] | undefined;
  ok: (value: number) => boolean;
  /** Scores are worse low, sizes and shifts high. */
  worstIsHighest: boolean;
  format: (value: number) => string;
};

const everyBuild = () => true;

const pageKind = (path: string) =>
  path === "/" ? "home" : path.startsWith("/services/") ? "a service" : path.slice(1);
const astroWindLabel = Object.entries(astroWindTotal)
  .map(([path, bytes], index, all) => `${pageKind(path)} ${index === all.length - 1 ? kbLabel(bytes) : bytes / KB}`)
  .join(", ");

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** One reading per page, or undefined when a page has no median to read. */
function perPage(formFactors: FormFactor[], read: (page: PageResult, formFactor: FormFactor) => number | undefined) {
  return (variant: VariantResult): Reading[] | undefined => {
    const readings: Reading[] = [];
    for (const page of variant.pages) {
      for (const formFactor of formFactors) {
        const value = read(page, formFactor);
        if (value === undefined || Number.isNaN(value)) return undefined;
        const where = formFactors.length > 1 ? `${page.path} ${formFactor}` : page.path;
        readings.push({ where, value });
      }
    }
    return readings;
  };
}

const score = (category: Category, formFactor: FormFactor) => (page: PageResult) =>
  page.formFactors[formFactor].median?.scores[category];

const categoryBudget = (category: Category, label: string): Budget => ({
  name: `Mobile ${label} 100 on every page`,
  appliesTo: everyBuild,
  read: perPage(["mobile"], score(category, "mobile")),
  ok: (value) => value >= 100,
  worstIsHighest: false,
  format: String,
});

const performanceBudget = (formFactor: FormFactor): Budget => ({
  name: `Performance 100 on every page with the preloader off (${formFactor})`,
  appliesTo: (variant) => variant.preloaderMs === "0",
  read: perPage([formFactor], score("performance", formFactor)),
  ok: (value) => value >= 100,
  worstIsHighest: false,
  format: String,
});

export const BUDGETS: Budget[] = [
  categoryBudget("accessibility", "accessibility"),
  categoryBudget("best-practices", "best practices"),
  categoryBudget("seo", "SEO"),
  performanceBudget("mobile"),
  performanceBudget("desktop"),
  {
    name: "CLS 0 on every page (mobile and desktop)",
    appliesTo: everyBuild,
    read: perPage(["mobile", "desktop"], (page, formFactor) => page.formFactors[formFactor].median?.metrics.cls),
    // Lighthouse shows CLS to three decimals; a shift too small to show there is no shift.
    ok: (value) => value < 0.0005,
    worstIsHighest: true,
    format: (value) => value.toFixed(3),
  },
  {
    name: `First HTML response ≤ ${kbLabel(firstResponseBudget)} as a browser gets it (body and headers)`,
    appliesTo: everyBuild,
    read: perPage(["mobile"], (page) => page.bytes?.firstHtml),
    ok: (value) => value <= firstResponseBudget,
    worstIsHighest: true,
    format: kb,
  },
  {
    name: "LCP ≤ 1.0 s on every page with the preloader off (mobile)",
    appliesTo: (variant) => variant.preloaderMs === "0",
    read: perPage(["mobile"], (page) => page.formFactors.mobile.median?.metrics.lcp),
    ok: (value) => value <= 1000,
    worstIsHighest: true,
    format: (value) => `${Math.round(value)} ms`,
  },
  {
    name: "No script requested while a page loads (mobile)",
    appliesTo: everyBuild,
    read: perPage(["mobile"], (page) => page.bytes?.js),
    ok: (value) => value === 0,
    worstIsHighest: true,
    format: kb,
  },
  {
    name: `Images ≤ ${kbLabel(phoneImageBudget)} on every page (Lighthouse's phone, ${benchPhoneLabel})`,
    appliesTo: everyBuild,
    read: perPage(["mobile"], (page) => page.bytes?.image),
    ok: (value) => value <= phoneImageBudget,
    worstIsHighest: true,
    format: kb,
  },
  {
    name: "No request chain deeper than 2 for any island (the page, then all of an island's files at once)",
    appliesTo: everyBuild,
    read: (variant) => variant.islandChains?.map((chain) => ({ where: chain.name, value: chain.depth })),
    ok: (value) => value <= 2,
    worstIsHighest: true,
    format: (value) => `depth ${value}`,
  },
  {
    name: `Total bytes below AstroWind's page of the same kind (${astroWindLabel})`,
    appliesTo: everyBuild,
    read: (variant) => {
      const readings = variant.pages.flatMap((page) => {
        const limit = astroWindTotal[page.path as keyof typeof astroWindTotal];
        return limit === undefined || page.bytes === undefined
          ? []
          : [{ where: page.path, value: page.bytes.total / limit }];
      });
      return readings.length > 0 ? readings : undefined;
    },
    ok: (value) => value < 1,
    worstIsHighest: true,
    format: (value) => `${Math.round(value * 100)} % of it`,
  },
  {
    name: "Home page JavaScript ≤ 110 KB gzip",
    appliesTo: everyBuild,
    read: (variant) => variant.homeJavaScript && [{ where: "/", value: variant.homeJavaScript.total }],
    ok: (value) => value <= 110 * KB,
    worstIsHighest: true,
    format: kb,
  },
  {
    name: "Home page own JavaScript ≤ 15 KB gzip",
    appliesTo: everyBuild,
    read: (variant) => variant.homeJavaScript && [{ where: "/", value: variant.homeJavaScript.own }],
    ok: (value) => value <= 15 * KB,
    worstIsHighest: true,
    format: kb,
  },
];

export function checkBudgets(variants: VariantResult[]): BudgetResult[] {
  const results: BudgetResult[] = [];
  for (const budget of BUDGETS) {
    for (const variant of variants.filter(budget.appliesTo)) {
      const readings = budget.read(variant);
      if (!readings || readings.length === 0) {
        results.push({ budget: budget.name, variant: variant.name, status: "NO DATA", detail: "not measured" });
        continue;
      }
      const misses = readings.filter((reading) => !budget.ok(reading.value));
      const show = (reading: Reading) => `${reading.where} ${budget.format(reading.value)}`;
      const worst = readings.reduce((a, b) => (b.value > a.value === budget.worstIsHighest ? b : a));
      const detail =
        misses.length > 0
          ? misses.map(show).join(", ")
          : readings.length === 1
            ? show(worst)
            : `worst of ${readings.length}: ${show(worst)}`;
      results.push({ budget: budget.name, variant: variant.name, status: misses.length > 0 ? "MISS" : "PASS", detail });
    }
  }
  return results;
}
