import { describe, expect, test } from "vitest";
import { type BudgetResult, checkBudgets } from "./budgets.ts";
import type { PageBytes } from "./bytes.ts";
import type { Category, FormFactor } from "./lighthouse.ts";
import { KB } from "./page-budgets.ts";
import type { FormFactorResult, Medians, PageResult, VariantResult } from "./results.ts";

const ACCESSIBILITY = "Mobile accessibility 100 on every page";
const BEST_PRACTICES = "Mobile best practices 100 on every page";
const SEO = "Mobile SEO 100 on every page";
const PERFORMANCE_MOBILE = "Performance 100 on every page with the preloader off (mobile)";
const PERFORMANCE_DESKTOP = "Performance 100 on every page with the preloader off (desktop)";
const CLS = "CLS 0 on every page (mobile and desktop)";
const FIRST_HTML = "First HTML response ≤ 14 KB as a browser gets it (body and headers)";
const JAVASCRIPT = "Home page JavaScript ≤ 110 KB gzip";
const OWN_JAVASCRIPT = "Home page own JavaScript ≤ 15 KB gzip";
const LCP = "LCP ≤ 1.0 s on every page with the preloader off (mobile)";
const NO_SCRIPT = "No script requested while a page loads (mobile)";
const IMAGES = "Images ≤ 60 KB on every page (Lighthouse's phone, 412 px at 1.75×)";
const CHAINS = "No request chain deeper than 2 for any island (the page, then all of an island's files at once)";
const ASTROWIND =
  "Total bytes below AstroWind's page of the same kind (home 134, about 79, contact 76, a service 80 KB)";

type Measured = { scores?: Partial<Record<Category, number>>; cls?: number; lcp?: number };

function measured(values: Measured | undefined): FormFactorResult {
  if (!values) return { runs: [], errors: ["Lighthouse timed out"] };
  const median: Medians = {
    scores: { performance: 100, accessibility: 100, "best-practices": 100, seo: 100, ...values.scores },
    metrics: { fcp: 700, lcp: values.lcp ?? 950, tbt: 0, cls: values.cls ?? 0, si: 1000 },
    observed: { fcp: 100, lcp: 150, si: 120 },
  };
  return { runs: [], median, errors: [] };
}

// A form factor left out measured full marks and no shift; one given as undefined had no successful run.
function page(
  path: string,
  { firstHtml, ...formFactors }: Partial<Record<FormFactor, Measured | undefined>> & { firstHtml?: number } = {},
): PageResult {
  const bytes: PageBytes | undefined =
    firstHtml === undefined
      ? undefined
      : {
          html: firstHtml,
          css: 0,
          js: 0,
          font: 0,
          image: 0,
          other: 0,
          total: firstHtml,
          requests: 1,
          firstHtml,
          resources: [],
        };
  return {
    path,
    formFactors: {
      mobile: measured("mobile" in formFactors ? formFactors.mobile : {}),
      desktop: measured("desktop" in formFactors ? formFactors.desktop : {}),
    },
    bytes,
  };
}

function build(
  name: "preloader" | "no-preloader",
  pages: PageResult[],
  homeJavaScript?: { total: number; own: number },
): VariantResult {
  return {
    name,
    label: name,
    buildDir: `build-bench-${name}`,
    preloaderMs: name === "preloader" ? undefined : "0",
    buildSeconds: 20,
    pages,
    homeJavaScript: homeJavaScript && {
      ...homeJavaScript,
      libraries: homeJavaScript.total - homeJavaScript.own,
      parts: [],
      chunks: [],
    },
    islandChains: [
      { name: "site-header", depth: 2, late: [] },
      { name: "contact-form", depth: 2, late: [] },
    ],
  };
}

const judged = (results: BudgetResult[], budget: string) => results.filter((result) => result.budget === budget);

