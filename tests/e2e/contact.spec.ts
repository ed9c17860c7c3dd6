import { readReceivedMails } from "../support/mailbox.ts";
import { MIN_FILL_MS } from "./cake-quote.ts";
import { expect, type Page, test } from "./fixtures.ts";

/**
 * The contact form as a visitor meets it, with scripts on and with scripts off.
 * The server files forms sent sooner than a person could fill them in
 * (FORM_MIN_FILL_SECONDS) as spam, so the tests that send a good form wait that out.
 */

const visitor = {
  name: "Asha Verma",
  email: "asha@example.in",
  phone: "+91 98765 43210",
  subject: "Quote for mono cartons",
  message: "We need 2,000 printed mono cartons, 120 x 80 x 40 mm.\nPlease send a price.",
};

function field(page: Page, label: "Your name" | "E-mail address" | "Phone number" | "Subject" | "Message") {
  return page.getByLabel(label, { exact: true });
}

/** Opens the form; answers a time no earlier than the server's start time for it (its token). */
async function openContact(page: Page, path = "/contact"): Promise<number> {
  await page.goto(path);
  return Date.now();
}

async function fillIn(page: Page, values: Partial<typeof visitor> = {}) {
  const all = { ...visitor, ...values };
  await field(page, "Your name").fill(all.name);
  await field(page, "E-mail address").fill(all.email);
  await field(page, "Phone number").fill(all.phone);
  await field(page, "Subject").fill(all.subject);
  await field(page, "Message").fill(all.message);
}

