import { checkAccessibility, expectNoViolations } from "../support/axe.ts";
import { waitForHydration } from "../support/hydration.ts";
import { sitePages, statusPages } from "../support/site-pages.ts";
import { expect, test } from "./fixtures.ts";

const pages = [...sitePages, ...statusPages].map((entry) => entry.path);

// One load per page, judged at both widths: a resize re-lays the page out as a
// load at that width would, and halves the time the suite spends loading pages.
for (const path of pages) {
  test(`${path} has no WCAG A/AA violations at 1440 px, and at 375 px with the menu closed and open`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    await waitForHydration(page);
    // Contrast is judged on the final typeface, not a fallback that happens to be showing.
    await page.evaluate(() => document.fonts.ready);
    await expectNoViolations(page, `on ${path} at 1440 px`);

    await page.setViewportSize({ width: 375, height: 812 });
    const nav = page.getByRole("navigation", { name: "Main" });
    const toggle = nav.getByRole("button", { name: "Menu" });
    await expect(toggle).toBeVisible();
    await expectNoViolations(page, `on ${path} at 375 px, menu closed`);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    // The Services submenu open too, so its links are judged as well. A tap leaves
    // the button in its hover state on a phone, so that state is judged with it.
    const services = nav.getByRole("button", { name: "Services" });
    await services.click();
    await expect(services).toHaveAttribute("aria-expanded", "true");
    // Opening the menu changes only the header; the rest of the page was judged just above.
    await expectNoViolations(page, `on ${path} at 375 px, menu open`, "header");
  });
}

test("the check can fail: a picture without words and a field without a label are found", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => {
    document
      .querySelector("main")
      ?.insertAdjacentHTML("beforeend", '<img src="/images/services/box.svg"><input type="text">');
  });
  const violations = await checkAccessibility(page);
  expect(violations.map((violation) => violation.id)).toEqual(expect.arrayContaining(["image-alt", "label"]));
});