describe("the benchmark's budgets", () => {
  test("every budget is judged for every build it applies to, in the order of the budget table", () => {
    const pages = () => [page("/", { firstHtml: 9 * KB }), page("/about", { firstHtml: 12 * KB })];
    const results = checkBudgets([
      build("preloader", pages(), { total: 100 * KB, own: 10 * KB }),
      build("no-preloader", pages(), { total: 90 * KB, own: 9 * KB }),
    ]);

    expect(results.map(({ budget, variant, status }) => [budget, variant, status])).toEqual([
      [ACCESSIBILITY, "preloader", "PASS"],
      [ACCESSIBILITY, "no-preloader", "PASS"],
      [BEST_PRACTICES, "preloader", "PASS"],
      [BEST_PRACTICES, "no-preloader", "PASS"],
      [SEO, "preloader", "PASS"],
      [SEO, "no-preloader", "PASS"],
      [PERFORMANCE_MOBILE, "no-preloader", "PASS"],
      [PERFORMANCE_DESKTOP, "no-preloader", "PASS"],
      [CLS, "preloader", "PASS"],
      [CLS, "no-preloader", "PASS"],
      [FIRST_HTML, "preloader", "PASS"],
      [FIRST_HTML, "no-preloader", "PASS"],
      [LCP, "no-preloader", "PASS"],
      [NO_SCRIPT, "preloader", "PASS"],
      [NO_SCRIPT, "no-preloader", "PASS"],
      [IMAGES, "preloader", "PASS"],
      [IMAGES, "no-preloader", "PASS"],
      [CHAINS, "preloader", "PASS"],
      [CHAINS, "no-preloader", "PASS"],
      [ASTROWIND, "preloader", "PASS"],
      [ASTROWIND, "no-preloader", "PASS"],
      [JAVASCRIPT, "preloader", "PASS"],
      [JAVASCRIPT, "no-preloader", "PASS"],
      [OWN_JAVASCRIPT, "preloader", "PASS"],
      [OWN_JAVASCRIPT, "no-preloader", "PASS"],
    ]);
  });

  test("an island whose code arrives in two round trips misses, named", () => {
    const chained = build("no-preloader", [page("/", { firstHtml: 9 * KB })]);
    chained.islandChains = [
      { name: "site-header", depth: 2, late: [] },
      { name: "contact-form", depth: 3, late: ["assets/checks.js"] },
    ];
    expect(judged(checkBudgets([chained]), CHAINS)).toEqual([
      { budget: CHAINS, variant: "no-preloader", status: "MISS", detail: "contact-form depth 3" },
    ]);
  });

  test("LCP misses past 1.0 s, and a page over AstroWind's total misses with its share", () => {
    const results = checkBudgets([
      build("no-preloader", [
        page("/", { mobile: { lcp: 1001 }, firstHtml: 9 * KB }),
        page("/contact", { firstHtml: 80 * KB }),
      ]),
    ]);
    expect(judged(results, LCP)).toEqual([
      { budget: LCP, variant: "no-preloader", status: "MISS", detail: "/ 1001 ms" },
    ]);
    expect(judged(results, ASTROWIND)).toEqual([
      { budget: ASTROWIND, variant: "no-preloader", status: "MISS", detail: "/contact 105 % of it" },
    ]);
  });

  describe("home page JavaScript", () => {
    test("passes up to and including its limit, and says how much there was", () => {
      const results = checkBudgets([build("preloader", [page("/")], { total: 110 * KB, own: 15 * KB })]);

      expect(judged(results, JAVASCRIPT)).toEqual([
        { budget: JAVASCRIPT, variant: "preloader", status: "PASS", detail: "/ 110.0 KB" },
      ]);
      expect(judged(results, OWN_JAVASCRIPT)).toEqual([
        { budget: OWN_JAVASCRIPT, variant: "preloader", status: "PASS", detail: "/ 15.0 KB" },
      ]);
    });

    test("misses one byte over its limit", () => {
      const results = checkBudgets([build("preloader", [page("/")], { total: 120.5 * KB, own: 15 * KB + 1 })]);

      expect(judged(results, JAVASCRIPT)).toEqual([
        { budget: JAVASCRIPT, variant: "preloader", status: "MISS", detail: "/ 120.5 KB" },
      ]);
      expect(judged(results, OWN_JAVASCRIPT)).toEqual([
        { budget: OWN_JAVASCRIPT, variant: "preloader", status: "MISS", detail: "/ 15.0 KB" },
      ]);
    });

    test("has no data when the split was not measured", () => {
      const results = checkBudgets([build("no-preloader", [page("/")])]);

      expect([...judged(results, JAVASCRIPT), ...judged(results, OWN_JAVASCRIPT)]).toEqual([
        { budget: JAVASCRIPT, variant: "no-preloader", status: "NO DATA", detail: "not measured" },
        { budget: OWN_JAVASCRIPT, variant: "no-preloader", status: "NO DATA", detail: "not measured" },
      ]);
    });
  });

  describe("first HTML response", () => {
    test("passes when every page is within 14 KB, naming the largest", () => {
      const pages = [page("/", { firstHtml: 9 * KB }), page("/about", { firstHtml: 14 * KB })];

      expect(judged(checkBudgets([build("preloader", pages)]), FIRST_HTML)).toEqual([
        { budget: FIRST_HTML, variant: "preloader", status: "PASS", detail: "worst of 2: /about 14.0 KB" },
      ]);
    });

    test("misses, listing every page over the limit and only those", () => {
      const pages = [
        page("/", { firstHtml: 14.5 * KB }),
        page("/about", { firstHtml: 3 * KB }),
        page("/services", { firstHtml: 14 * KB + 1 }),
      ];

      expect(judged(checkBudgets([build("preloader", pages)]), FIRST_HTML)).toEqual([
        { budget: FIRST_HTML, variant: "preloader", status: "MISS", detail: "/ 14.5 KB, /services 14.0 KB" },
      ]);
    });

    test("has no data when one page was not measured, as a pass on the others would claim too much", () => {
      const pages = [page("/", { firstHtml: 3 * KB }), page("/about")];

      expect(judged(checkBudgets([build("preloader", pages)]), FIRST_HTML)).toEqual([
        { budget: FIRST_HTML, variant: "preloader", status: "NO DATA", detail: "not measured" },
      ]);
    });
  });

  describe("Lighthouse categories", () => {
    test("are judged on the mobile run only", () => {
      const pages = [
        page("/", { mobile: { scores: { accessibility: 100 } }, desktop: { scores: { accessibility: 50 } } }),
        page("/about", { mobile: { scores: { accessibility: 100 } } }),
      ];

      expect(judged(checkBudgets([build("preloader", pages)]), ACCESSIBILITY)).toEqual([
        { budget: ACCESSIBILITY, variant: "preloader", status: "PASS", detail: "worst of 2: /about 100" },
      ]);
    });

    test("miss below 100", () => {
      const pages = [page("/", { mobile: { scores: { seo: 92 } } }), page("/about")];

      expect(judged(checkBudgets([build("preloader", pages)]), SEO)).toEqual([
        { budget: SEO, variant: "preloader", status: "MISS", detail: "/ 92" },
      ]);
    });

    test("have no data for a page whose mobile runs all failed", () => {
      const pages = [page("/"), page("/about", { mobile: undefined })];

      expect(judged(checkBudgets([build("preloader", pages)]), BEST_PRACTICES)).toEqual([
        { budget: BEST_PRACTICES, variant: "preloader", status: "NO DATA", detail: "not measured" },
      ]);
    });

    test("have no data for a build with no pages, rather than passing on nothing", () => {
      expect(judged(checkBudgets([build("preloader", [])]), ACCESSIBILITY)).toEqual([
        { budget: ACCESSIBILITY, variant: "preloader", status: "NO DATA", detail: "not measured" },
      ]);
    });
  });

  describe("performance", () => {
    test("is judged only with the preloader off: the preloader's build is exempt", () => {
      const slow = { scores: { performance: 60 } };
      const results = checkBudgets([
        build("preloader", [page("/", { mobile: slow, desktop: slow })]),
        build("no-preloader", [page("/", { mobile: { scores: { performance: 100 } } })]),
      ]);

      expect([...judged(results, PERFORMANCE_MOBILE), ...judged(results, PERFORMANCE_DESKTOP)]).toEqual([
        { budget: PERFORMANCE_MOBILE, variant: "no-preloader", status: "PASS", detail: "/ 100" },
        { budget: PERFORMANCE_DESKTOP, variant: "no-preloader", status: "PASS", detail: "/ 100" },
      ]);
    });

    test("misses below 100 on either form factor, each budget on its own", () => {
      const results = checkBudgets([
        build("no-preloader", [
          page("/", { mobile: { scores: { performance: 100 } }, desktop: { scores: { performance: 99 } } }),
          page("/about"),
        ]),
      ]);

      expect([...judged(results, PERFORMANCE_MOBILE), ...judged(results, PERFORMANCE_DESKTOP)]).toEqual([
        { budget: PERFORMANCE_MOBILE, variant: "no-preloader", status: "PASS", detail: "worst of 2: /about 100" },
        { budget: PERFORMANCE_DESKTOP, variant: "no-preloader", status: "MISS", detail: "/ 99" },
      ]);
    });
  });

  describe("layout shift", () => {
    test("passes a shift too small to show at three decimals, naming page and form factor", () => {
      const pages = [page("/", { mobile: { cls: 0.0004 } })];

      expect(judged(checkBudgets([build("preloader", pages)]), CLS)).toEqual([
        { budget: CLS, variant: "preloader", status: "PASS", detail: "worst of 2: / mobile 0.000" },
      ]);
    });

    test("misses any visible shift, on mobile or desktop", () => {
      const pages = [page("/", { desktop: { cls: 0.02 } }), page("/about", { mobile: { cls: 0.001 } })];

      expect(judged(checkBudgets([build("preloader", pages)]), CLS)).toEqual([
        { budget: CLS, variant: "preloader", status: "MISS", detail: "/ desktop 0.020, /about mobile 0.001" },
      ]);
    });

    test("has no data when either form factor of a page was not measured", () => {
      const pages = [page("/", { desktop: undefined })];

      expect(judged(checkBudgets([build("preloader", pages)]), CLS)).toEqual([
        { budget: CLS, variant: "preloader", status: "NO DATA", detail: "not measured" },
      ]);
    });
  });
});
