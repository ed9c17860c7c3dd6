import { contactFormExtras } from "../../app/server/contact/contact-spec.ts";
import { contactFormProblems } from "../../app/site/content/contact-form.ts";
import { site } from "../../app/site/content/site.ts";
import { SLIDER_AUTOPLAY_MS } from "../../app/site/content/timing.ts";
import { holdScripts, island, scriptRequests, waitForHydration } from "../support/hydration.ts";
import { expect, type Page, test } from "./fixtures.ts";

/**
 * Islands wake when a visitor needs them (app/islands/registry.ts): until then
 * a page has fetched no script at all, and what a visitor does meanwhile is
 * not lost. When one wakes, all of its chunks are asked for at once.
 */

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

/** The chunks an island's wrapper lists, which the page asks for when it wakes, as paths. */
async function chunksOf(page: Page, name: string): Promise<string[]> {
  const listed = (await island(page, name).getAttribute("data-chunks")) ?? "";
  return listed.split(" ").map((address) => new URL(address, page.url()).pathname);
}

test.describe("the header at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("a click on Menu before the header woke opens the menu, and the header carries on from there", async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto("/about");
    expect(scripts.held(), "nothing asked for before the first touch").toEqual([]);

    const nav = mainNav(page);
    const toggle = nav.getByRole("button", { name: "Menu" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "About" })).toBeVisible();
    const services = nav.getByRole("button", { name: "Services" });
    await services.click();
    await expect(services).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "All Services" })).toBeVisible();

    // Every chunk the header needs was asked for at once: none has arrived, so none waited for another.
    await expect.poll(() => scripts.held().sort()).toEqual((await chunksOf(page, "site-header")).sort());
    await expect(nav).not.toHaveAttribute("data-enhanced", "");

    scripts.release();
    await expect(nav).toHaveAttribute("data-enhanced", "");
    await expect(island(page, "site-header")).toHaveAttribute("data-island-state", "awake");
    // Waking shut nothing the visitor had opened.
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(services).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "All Services" })).toBeVisible();

    // And the island now runs the menus: a click outside closes them (the footer is far below the open panel).
    await page.getByRole("contentinfo").getByText(site.tagline).click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "About" })).toBeHidden();
  });

  test("before the header woke, a second click closes the menu, and Services opens and closes inside it", async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto("/privacy");
    const nav = mainNav(page);
    const toggle = nav.getByRole("button", { name: "Menu" });
    const services = nav.getByRole("button", { name: "Services" });

    await toggle.click();
    await services.click();
    await expect(nav.getByRole("link", { name: "All Services" })).toBeVisible();
    await services.click();
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "All Services" })).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "About" })).toBeHidden();
    await expect(nav).not.toHaveAttribute("data-enhanced", "");
    scripts.release();
    await expect(nav).toHaveAttribute("data-enhanced", "");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("the header at 375 px with JavaScript off", () => {
  test.use({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });

  test("shows the whole menu, as it always has, since nothing can open it", async ({ page }) => {
    await page.goto("/about");
    const nav = mainNav(page);
    await expect(nav.getByRole("button", { name: "Menu" })).toBeHidden();
    await expect(nav.getByRole("link", { name: "About" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Cake Box" })).toBeVisible();
  });
});

test.describe("the header at 1440 px", () => {
  test("Enter on Services before the header woke opens it; once awake, Escape closes it and hands focus back", async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto("/about");
    const nav = mainNav(page);
    const services = nav.getByRole("button", { name: "Services" });
    await services.focus();
    await page.keyboard.press("Enter");
    await expect(services).toHaveAttribute("aria-expanded", "true");
    const paper = nav.getByRole("button", { name: "Paper Packaging" });
    await paper.click();
    await expect(paper).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Packaging Box" })).toBeVisible();

    scripts.release();
    await expect(nav).toHaveAttribute("data-enhanced", "");
    await expect(paper).toHaveAttribute("aria-expanded", "true");
    await paper.focus();
    await page.keyboard.press("Escape");
    await expect(paper).toHaveAttribute("aria-expanded", "false");
    await expect(paper).toBeFocused();
    await expect(services).toHaveAttribute("aria-expanded", "true");
  });

  test("waking the header fetches its chunks once, and a second island adds only its own", async ({ page }) => {
    const scripts = scriptRequests(page);
    await page.goto("/");
    await waitForHydration(page);
    const header = await chunksOf(page, "site-header");
    expect(scripts.map((request) => new URL(request.url()).pathname).sort()).toEqual([...header].sort());

    await page.getByRole("region", { name: "What our customers say" }).scrollIntoViewIfNeeded();
    await expect(island(page, "testimonial-slider")).toHaveAttribute("data-island-state", "awake");
    const slider = await chunksOf(page, "testimonial-slider");
    const added = scripts.map((request) => new URL(request.url()).pathname).filter((path) => !header.includes(path));
    expect(added.sort()).toEqual(slider.filter((path) => !header.includes(path)).sort());
  });
});

test.describe("an island's code", () => {
  for (const [path, names, wake] of [
    [
      "/",
      ["site-header", "testimonial-slider"],
      async (page: Page) => {
        await mainNav(page).dispatchEvent("pointerdown");
        await page.getByRole("region", { name: "What our customers say" }).scrollIntoViewIfNeeded();
      },
    ],
    [
      "/contact",
      ["site-header", "contact-form"],
      async (page: Page) => {
        await mainNav(page).dispatchEvent("pointerdown");
        await page.getByLabel("Your name", { exact: true }).focus();
      },
    ],
  ] as const) {
    test(`on ${path}, every script is asked for before any arrives: two requests deep, the page and its chunks`, async ({
      page,
    }) => {
      const { held, release } = await holdScripts(page);
      const scripts = scriptRequests(page);
      await page.goto(path);
      await wake(page);
      const listed = new Set((await Promise.all(names.map((name) => chunksOf(page, name)))).flat());
      // Nothing has arrived yet, so whatever the page asks for now it found in the HTML.
      await expect.poll(() => new Set(held()).size).toBe(listed.size);
      const askedBeforeAnyArrived = new Set(held());
      release();
      for (const name of names) await expect(island(page, name)).toHaveAttribute("data-island-state", "awake");
      // A chunk that imported one the list left out would be asked for only now, a round trip later.
      const asked = new Set(scripts.map((request) => new URL(request.url()).pathname));
      expect([...asked].filter((script) => !askedBeforeAnyArrived.has(script))).toEqual([]);
      expect(askedBeforeAnyArrived).toEqual(listed);
    });
  }
});

test.describe("the testimonial slider", () => {
  function currentSlide(page: Page) {
    return page.locator('[aria-roledescription="slide"][aria-current="true"]');
  }

  test("does not move before it is visible, and moves on every 2.5 s once it is", async ({ page }) => {
    await page.clock.install({ time: new Date("2026-11-23T09:00:00Z") });
    await page.clock.pauseAt(new Date("2026-11-23T09:00:01Z"));
    const scripts = scriptRequests(page);
    await page.goto("/");
    await page.mouse.move(0, 0);

    await page.clock.runFor(10_000);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 3");
    await expect(island(page, "testimonial-slider")).not.toHaveAttribute("data-island-state", /./);
    expect(scripts, "no script while the slider is out of sight").toEqual([]);

    await page.getByRole("region", { name: "What our customers say" }).scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await expect(island(page, "testimonial-slider")).toHaveAttribute("data-island-state", "awake");
    await page.clock.runFor(SLIDER_AUTOPLAY_MS - 100);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 3");
    await page.clock.runFor(100);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "2 of 3");
    await page.clock.runFor(SLIDER_AUTOPLAY_MS);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "3 of 3");
  });

  test("a click on Pause while its code is on the way is not lost", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/");
    await page.getByRole("button", { name: "Pause testimonials" }).click();
    await expect(island(page, "testimonial-slider")).toHaveAttribute("data-island-state", "waking");

    scripts.release();
    await expect(island(page, "testimonial-slider")).toHaveAttribute("data-island-state", "awake");
    await expect(page.getByRole("button", { name: "Play testimonials" })).toBeVisible();
  });
});

