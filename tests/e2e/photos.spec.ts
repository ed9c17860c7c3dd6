import { serviceDrawings, services } from "../../app/site/content/services.ts";
import { paths, serviceUrl } from "../../app/site/content/urls.ts";
import { phoneImageBudget } from "../../bench/page-budgets.ts";
import { expect, type Page, test } from "./fixtures.ts";

// The service the sample photograph belongs to; the build made its files, so they are hashed assets.
const catalog: readonly { slug: string; title: string; photo?: string }[] = services;
const withPhoto = catalog.find((service) => service.photo);
const withoutPhoto = catalog.find((service) => !service.photo);
if (!withPhoto || !withoutPhoto) throw new Error("The catalog needs a service with a photograph and one without");

/** Opens a page and adds up the bytes of every photograph file it downloads. */
async function photoBytes(page: Page, path: string): Promise<{ files: string[]; bytes: number }> {
  const responses: Promise<{ file: string; bytes: number }>[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() !== "image" || !url.pathname.startsWith("/assets/")) return;
    responses.push(response.body().then((body) => ({ file: url.pathname, bytes: body.length })));
  });
  await page.goto(path, { waitUntil: "load" });
  const downloaded = await Promise.all(responses);
  return { files: downloaded.map((file) => file.file), bytes: downloaded.reduce((sum, file) => sum + file.bytes, 0) };
}

function pagePicture(page: Page) {
  return page.getByRole("main").getByRole("article").getByRole("img");
}

for (const deviceScaleFactor of [1, 2, 3]) {
  test.describe(`a phone 375 px wide at ${deviceScaleFactor}×`, () => {
    test.use({ viewport: { width: 375, height: 812 }, deviceScaleFactor });

    test(`the ${withPhoto.title} page downloads one AVIF file of its photograph, within the budget`, async ({
      page,
    }) => {
      const { files, bytes } = await photoBytes(page, serviceUrl(withPhoto.slug));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.avif$/);
      expect(bytes).toBeLessThanOrEqual(phoneImageBudget);
      // The file is at least as wide as the picture shows in device pixels, so it is sharp.
      const shown = await pagePicture(page).evaluate((image: HTMLImageElement) => {
        const candidates = (image.parentElement?.querySelector("source")?.srcset ?? "").split(",");
        const chosen = candidates
          .map((candidate) => candidate.trim().split(" "))
          .find(([url]) => url && image.currentSrc.endsWith(url));
        return { cssWidth: image.getBoundingClientRect().width, fileWidth: Number.parseInt(chosen?.[1] ?? "0", 10) };
      });
      expect(shown.fileWidth).toBeGreaterThanOrEqual(Math.round(shown.cssWidth * deviceScaleFactor));
      console.log(
        `${serviceUrl(withPhoto.slug)} at 375 px, ${deviceScaleFactor}×: ${files[0]}, ${(bytes / 1024).toFixed(1)} KB`,
      );
    });
  });
}

