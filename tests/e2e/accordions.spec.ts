import { expect, test } from "./fixtures.ts";

test.describe("FAQ", () => {
  test("shows eight questions in two columns, the first one open", async ({ page }) => {
    await page.goto("/faq");
    const items = page.locator("details");
    await expect(items).toHaveCount(8);
    await expect(items.first()).toHaveAttribute("open", "");
    await expect(page.locator("details[open]")).toHaveCount(1);
    const columnTops = await page
      .locator(".faq__column")
      .evaluateAll((columns) => columns.map((column) => column.getBoundingClientRect().left));
    expect(new Set(columnTops).size).toBe(2);
  });

  test("opening another question closes the open one", async ({ page }) => {
    await page.goto("/faq");
    const questions = page.locator("details > summary");
    await questions.nth(5).click();
    await expect(page.locator("details").nth(5)).toHaveAttribute("open", "");
    await expect(page.locator("details[open]")).toHaveCount(1);
    await questions.nth(2).click();
    await expect(page.locator("details").nth(2)).toHaveAttribute("open", "");
    await expect(page.locator("details[open]")).toHaveCount(1);
  });

  test("works by keyboard and with scripts off", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/faq");
    await page.locator("details > summary").nth(3).focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("details").nth(3)).toHaveAttribute("open", "");
    await expect(page.locator("details[open]")).toHaveCount(1);
    await context.close();
  });
});

test.describe("service side menu", () => {
  const menu = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Service categories" });

  test("opens Paper Packaging on a paper packaging service and marks the current service", async ({ page }) => {
    await page.goto("/services/cake");
    await expect(menu(page).locator("details[open] > summary")).toHaveText(["Paper Packaging"]);
    await expect(menu(page).getByRole("link", { name: "Cake Box" })).toHaveAttribute("aria-current", "page");
  });

  test("opens the group of the service shown instead, so visitors see where they are", async ({ page }) => {
    await page.goto("/services/flex");
    await expect(menu(page).locator("details[open] > summary")).toHaveText(["Branding Materials"]);
    await expect(menu(page).getByRole("link", { name: "Flex Banner Printing" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.goto("/services/calender");
    await expect(menu(page).locator("details[open] > summary")).toHaveText(["Commercial Printing"]);
  });

  test("keeps only one group open at a time", async ({ page }) => {
    await page.goto("/services/box");
    await menu(page).getByText("Commercial Printing").click();
    await expect(menu(page).locator("details[open] > summary")).toHaveText(["Commercial Printing"]);
    await menu(page).getByText("Branding Materials").click();
    await expect(menu(page).locator("details[open] > summary")).toHaveText(["Branding Materials"]);
  });

  test("opens Paper Packaging by default beside an unknown service", async ({ page }) => {
    const response = await page.goto("/services/no-such-service");
    expect(response?.status()).toBe(404);
    await expect(menu(page).locator("details[open] > summary")).toHaveText(["Paper Packaging"]);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("lists every service under its group, one group shown at a time", async ({ page }) => {
    await page.goto("/services/box");
    await expect(menu(page).locator("a")).toHaveCount(15);
    await expect(menu(page).getByRole("link")).toHaveCount(4);
    await menu(page).getByText("Commercial Printing", { exact: true }).click();
    await expect(menu(page).getByRole("link")).toHaveCount(8);
  });
});

test.describe("service detail", () => {
  test("asks for a quote with the service chosen, its questions asked", async ({ page }) => {
    await page.goto("/services/brochure");
    await page.getByRole("main").getByRole("link", { name: "Get a quote" }).click();
    await expect(page).toHaveURL(/\/quote\?service=brochure$/);
    await expect(page.getByRole("group", { name: "Brochure: specification" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Binding" })).toBeVisible();
  });
});
