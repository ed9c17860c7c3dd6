import { hindiFormWords as hindi } from "../../app/site/content/hi/forms.ts";
import { expectNoViolations } from "../support/axe.ts";
import { readReceivedMails } from "../support/mailbox.ts";
import { MIN_FILL_MS } from "./cake-quote.ts";
import { expect, type Page, test } from "./fixtures.ts";

/**
 * The contact form on its Hindi page, as a visitor meets it with scripts on
 * and off: a mistake is said in Hindi beside its field, with what was typed
 * kept, and the form once sent is acknowledged by mail in Hindi.
 */

const { fields, problems } = hindi.contactForm;

const field = (page: Page, name: keyof typeof fields) => page.getByLabel(fields[name].label, { exact: true });

for (const scripts of ["on", "off"] as const) {
  test.describe(`the Hindi contact form with JavaScript ${scripts}`, () => {
    test.use({ javaScriptEnabled: scripts === "on" });

    test("a mistake is shown in Hindi beside its field, what was typed stays, and the acknowledgement comes in Hindi", async ({
      page,
    }) => {
      const email = `hindi-${scripts}-${Date.now()}@example.in`;
      await page.goto("/hi/contact");
      const openedAt = Date.now();
      await expect(page.locator("html")).toHaveAttribute("lang", "hi");
      await field(page, "name").focus();
      if (scripts === "on") await expect(page.locator("form.contact-form")).toHaveAttribute("data-enhanced", "");

      const typed = {
        name: "आशा वर्मा",
        email: "asha@",
        phone_number: "+91 98765 43210",
        msg_subject: "केक बॉक्स का दाम",
        message: "नमस्ते,\nहमें 2,000 केक बॉक्स चाहिए।",
      };
      for (const [name, value] of Object.entries(typed)) await field(page, name as keyof typeof typed).fill(value);
      await page.getByRole("button", { name: hindi.contactForm.submit }).click();

      await expect(page.getByRole("alert").getByRole("heading")).toHaveText(hindi.contactForm.summaryHeading);
      await expect(field(page, "email")).toHaveAccessibleDescription(`${hindi.contactForm.error} ${problems.email}`);
      await expect(field(page, "email")).toHaveAttribute("aria-invalid", "true");
      for (const [name, value] of Object.entries(typed)) {
        await expect(field(page, name as keyof typeof typed)).toHaveValue(value);
      }

      await field(page, "email").fill(email);
      await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - openedAt)));
      await page.getByRole("button", { name: hindi.contactForm.submit }).click();
      await expect(page.getByRole("heading", { name: hindi.contactPage.sent.heading })).toBeVisible();
      await expect(page).toHaveURL(/\/hi\/contact\?sent=ENQ-\d{4}-\d{6}(#|$)/);
      const reference = /sent=(ENQ-\d{4}-\d{6})/.exec(page.url())?.[1] ?? "";

      const acknowledgement = async () =>
        (await readReceivedMails()).find((mail) => mail.to.includes(email) && mail.text.includes(reference));
      await expect.poll(async () => (await acknowledgement())?.subject).toBe(hindi.acknowledgement.subject(reference));
      expect((await acknowledgement())?.text).toContain(hindi.acknowledgement.greeting);
    });
  });
}

test("the Hindi quote form checks in Hindi as it is used, names its choices in Hindi, and has no WCAG A/AA violations at 375 px", async ({
  page,
}) => {
  const words = hindi.quoteForm;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/hi/quote?service=brochure");
  await expectNoViolations(page, "on the Hindi quote form");
  const paper = page.getByRole("combobox", { name: words.paper, exact: true });
  await expect(paper.getByRole("option")).toHaveText([words.choose, ...Object.values(words.papers)]);

  const pinCode = page.getByRole("textbox", { name: words.pinCode, exact: true });
  await pinCode.focus();
  await expect(page.locator("form.quote-form")).toHaveAttribute("data-enhanced", "");
  await pinCode.fill("16001");
  await pinCode.blur();
  await expect(pinCode).toHaveAccessibleDescription(`${hindi.contactForm.error} ${words.pinCodeProblem}`);
  await pinCode.fill("160017");
  await expect(page.getByRole("status").filter({ hasText: "Chandigarh" })).toHaveText("डिलीवरी: Chandigarh।");

  await page.getByRole("button", { name: words.submit }).click();
  await expect(page.getByRole("alert").getByRole("heading")).toHaveText(hindi.contactForm.summaryHeading);
  await expect(page.getByRole("alert").getByRole("link").first()).toHaveText(/^तैयार साइज़: तैयार साइज़ चुनें$/);
  await expectNoViolations(page, "on the Hindi quote form with its errors shown");
});