test.describe("a page with a photograph", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("offers AVIF and WebP at several widths, with the original format as fallback and its size in the HTML", async ({
    page,
  }) => {
    await page.goto(serviceUrl(withPhoto.slug));
    const picture = pagePicture(page);
    await expect(picture).toHaveAccessibleName(/\w/);
    const sources = await picture.evaluate((image) =>
      [...(image.parentElement?.querySelectorAll("source") ?? [])].map((source) => ({
        type: source.type,
        srcset: source.srcset,
        sizes: source.sizes,
      })),
    );
    expect(sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    for (const source of sources) {
      expect(source.srcset.split(",").length, source.type).toBeGreaterThan(2);
      expect(source.sizes, source.type).not.toBe("");
    }
    for (const attribute of ["srcset", "sizes", "width", "height"]) {
      await expect(picture).toHaveAttribute(attribute, /\S/);
    }
    await expect(picture).toHaveAttribute("src", /\.jpg$/);
    // The first view's picture: fetched at once and before anything else.
    await expect(picture).toHaveAttribute("loading", "eager");
    await expect(picture).toHaveAttribute("fetchpriority", "high");
    await expect(picture).toHaveJSProperty("complete", true);
    expect(await picture.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\.avif$/);
  });

  test("nothing on the page moves while the photograph loads", async ({ page }) => {
    await page.goto(serviceUrl(withPhoto.slug), { waitUntil: "load" });
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) total += (entry as PerformanceEntry & { value: number }).value;
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(total), 500);
        }),
    );
    expect(shift).toBe(0);
  });

  test("each of its files is served with its type and cached for a year", async ({ page, request }) => {
    await page.goto(serviceUrl(withPhoto.slug));
    const sets = await pagePicture(page).evaluate((image: HTMLImageElement) => [
      ...[...(image.parentElement?.querySelectorAll("source") ?? [])].map((source) => source.srcset),
      image.srcset,
    ]);
    const files = sets.flatMap((set) => set.split(",").map((candidate) => candidate.trim().split(" ")[0] ?? ""));
    expect(files.length).toBeGreaterThanOrEqual(9);
    for (const file of files) {
      const response = await request.get(file);
      expect(response.status(), file).toBe(200);
      const extension = file.split(".").pop();
      expect(response.headers()["content-type"], file).toBe(extension === "jpg" ? "image/jpeg" : `image/${extension}`);
      expect(response.headers()["cache-control"], file).toContain("immutable");
    }
  });
});

test.describe("cards of a service with a photograph", () => {
  function card(page: Page, title: string) {
    return page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  }

  test("show the photograph on the services page, lazily: only the first card's picture comes first", async ({
    page,
  }) => {
    await page.goto(paths.services);
    // Card pictures are decoration beside their titles, so they have no role to find them by.
    // The first card's drawing comes with the page: it asks for no file before the others.
    await expect(page.getByRole("article").first().locator("svg.service-card__image")).toBeVisible();
    const image = card(page, withPhoto.title).locator("picture img");
    await expect(image).toHaveAttribute("srcset", /\.jpg 320w/);
    await expect(image).toHaveAttribute("loading", "lazy");
    await expect(image).not.toHaveAttribute("fetchpriority", /./);
    // Beside the card's title, the picture is decoration.
    await expect(image).toHaveAttribute("alt", "");
  });

  test("show the photograph lazily further down the home page", async ({ page }) => {
    await page.goto(paths.home);
    const image = card(page, withPhoto.title).locator("picture img");
    await expect(image).toHaveAttribute("loading", "lazy");
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveJSProperty("complete", true);
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  });
});

test("a service without a photograph keeps its illustration, written into its page", async ({ page }) => {
  const pictures: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image") pictures.push(request.url());
  });
  await page.goto(serviceUrl(withoutPhoto.slug), { waitUntil: "load" });
  const picture = pagePicture(page);
  await expect(picture).toHaveAccessibleName(`Illustration of ${withoutPhoto.title.toLowerCase()}`);
  expect(await picture.evaluate((element) => element.tagName)).toBe("svg");
  expect(pictures, "no picture file before the first view").toEqual([]);
});

test("every card's drawing comes from one file, each shown whole", async ({ page }) => {
  const pictures: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image") pictures.push(new URL(request.url()).pathname);
  });
  await page.goto(paths.services);
  const drawings = page.getByRole("article").locator(`img[src^="${serviceDrawings.sprite}#"]`);
  // All but the first card's, which comes with the page.
  const inPage = catalog[0]?.photo ? 0 : 1;
  await expect(drawings).toHaveCount(catalog.filter((service) => !service.photo).length - inPage);
  for (const drawing of await drawings.all()) {
    await drawing.scrollIntoViewIfNeeded();
    await expect(drawing).toHaveJSProperty("complete", true);
    // A view shows one drawing at its own 4:3 shape, not the whole column of them.
    const size = await drawing.evaluate((image: HTMLImageElement) => ({
      width: image.naturalWidth,
      height: image.naturalHeight,
    }));
    expect(size.width / size.height).toBeCloseTo(4 / 3, 1);
  }
  expect(pictures.filter((picture) => picture.endsWith(".svg"))).toEqual([serviceDrawings.sprite]);
});
