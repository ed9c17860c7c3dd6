import { formatCompanyAddress } from "../../app/server/company.ts";
import { site } from "../../app/site/content/site.ts";
import { waitForHydration } from "../support/hydration.ts";
import { expect, type Page, test } from "./fixtures.ts";

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

test.describe("preloader", () => {
  test.use({ hidePreloader: false });

  /**
   * The preloader is decorative and hidden from assistive technology, so it has
   * no role or name; its data attribute is the only handle a test has on it.
   */
  const preloaderOf = (page: Page) => page.locator("[data-preloader]");

  /**
   * The preloader shows from the first paint, so its 5 s are counted from there,
   * on the page's own clock: a busy test machine may take a while to get that far.
   */
  async function firstPaintAt(page: Page): Promise<number> {
    // Polled from here, not in the page: with scripts off the page runs no timers to poll with.
    let paintedAt: number | undefined;
    await expect
      .poll(async () => {
        paintedAt = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime);
        return paintedAt;
      })
      .toBeGreaterThan(0);
    return paintedAt as number;
  }

  async function pageClock(page: Page): Promise<number> {
    return page.evaluate(() => performance.now());
  }

  async function expectCoverFor5Seconds(page: Page) {
    const preloader = preloaderOf(page);
    expect(await preloader.isVisible(), "visible at first paint").toBe(true);
    await expect(preloader).toHaveAttribute("aria-hidden", "true");
    const paintedAt = await firstPaintAt(page);

    await page.waitForTimeout(Math.max(0, paintedAt + 4000 - (await pageClock(page))));
    expect(await preloader.isVisible(), "still covering the page 4 s after first paint").toBe(true);

    await expect(preloader, "gone 6 s after first paint").toBeHidden({
      timeout: Math.max(1, paintedAt + 6000 - (await pageClock(page))),
    });
  }

  test("covers the page at first paint, is still there at 4 s and gone by 6 s", async ({ page }) => {
    test.setTimeout(20_000);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expectCoverFor5Seconds(page);
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("still hides by itself, by CSS alone", async ({ page }) => {
      test.setTimeout(20_000);
      await page.goto("/about", { waitUntil: "domcontentloaded" });
      await expectCoverFor5Seconds(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  });
});

test.describe("desktop navigation (1440 px)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test.beforeEach(async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
  });

  test("hovering opens Services and a group's nested list; moving away closes them", async ({ page }) => {
    const nav = mainNav(page);
    const services = nav.getByRole("button", { name: "Services" });
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "All Services" })).toBeHidden();

    await services.hover();
    await expect(services).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "All Services" })).toBeVisible();

    const commercial = nav.getByRole("button", { name: "Commercial Printing" });
    await commercial.hover();
    await expect(commercial).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Brochure" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Packaging Box" })).toBeHidden();

    const branding = nav.getByRole("button", { name: "Branding Materials" });
    await branding.hover();
    await expect(branding).toHaveAttribute("aria-expanded", "true");
    await expect(commercial).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Standee" })).toBeVisible();

    await page.mouse.move(700, 800);
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "All Services" })).toBeHidden();
    await expect(nav.getByRole("link", { name: "Standee" })).toBeHidden();
  });

  test("the keyboard opens the menus; Escape closes the innermost and hands focus back", async ({ page }) => {
    const nav = mainNav(page);
    const services = nav.getByRole("button", { name: "Services" });
    await tabUntilFocused(page, services);

    await page.keyboard.press("Enter");
    await expect(services).toHaveAttribute("aria-expanded", "true");

    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "All Services" })).toBeFocused();
    const paper = nav.getByRole("button", { name: "Paper Packaging" });
    await page.keyboard.press("Tab");
    await expect(paper).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(paper).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Packaging Box" })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(paper).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Packaging Box" })).toBeHidden();
    await expect(paper).toBeFocused();
    await expect(services).toHaveAttribute("aria-expanded", "true");

    await page.keyboard.press("Escape");
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await expect(services).toBeFocused();
    await expect(nav.getByRole("link", { name: "All Services" })).toBeHidden();
  });

  test("a click on Services opens it, as a hover does, and a second click closes it", async ({ page }) => {
    const services = mainNav(page).getByRole("button", { name: "Services" });
    // The pointer passes over the button on its way to the click, as a visitor's does.
    await services.click();
    await expect(services).toHaveAttribute("aria-expanded", "true");
    await services.click();
    await expect(services).toHaveAttribute("aria-expanded", "false");
  });

  test("following a link in a dropdown closes it and marks the new page as current", async ({ page }) => {
    const nav = mainNav(page);
    const services = nav.getByRole("button", { name: "Services" });
    await services.hover();
    const paper = nav.getByRole("button", { name: "Paper Packaging" });
    await paper.hover();
    await expect(paper).toHaveAttribute("aria-expanded", "true");

    await nav.getByRole("link", { name: "Cake Box" }).click();

    await expect(page).toHaveURL(/\/services\/cake$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cake Box");
    // The pointer has not moved: only the click can have closed the menus.
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("button", { name: "Paper Packaging", includeHidden: true })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    const cakeBox = nav.getByRole("link", { name: "Cake Box", includeHidden: true });
    await expect(cakeBox).toBeHidden();
    await expect(cakeBox).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "About" })).not.toHaveAttribute("aria-current", "page");
  });

  test("Enter on a link in a dropdown follows it and closes the menus", async ({ page }) => {
    const nav = mainNav(page);
    const services = nav.getByRole("button", { name: "Services" });
    await tabUntilFocused(page, services);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "All Services" })).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/services$/);
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "All Services" })).toBeHidden();
  });
});