test.describe("the contact form", () => {
  test("its checks work on the first submit after the first focus, without a request", async ({ page }) => {
    const scripts = scriptRequests(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/contact");
    expect(scripts).toEqual([]);

    await page.getByLabel("Your name", { exact: true }).focus();
    await expect(page.locator("form.contact-form")).toHaveAttribute("data-enhanced", "");
    await page.getByRole("button", { name: "Send Message" }).click();

    const summary = page.getByRole("alert");
    await expect(summary.getByRole("heading", { name: "Please check the form" })).toBeVisible();
    await expect(summary).toBeFocused();
    expect(posts).toEqual([]);
  });

  test("what a visitor types while its code is on the way is kept, and checked when they leave the field", async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto("/contact");
    const email = page.getByLabel("E-mail address", { exact: true });
    await email.fill("asha@");
    await expect(island(page, "contact-form")).toHaveAttribute("data-island-state", "waking");

    scripts.release();
    await expect(page.locator("form.contact-form")).toHaveAttribute("data-enhanced", "");
    await expect(email).toHaveValue("asha@");
    await email.blur();
    await expect(email).toHaveAccessibleDescription("Error: Enter an e-mail address in the form name@example.com");
  });

  test("a form the server sent back wakes at once and takes the visitor to what it says", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Your name", { exact: true }).fill("Asha Verma");
    await page.getByLabel("E-mail address", { exact: true }).fill("asha@example.in");
    await page.getByLabel("Phone number", { exact: true }).fill("+91 98765 43210");
    await page.getByLabel("Subject", { exact: true }).fill("Quote for mono cartons");
    await page.getByLabel("Message", { exact: true }).fill("A quote for 2,000 cartons, please.");
    // A token the server cannot verify: it sends the form back, with everything typed, to be sent again.
    await page.route(
      (url) => url.pathname === "/contact",
      (route) =>
        route.request().method() === "POST"
          ? route.continue({
              postData: route
                .request()
                .postData()
                ?.replace(new RegExp(`${contactFormExtras.token}=[^&]*`), `${contactFormExtras.token}=forged`),
            })
          : route.continue(),
    );
    await page.getByRole("button", { name: "Send Message" }).click();

    const summary = page.getByRole("alert");
    await expect(summary).toContainText(contactFormProblems.expired);
    await expect(island(page, "contact-form")).toHaveAttribute("data-island-state", "awake");
    await expect(summary).toBeFocused();
    await expect(page.getByLabel("Your name", { exact: true })).toHaveValue("Asha Verma");
  });
});