async function waitOutFillTime(openedAt: number) {
  const left = openedAt + MIN_FILL_MS - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

function send(page: Page) {
  return page.getByRole("button", { name: "Send Message" }).click();
}

async function expectTypingKept(page: Page, values: typeof visitor) {
  await expect(field(page, "Your name")).toHaveValue(values.name);
  await expect(field(page, "E-mail address")).toHaveValue(values.email);
  await expect(field(page, "Phone number")).toHaveValue(values.phone);
  await expect(field(page, "Subject")).toHaveValue(values.subject);
  await expect(field(page, "Message")).toHaveValue(values.message);
}

for (const scripts of ["on", "off"] as const) {
  test.describe(`contact form with JavaScript ${scripts}`, () => {
    test.use({ javaScriptEnabled: scripts === "on" });

    /** Opens the form and turns to it, which wakes its checks when scripts are on. */
    async function ready(page: Page, path?: string) {
      const openedAt = await openContact(page, path);
      await field(page, "Your name").focus();
      if (scripts === "on") await expect(page.locator("form.contact-form")).toHaveAttribute("data-enhanced", "");
      return openedAt;
    }

    test("an empty form shows five errors, in the summary and at each field", async ({ page }) => {
      await ready(page);
      await send(page);

      const summary = page.getByRole("alert");
      await expect(summary.getByRole("heading", { name: "Please check the form" })).toBeVisible();
      await expect(summary.getByRole("link")).toHaveText([
        "Enter your name",
        "Enter your e-mail address",
        "Enter your phone number",
        "Enter a subject",
        "Write your message",
      ]);
      for (const label of ["Your name", "E-mail address", "Phone number", "Subject", "Message"] as const) {
        await expect(field(page, label)).toHaveAttribute("aria-invalid", "true");
      }
      await expect(field(page, "Your name")).toHaveAccessibleDescription("Error: Enter your name");
      if (scripts === "on") await expect(summary).toBeFocused();

      await summary.getByRole("link", { name: "Enter a subject" }).click();
      await expect(field(page, "Subject")).toBeFocused();
    });

    test("a bad e-mail and a bad phone show their messages, and nothing typed is lost", async ({ page }) => {
      await ready(page);
      const typed = { ...visitor, email: "asha@example", phone: "98765" };
      await fillIn(page, typed);
      await send(page);

      await expect(page.getByRole("alert").getByRole("link")).toHaveText([
        "Enter an e-mail address in the form name@example.com",
        "Enter a phone number with 7 to 15 digits, such as +91 98765 43210",
      ]);
      await expect(field(page, "E-mail address")).toHaveAccessibleDescription(/Enter an e-mail address in the form/);
      await expect(field(page, "Phone number")).toHaveAccessibleDescription(/Enter a phone number with 7 to 15 digits/);
      await expect(field(page, "Your name")).not.toHaveAttribute("aria-invalid", "true");
      await expectTypingKept(page, typed);
    });

    test("a good form shows the reference, after correcting a mistake", async ({ page }) => {
      const openedAt = await ready(page);
      await fillIn(page, { email: "asha.example.in" });
      await send(page);
      await expect(page.getByRole("alert")).toContainText("Enter an e-mail address in the form name@example.com");

      await field(page, "E-mail address").fill(visitor.email);
      await waitOutFillTime(openedAt);
      await send(page);

      await expect(page.getByRole("heading", { name: "Thank you, your message has arrived" })).toBeVisible();
      await expect(page.getByText(/Your reference: ENQ-\d{4}-\d{6}/)).toBeVisible();
      await expect(page).toHaveURL(/\/contact\?sent=ENQ-\d{4}-\d{6}/);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expect(page.getByRole("link", { name: "Send another message" })).toHaveAttribute("href", "/contact");
    });

    test("?service= fills in the subject", async ({ page }) => {
      await ready(page, "/contact?service=cake");
      await expect(field(page, "Subject")).toHaveValue("Quote for Cake Box");
    });
  });
}

test.describe("contact form with JavaScript on", () => {
  test("a field is checked when the visitor leaves it, and the message goes once it is right", async ({ page }) => {
    await openContact(page);
    const email = field(page, "E-mail address");
    await email.focus();
    await expect(page.locator("form.contact-form")).toHaveAttribute("data-enhanced", "");

    // Passing through a field without typing is not a mistake.
    await field(page, "Phone number").focus();
    await expect(email).not.toHaveAttribute("aria-invalid", "true");

    await email.fill("asha@");
    await email.blur();
    await expect(email).toHaveAccessibleDescription("Error: Enter an e-mail address in the form name@example.com");
    await expect(page.getByRole("alert")).toHaveCount(0);

    await email.fill("asha@example.in");
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("");
  });

  test("the button is disabled while sending, so one click sends one message", async ({ page }) => {
    const openedAt = await openContact(page);
    await field(page, "Your name").focus();
    await expect(page.locator("form.contact-form")).toHaveAttribute("data-enhanced", "");

    // While the form is on its way, the page can only speak up by itself: it reports what
    // its button shows and then tries to send again, as an impatient second click would.
    // The first post is held until then, so the second try meets it in flight.
    let whileSending: unknown;
    let triedAgain: () => void = () => {};
    const secondTry = new Promise<void>((resolve) => (triedAgain = resolve));
    await page.exposeFunction("reportWhileSending", (seen: unknown) => {
      whileSending = seen;
      triedAgain();
    });
    let posts = 0;
    await page.route(
      (url) => url.pathname === "/contact",
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        posts += 1;
        await secondTry;
        // A post the browser has given up on for a newer one can no longer be continued.
        await route.continue().catch(() => {});
      },
    );

    await fillIn(page);
    await waitOutFillTime(openedAt);
    await page.locator("form.contact-form").evaluate((form: HTMLFormElement) => {
      const report = (window as unknown as { reportWhileSending: (seen: unknown) => void }).reportWhileSending;
      form.addEventListener(
        "submit",
        () =>
          setTimeout(() => {
            const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
            report({ disabled: button?.disabled, text: button?.textContent });
            form.requestSubmit();
          }, 300),
        { once: true },
      );
    });
    await page.getByRole("button", { name: "Send Message" }).click();

    await expect(page.getByText(/Your reference: ENQ-\d{4}-\d{6}/)).toBeVisible();
    expect(whileSending).toEqual({ disabled: true, text: "Sending…" });
    expect(posts).toBe(1);
    await expect(page.getByRole("heading", { name: "Thank you, your message has arrived" })).toBeFocused();
  });
});

test.describe("an inquiry sent from the browser", () => {
  test("reaches the company and the visitor as mail, through a real SMTP receiver", async ({ page }) => {
    const email = `mail-check-${Date.now()}@example.in`;
    const openedAt = await openContact(page);
    await fillIn(page, { email });
    await waitOutFillTime(openedAt);
    await send(page);
    const reference = await page.getByText(/^ENQ-\d{4}-\d{6}$/).textContent();
    await expect(page.getByText("A confirmation with this reference is on its way")).toBeVisible();

    await expect
      .poll(async () => (await readReceivedMails()).filter((mail) => mail.subject?.includes(reference ?? "-")).length)
      .toBe(2);
    const mails = (await readReceivedMails()).filter((mail) => mail.subject?.includes(reference ?? "-"));
    expect(mails.map((mail) => mail.to).sort()).toEqual([["hello@example.com"], [email]].sort());
  });
});