test.describe("the current page in the main navigation", () => {
  // A full load of each page, as a visitor arriving from a search engine gets it.
  const pages = [
    { path: "/", link: "Home" },
    { path: "/about", link: "About" },
    { path: "/contact", link: "Contact" },
    { path: "/services", link: "All Services" },
    { path: "/services/cake", link: "Cake Box" },
  ];

  for (const { path, link } of pages) {
    test(`${path} marks its own link with aria-current="page", and only that one`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      // Submenu links count too, hidden or not: the attribute is what a screen reader announces.
      const current = mainNav(page).locator('a[aria-current="page"]');
      await expect(current).toHaveCount(1);
      await expect(current).toHaveText(link);
    });
  }
});

test.describe("mobile navigation (375 px)", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test.beforeEach(async ({ page }) => {
    await page.goto("/privacy");
    await waitForHydration(page);
  });

  test("the Menu button opens the menu and a click outside closes it", async ({ page }) => {
    const nav = mainNav(page);
    const toggle = nav.getByRole("button", { name: "Menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "About" })).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "About" })).toBeVisible();

    // The footer is far below the open panel, so this click lands outside the menu.
    await page.getByRole("contentinfo").getByText(site.tagline).click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "About" })).toBeHidden();
  });

  test("following a link closes the menu", async ({ page }) => {
    const nav = mainNav(page);
    const toggle = nav.getByRole("button", { name: "Menu" });
    await toggle.click();
    await nav.getByRole("link", { name: "About" }).click();

    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/About/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "About" })).toBeHidden();
  });

  test("the Services submenu opens and closes", async ({ page }) => {
    const nav = mainNav(page);
    await nav.getByRole("button", { name: "Menu" }).click();
    const services = nav.getByRole("button", { name: "Services" });
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "All Services" })).toBeHidden();

    await services.click();
    await expect(services).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "All Services" })).toBeVisible();

    const branding = nav.getByRole("button", { name: "Branding Materials" });
    await branding.click();
    await expect(branding).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Flex Banner Printing" })).toBeVisible();

    await services.click();
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "All Services" })).toBeHidden();
    await expect(nav.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "true");
  });

  test("a service link in the submenu closes the whole menu", async ({ page }) => {
    const nav = mainNav(page);
    const toggle = nav.getByRole("button", { name: "Menu" });
    await toggle.click();
    await nav.getByRole("button", { name: "Services" }).click();
    await nav.getByRole("link", { name: "All Services" }).click();

    await expect(page).toHaveURL(/\/services$/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "All Services" })).toBeHidden();
  });
});

test.describe("skip link", () => {
  test("the first Tab reaches it and Enter moves focus to the main content", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();

    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    // The next Tab continues from the main content, past the header.
    await page.keyboard.press("Tab");
    const insideMain = await page.evaluate(() => document.querySelector("main")?.contains(document.activeElement));
    expect(insideMain, "focus moved on into the main content").toBe(true);
  });
});

test.describe("footer", () => {
  test("shows how to reach the company: phone, e-mail, address and named social links", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");

    await expect(footer.getByRole("link", { name: site.phone.display })).toHaveAttribute(
      "href",
      `tel:${site.phone.e164}`,
    );
    await expect(footer.getByRole("link", { name: site.email })).toHaveAttribute("href", `mailto:${site.email}`);
    await expect(footer.getByText(formatCompanyAddress(site))).toBeVisible();

    for (const social of site.socials) {
      const link = footer.getByRole("link", { name: new RegExp(social.network) });
      await expect(link, `${social.network} link`).toHaveAttribute("href", social.url);
      await expect(link).toBeVisible();
    }
  });

  const footerLinks = [
    { name: "Home", path: "/" },
    { name: "About Us", path: "/about" },
    { name: "Privacy", path: "/privacy" },
    { name: "FAQ", path: "/faq" },
    { name: "Contact", path: "/contact" },
    { name: "Term and Condition", path: "/term" },
  ];

  test("its links lead to their pages", async ({ page }) => {
    await page.goto("/product");
    await waitForHydration(page);
    for (const { name, path } of footerLinks) {
      const heading = page.getByRole("heading", { level: 1 });
      const before = await heading.textContent();
      await page.getByRole("contentinfo").getByRole("link", { name, exact: true }).click();
      await expect(page, `footer link ${name}`).toHaveURL(new URL(path, page.url()).href);
      await expect(heading).not.toHaveText(before ?? "");
      await expect(heading).toBeVisible();
    }
  });

  test("lists every service with a link to its page", async ({ page }) => {
    await page.goto("/");
    const servicesNav = page.getByRole("contentinfo").getByRole("navigation", { name: "Services" });
    const hrefs = await servicesNav.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toHaveLength(15);
    expect(hrefs.every((href) => href?.startsWith("/services/"))).toBe(true);
  });
});

/** Presses Tab until the target has focus, as a keyboard user would; fails if it never does. */
async function tabUntilFocused(page: Page, target: ReturnType<Page["locator"]>, maxPresses = 20) {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Focus did not reach the target within ${maxPresses} Tab presses`);
}
