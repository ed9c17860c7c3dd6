import type { Locator } from "@playwright/test";
import { expectNoViolations } from "../support/axe.ts";
import { signedInStaff } from "../support/staff.ts";
import { expect, type Page, test } from "./staff-fixtures.ts";

/**
 * An owner translating the site on a phone: each text's Hindi under its
 * English, which stays in view; side by side on a wide screen. On a server of
 * its own, as a saved draft changes what the preview shows the other tests.
 */

/** How many texts the editor says are not yet in Hindi. */
async function untranslatedCount(page: Page): Promise<number> {
  const note = await page.getByText(/(\d+) texts? (is|are) not yet in Hindi\./).textContent();
  return Number(/(\d+) texts? (is|are) not yet in Hindi/.exec(note ?? "")?.[1]);
}

/**
 * Where a control is from another, both measured at once (the page may be
 * scrolling smoothly to the one last typed in): how far below its bottom it
 * starts, how far right of its right edge, and how far its top is from the other's.
 */
async function placeOf(control: Locator, from: Locator) {
  return control.evaluate(
    (element, other) => {
      const box = element.getBoundingClientRect();
      const otherBox = (other as Element).getBoundingClientRect();
      return { below: box.top - otherBox.bottom, right: box.left - otherBox.right, level: box.top - otherBox.top };
    },
    await from.elementHandle(),
  );
}

test("an owner translates a heading of the terms on a phone: the English stays in view above it, the draft keeps it, one text fewer waits; axe passes", async ({
  page,
  ownSite,
}) => {
  await signedInStaff(page, { site: ownSite });
  await page.setViewportSize({ width: 375, height: 812 });
  // Devanagari is drawn in the site's own face, which the staff area fetches once a page shows some.
  const fonts: string[] = [];
  page.on("response", (response) => {
    if (/\.woff2$/.test(new URL(response.url()).pathname)) fonts.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(`${ownSite.url}/inbox/site/terms`);
  const waiting = await untranslatedCount(page);
  expect(waiting).toBeGreaterThan(0);

  const section = page.getByRole("group", { name: "Section 1" });
  const english = section.getByLabel("Heading", { exact: true });
  const hindi = section.getByLabel("Heading in Hindi");
  await expect(hindi).toHaveAttribute("lang", "hi");
  await hindi.fill("कोटेशन और ऑर्डर");
  await expect(english).toBeInViewport();
  expect((await placeOf(hindi, english)).below).toBeGreaterThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoViolations(page, "on the terms' editor at 375 px, translating");

  await expect
    .poll(() => fonts.filter((font) => /noto-sans-devanagari-devanagari-400/.test(font)))
    .toEqual([expect.stringMatching(/^200 /)]);
  await page.getByRole("button", { name: "Save draft" }).first().click();
  await expect(page.getByRole("status")).toContainText("Draft saved");
  await expect(hindi).toHaveValue("कोटेशन और ऑर्डर");
  expect(await untranslatedCount(page)).toBe(waiting - 1);

  await page.setViewportSize({ width: 1440, height: 900 });
  const beside = await placeOf(hindi, english);
  expect(beside.level).toBe(0);
  expect(beside.right).toBeGreaterThan(0);
});
