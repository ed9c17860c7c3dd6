import { readFileSync } from "node:fs";
import { checkAccessibility, describeViolations } from "../support/axe.ts";
import { readReceivedMails } from "../support/mailbox.ts";
import { signedInStaff } from "../support/staff.ts";
import { fillCakeBoxes, MIN_FILL_MS } from "./cake-quote.ts";
import { expect, test } from "./fixtures.ts";

// Every password set or checked costs a deliberately slow hash.
test.describe.configure({ timeout: 60_000 });

test.describe("the quote request", () => {
  test.use({ javaScriptEnabled: false });

  test("cake boxes from the cake page: sent without a script, seen by staff as a specification, mailed with it", async ({
    page,
  }) => {
    await page.goto("/services/cake");
    await page.getByRole("main").getByRole("link", { name: "Get a quote" }).click();
    await expect(page).toHaveURL(/\/quote\?service=cake$/);
    await expect(page.getByRole("group", { name: "Cake Box: specification" })).toBeVisible();
    const email = `quote-${Date.now()}@example.in`;
    await fillCakeBoxes(page, email);
    await page.waitForTimeout(MIN_FILL_MS);
    await page.getByRole("button", { name: "Send quote request" }).click();

    await expect(page.getByRole("heading", { name: "Thank you, your quote request has arrived" })).toBeVisible();
    await expect(page.getByText("An estimator replies with prices within one working day")).toBeVisible();
    const reference = (await page.locator(".contact-sent__reference strong").textContent()) ?? "";
    expect(reference).toMatch(/^ENQ-\d{4}-\d{6}$/);

    await expect
      .poll(async () => (await readReceivedMails()).filter((mail) => mail.subject?.includes(reference)).length)
      .toBe(2);
    const mails = (await readReceivedMails()).filter((mail) => mail.subject?.includes(reference));
    const company = mails.find((mail) => mail.subject?.startsWith("Inquiry"));
    expect(company?.subject).toBe(`Inquiry ${reference}: Quote request: Cake Box`);
    expect(company?.text).toContain("Style: Cake box with window");
    expect(company?.text).toContain(`/inbox/${reference}`);
    const acknowledgement = mails.find((mail) => mail.to.includes(email));
    expect(acknowledgement?.text).toContain("You asked for a quote for Cake Box, in quantities of 500, 1,000.");

    await signedInStaff(page);
    await page.goto("/inbox");
    await page.getByRole("combobox", { name: "Kind" }).selectOption({ label: "Quote requests" });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/[?&]kind=quote/);
    const listed = page.getByRole("listitem").filter({ hasText: reference });
    await expect(listed.getByText("Quote request", { exact: true })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download these as CSV" }).click(),
    ]);
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv).toContain(`"${reference}",`);
    expect(csv).toContain("Style: Cake box with window\nInner length (mm): 250");
    await page.goto("/inbox?kind=message");
    await expect(page.getByRole("listitem").filter({ hasText: reference })).toHaveCount(0);
    await page.goto(`/inbox/${reference}`);
    const table = page.getByRole("region", { name: "Quote request" }).getByRole("table");
    await expect(table.getByRole("row", { name: "Style Cake box with window" })).toBeVisible();
    await expect(table.getByRole("row", { name: "Quantities 500 / 1,000" })).toBeVisible();
    await expect(table.getByRole("row", { name: "Delivery PIN code 400001 (Maharashtra)" })).toBeVisible();
    await expect(table.getByRole("row", { name: "Company Sweet Crumbs Bakery" })).toBeVisible();
  });

  test("a refused request keeps everything typed and says beside each field what to fix", async ({ page }) => {
    await page.goto("/quote?service=cake");
    await fillCakeBoxes(page, "asha@example.in");
    await page.getByRole("textbox", { name: "Delivery PIN code" }).fill("40001");
    await page.getByRole("textbox", { name: "GSTIN (optional)" }).fill("27AAPFU0939F1ZX");
    await page.waitForTimeout(MIN_FILL_MS);
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Send quote request" }).click();
    expect((await answer).status()).toBe(400);

    await expect(page.getByRole("alert")).toContainText("Please check the form");
    const pin = page.getByRole("textbox", { name: "Delivery PIN code" });
    await expect(pin).toHaveValue("40001");
    await expect(pin).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("textbox", { name: "GSTIN (optional)" })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("textbox", { name: "Company name (optional)" })).toHaveValue("Sweet Crumbs Bakery");
    await expect(page.getByRole("combobox", { name: "Style" })).toHaveValue("cakeWindow");
    await expect(page.getByRole("checkbox", { name: "With a window" })).toBeChecked();
  });

  test("without a product chosen, the visitor picks one first and gets its questions", async ({ page }) => {
    await page.goto("/quote");
    await page.getByRole("combobox", { name: "Product" }).selectOption({ label: "Flex Banner Printing" });
    await page.getByRole("button", { name: "Show its fields" }).click();
    await expect(page).toHaveURL(/\/quote\?service=flex$/);
    await expect(page.getByRole("combobox", { name: "Material" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Width (feet)" })).toBeVisible();
  });
});

for (const width of [375, 1440]) {
  test(`the quote form has no WCAG A/AA violations at ${width} px, with its errors shown`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/quote?service=brochure");
    const before = await checkAccessibility(page);
    expect(before, describeViolations(before)).toEqual([]);
    await page.getByRole("button", { name: "Send quote request" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    const after = await checkAccessibility(page);
    expect(after, describeViolations(after)).toEqual([]);
  });
}

test("the header offers the quote request beside the menu where there is room for it", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("banner").getByRole("link", { name: "Get a quote" }).click();
  await expect(page).toHaveURL(/\/quote$/);
  await expect(page.getByRole("combobox", { name: "Product" })).toBeVisible();
});

test.describe("with a script", () => {
  test("the form loads no script until the visitor uses it, then checks each field as it is left", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/quote?service=cake", { waitUntil: "load" });
    await page.waitForTimeout(500);
    expect(scripts).toEqual([]);

    const pin = page.getByRole("textbox", { name: "Delivery PIN code" });
    await pin.focus();
    await expect(page.locator("form.quote-form")).toHaveAttribute("data-enhanced", "");
    await pin.fill("40001");
    await pin.blur();
    await expect(page.locator("#quote-pin_code-error")).toContainText("six-digit PIN code");
    await expect(pin).toHaveAttribute("aria-invalid", "true");
    expect(scripts.length).toBeGreaterThan(0);
    await pin.fill("400001");
    await expect(page.locator("#quote-pin_code-error")).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Delivers to" })).toHaveText("Delivers to Maharashtra.");
  });

  test("an incomplete form is not sent: its summary takes focus and lists what to correct", async ({ page }) => {
    await page.goto("/quote?service=flex");
    await page.getByRole("textbox", { name: "Your name" }).focus();
    await expect(page.locator("form.quote-form")).toHaveAttribute("data-enhanced", "");
    await page.getByRole("textbox", { name: "Your name" }).fill("Asha Verma");
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    await page.getByRole("button", { name: "Send quote request" }).click();
    const summary = page.getByRole("alert");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link", { name: "Material: Choose the material" })).toBeVisible();
    await summary.getByRole("link", { name: /^Width \(feet\)/ }).click();
    await expect(page.getByRole("textbox", { name: "Width (feet)" })).toBeFocused();
    expect(posted).toBe(false);
    await expect(page.getByRole("textbox", { name: "Your name" })).toHaveValue("Asha Verma");
  });
});
