import { SLIDE_GAP_PX } from "../../app/site/content/timing.ts";
import { island } from "../support/hydration.ts";
import { expect, type Page, test } from "./fixtures.ts";

// The slider's own timing: one move every 2.5 s from when it comes into view and wakes
// (tests/e2e/islands.spec.ts). Waits below leave room on either side of it.
const LONGER_THAN_ONE_MOVE = 3_500;
const SHORTER_THAN_ONE_MOVE = 1_500;

function currentSlide(page: Page) {
  return page.locator('[aria-roledescription="slide"][aria-current="true"]');
}

async function currentLabel(page: Page) {
  return currentSlide(page).getAttribute("aria-label");
}

/** Scrolls the slider into view, as a visitor reading on does, and waits until it has woken. */
async function scrollToSlider(page: Page) {
  await page.getByRole("region", { name: "What our customers say" }).scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  await expect(island(page, "testimonial-slider")).toHaveAttribute("data-island-state", "awake");
}

test.describe("testimonial slider", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
    await scrollToSlider(page);
  });

  test("shows the three testimonials as slides, the first one current", async ({ page }) => {
    const carousel = page.getByRole("region", { name: "What our customers say" });
    await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(3);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 3");
  });

  test("keeps the specification's gap between slides", async ({ page }) => {
    const track = page.getByRole("group", { name: "Testimonial slides" });
    await expect(track).toHaveCSS("column-gap", `${SLIDE_GAP_PX}px`);
  });

  test("moves on by itself about every 2.5 seconds, and loops", async ({ page }) => {
    await page.waitForTimeout(SHORTER_THAN_ONE_MOVE);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 3");
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "2 of 3", { timeout: 2_500 });
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "3 of 3", { timeout: LONGER_THAN_ONE_MOVE });
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 3", { timeout: LONGER_THAN_ONE_MOVE });
  });

  test("previous and next move one slide, and the autoplay goes on after them", async ({ page }) => {
    await page.getByRole("button", { name: "Next testimonial" }).click();
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "2 of 3");
    await page.getByRole("button", { name: "Previous testimonial" }).click();
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 3");
    await page.getByRole("button", { name: "Previous testimonial" }).click();
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "3 of 3");
    await page.mouse.move(0, 0);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 3", { timeout: LONGER_THAN_ONE_MOVE });
  });

  test("the pause button stops it and the play button starts it again", async ({ page }) => {
    await page.getByRole("button", { name: "Pause testimonials" }).click();
    const paused = await currentLabel(page);
    await page.waitForTimeout(LONGER_THAN_ONE_MOVE);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", paused ?? "");
    await page.getByRole("button", { name: "Play testimonials" }).click();
    await page.mouse.move(0, 0);
    await expect(currentSlide(page)).not.toHaveAttribute("aria-label", paused ?? "", { timeout: LONGER_THAN_ONE_MOVE });
  });

  test("holds still while the pointer is over the slides", async ({ page }) => {
    await page.getByRole("group", { name: "Testimonial slides" }).hover();
    const held = await currentLabel(page);
    await page.waitForTimeout(LONGER_THAN_ONE_MOVE);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", held ?? "");
  });

  test("holds still while keyboard focus is in the slides", async ({ page }) => {
    await page.getByRole("button", { name: "Next testimonial" }).focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("group", { name: "Testimonial slides" })).toBeFocused();
    const held = await currentLabel(page);
    await page.waitForTimeout(LONGER_THAN_ONE_MOVE);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", held ?? "");
  });
});

test.describe("testimonial slider under reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("does not move by itself, and previous and next still work", async ({ page }) => {
    await page.goto("/");
    await scrollToSlider(page);
    await page.waitForTimeout(LONGER_THAN_ONE_MOVE);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 3");
    await page.getByRole("button", { name: "Next testimonial" }).click();
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "2 of 3");
  });
});
