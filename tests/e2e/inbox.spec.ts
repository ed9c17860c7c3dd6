import { readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { APIRequestContext } from "@playwright/test";
import { HtmlValidate } from "html-validate";
import { expectNoViolations } from "../support/axe.ts";
import { readReceivedMails } from "../support/mailbox.ts";
import { signedInStaff } from "../support/staff.ts";
import { MIN_FILL_MS } from "./cake-quote.ts";
import { expect, type Page, test } from "./fixtures.ts";

type Visitor = { name: string; email: string; phone: string; subject: string; message: string };

let visitors = 0;

/** A visitor no other test shares: every test writes to the one database. */
function newVisitor(overrides: Partial<Visitor> = {}): Visitor {
  visitors += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${visitors}`;
  return {
    name: `Nandini Rao ${tag}`,
    email: `nandini.${tag}@example.in`,
    phone: `+91 9${String(Date.now() + visitors).slice(-9)}`,
    subject: `Quote for cake boxes ${tag}`,
    message: `We need 1,000 cake boxes (${tag}).`,
    ...overrides,
  };
}

/**
 * Sends inquiries as browsers would: each opens the contact page from a service
 * page (so the form carries the service and the page), waits as a person
 * would, and sends. Answers each one's reference ("" for one taken as spam).
 */
async function sendInquiries(
  request: APIRequestContext,
  sends: { visitor: Visitor; honeypot?: string }[],
): Promise<string[]> {
  const forms = await Promise.all(
    sends.map(async () => {
      // Opened from a service page: the browser names it in the Referer.
      const response = await request.get("/contact?service=cake", {
        headers: { Referer: `http://127.0.0.1:${process.env.E2E_PORT}/services/cake` },
      });
      const html = await response.text();
      const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
      return { token: hidden("form_token"), service: hidden("service"), source: hidden("source_page") };
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS));
  return Promise.all(
    sends.map(async ({ visitor, honeypot = "" }, index) => {
      const form = forms[index];
      const response = await request.post("/contact", {
        form: {
          name: visitor.name,
          email: visitor.email,
          phone_number: visitor.phone,
          msg_subject: visitor.subject,
          message: visitor.message,
          website: honeypot,
          form_token: form?.token ?? "",
          service: form?.service ?? "",
          source_page: form?.source ?? "",
        },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(303);
      return /sent=(ENQ-\d{4}-\d{6})?/.exec(response.headers().location ?? "")?.[1] ?? "";
    }),
  );
}

/** Today in India, as the date fields take it. */
function todayInIndia(offsetDays = 0): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" });
}

async function search(page: Page, query: Record<string, string>) {
  await page.goto(`/inbox?${new URLSearchParams(query)}`);
}

function listed(page: Page) {
  return page.getByRole("list", { name: "Inquiries" }).getByRole("listitem");
}

test.describe("the inbox, signed in", () => {
  test("search and filter the list, change a status and add a note; opening an inquiry changes nothing", async ({
    page,
  }) => {
    await signedInStaff(page, { name: "Meera Nair" });
    const first = newVisitor();
    const second = newVisitor({ name: `${first.name} second` });
    const [firstRef, secondRef] = await sendInquiries(page.request, [{ visitor: first }, { visitor: second }]);

    await search(page, { q: first.name });
    await expect(listed(page)).toHaveCount(2);
    // Newest first, with reference, received time, name, subject, service and status.
    const newest = listed(page).first();
    await expect(newest.getByRole("link", { name: second.name })).toBeVisible();
    await expect(newest).toContainText(secondRef ?? "-");
    await expect(newest).toContainText(second.subject);
    await expect(newest).toContainText("Cake Box");
    await expect(newest).toContainText(/Received\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2} IST/);
    await expect(newest).toContainText("New");

    // Search by e-mail, by phone as typed differently, by reference, by words of the message.
    await search(page, { q: first.email });
    await expect(listed(page)).toHaveCount(1);
    await search(page, { q: first.phone.replace(/\D/g, "").slice(2) });
    await expect(listed(page)).toHaveCount(1);
    await search(page, { q: firstRef ?? "-" });
    await expect(listed(page)).toHaveCount(1);

    // Filter by date with the form, as staff would.
    await search(page, { q: first.name });
    await page.getByLabel("Received from").fill(todayInIndia(-1));
    await page.getByLabel("Received to").fill(todayInIndia());
    await page.getByRole("button", { name: "Show" }).click();
    await expect(listed(page)).toHaveCount(2);
    await page.getByLabel("Received from").fill(todayInIndia(1));
    await page.getByLabel("Received to").fill(todayInIndia(1));
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByText("No inquiries match.")).toBeVisible();

    // Opening one does not change its status.
    await search(page, { q: first.name });
    await listed(page).last().getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${firstRef}: ${first.name}`);
    await expect(page.getByRole("definition").filter({ hasText: first.message })).toBeVisible();
    await expect(page.getByText("/services/cake")).toBeVisible();
    await page.goto(`/inbox?${new URLSearchParams({ q: first.name, status: "new" })}`);
    await expect(listed(page)).toHaveCount(2);

    // Change its status.
    await page.goto(`/inbox/${firstRef}`);
    await page.getByRole("combobox", { name: "Status" }).selectOption("quoted");
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByRole("status")).toHaveText("Status saved.");
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("quoted");

    // A blank note, the browser's own check bypassed, is refused by the server in the staff's words.
    await page.getByLabel("Add a note").evaluate((field) => field.removeAttribute("required"));
    await page.getByLabel("Add a note").fill("   ");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByLabel("Add a note")).toHaveAccessibleDescription("Write the note first.");

    // Add a note.
    await page.getByLabel("Add a note").fill("Sent a quote for 1,000 boxes.\nCall back on Monday.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByRole("status")).toHaveText("Note added.");
    const notes = page.getByRole("region", { name: "Notes" });
    await expect(notes).toContainText("Meera Nair");
    await expect(notes).toContainText("Sent a quote for 1,000 boxes.");

    // The history says who did what, and no note's words.
    const history = page.getByRole("region", { name: "History" });
    await expect(history).toContainText("status changed: New → Quoted");
    await expect(history).toContainText("note added");
    await expect(history).not.toContainText("1,000 boxes");

    // Counts and filters follow.
    await search(page, { q: first.name, status: "quoted" });
    await expect(listed(page)).toHaveCount(1);
    await expect(page.getByRole("navigation", { name: "Statuses" }).getByRole("link", { name: /^Quoted/ })).toHaveText(
      "Quoted (1)",
    );
    await expect(page.getByRole("navigation", { name: "Statuses" }).getByRole("link", { name: /^New/ })).toHaveText(
      "New (1)",
    );
  });

  test("an inquiry's page offers one-tap replies by e-mail, phone and WhatsApp", async ({ page }) => {
    await signedInStaff(page);
    const visitor = newVisitor({ phone: "98765 12345", subject: "Boxes & bags" });
    const [reference] = await sendInquiries(page.request, [{ visitor }]);
    await page.goto(`/inbox/${reference}`);
    const replies = page.getByRole("list", { name: "Reply" });
    await expect(replies.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
      "href",
      `mailto:${visitor.email}?subject=${encodeURIComponent(`Re: Boxes & bags [${reference}]`)}`,
    );
    await expect(replies.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:+919876512345");
    await expect(replies.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", "https://wa.me/919876512345");
  });

  test("the CSV holds the current filter's rows, with status, service and source, and formulas neutralised", async ({
    page,
  }) => {
    await signedInStaff(page);
    const visitor = newVisitor({ subject: "=HYPERLINK(1)" });
    const other = newVisitor({ name: `${visitor.name} other` });
    const [reference, otherRef] = await sendInquiries(page.request, [{ visitor }, { visitor: other }]);
    await page.goto(`/inbox/${otherRef}`);
    await page.getByRole("combobox", { name: "Status" }).selectOption("won");
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByRole("status")).toHaveText("Status saved.");

    await search(page, { q: visitor.name, status: "new" });
    await expect(listed(page)).toHaveCount(1);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download these as CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^inquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const rows = csv.slice(1).trimEnd().split("\r\n");
    expect(rows[0]).toBe(
      '"Reference","Received (India time)","Status","Name","E-mail","Phone","Subject","Message","Quote request","Service","Came from","Language","Company copy","Acknowledgement",' +
        '"First reply","First reply by","Minutes to first reply","Quotations sent","Latest quotation","Latest quotation total","Accepted",' +
        '"Accepted option","Proforma","Advance asked","Advance received","Advance received on","Advance reference"',
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(`"${reference}",`);
    expect(rows[1]).toContain(`,"New","${visitor.name}","${visitor.email}","'${visitor.phone}","'=HYPERLINK(1)",`);
    expect(rows[1]).toContain(`,"","Cake Box","/services/cake",`);
    expect(csv).not.toContain(other.email);
  });

  test("a form with the hidden field filled in waits under Spam with its reason; Not spam sends both its mails", async ({
    page,
  }) => {
    await signedInStaff(page);
    const visitor = newVisitor();
    const [shown] = await sendInquiries(page.request, [{ visitor, honeypot: "https://spam.example" }]);
    expect(shown, "a bot is shown no reference").toBe("");

    await search(page, { q: visitor.name });
    await expect(page.getByText("No inquiries match.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Statuses" }).getByRole("link", { name: /^Spam/ })).toHaveText(
      "Spam (1)",
    );
    await search(page, { q: visitor.name, status: "spam" });
    await expect(listed(page)).toHaveCount(1);
    await listed(page).getByRole("link").click();
    await expect(page.getByText("The hidden field a person never sees was filled in")).toBeVisible();
    const reference = (await page.getByRole("heading", { level: 1 }).textContent())?.split(":")[0] ?? "-";
    expect(reference).toMatch(/^ENQ-\d{4}-\d{6}$/);
    expect((await readReceivedMails()).filter((mail) => mail.subject?.includes(reference))).toHaveLength(0);

    await page.getByRole("button", { name: "Not spam" }).click();
    await expect(page.getByRole("status")).toHaveText("Moved to New; its two mails are on their way.");
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("new");
    await expect
      .poll(async () => (await readReceivedMails()).filter((mail) => mail.subject?.includes(reference)).length)
      .toBe(2);
    const mails = (await readReceivedMails()).filter((mail) => mail.subject?.includes(reference));
    expect(mails.map((mail) => mail.to).sort()).toEqual([["hello@example.com"], [visitor.email]].sort());
    await page.reload();
    await expect(page.getByRole("region", { name: "Mails" })).not.toContainText("Not sent");
  });

  test("erasing a person removes their name, e-mail, phone, messages and notes from every table", async ({ page }) => {
    await signedInStaff(page);
    const person = newVisitor();
    const sameEmail = newVisitor({ email: person.email });
    // The same number written another way.
    const samePhone = newVisitor({ phone: person.phone.replace("+91 ", "0") });
    const bystander = newVisitor();
    const [reference, , , bystanderRef] = await sendInquiries(page.request, [
      { visitor: person },
      { visitor: sameEmail },
      { visitor: samePhone },
      { visitor: bystander },
    ]);
    await page.goto(`/inbox/${reference}`);
    const note = `Private note ${person.name}`;
    await page.getByLabel("Add a note").fill(note);
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByRole("status")).toHaveText("Note added.");

    await page.getByRole("link", { name: "Erase this person's data" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Erase ${person.name}'s data?`);
    await expect(page.getByRole("listitem")).toHaveCount(3);
    await page.getByRole("button", { name: "Erase 3 inquiries for good" }).click();
    await expect(page).toHaveURL(/\/inbox\?done=erased$/);
    await expect(page.getByRole("status")).toHaveText("The person's data is erased.");
    expect((await page.goto(`/inbox/${reference}`))?.status()).toBe(404);

    // The server writes to the same file meanwhile: wait out its lock rather than fail at once.

    const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR ?? "", "inquiries.sqlite"), {
      readOnly: true,
      timeout: 5000,
    });
    try {
      const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as { name: string }[];
      const everything = tables
        .map(({ name }) => JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all()))
        .join("\n")
        .toLowerCase();
      for (const visitor of [person, sameEmail, samePhone]) {
        for (const value of [visitor.name, visitor.email, visitor.phone, visitor.subject, visitor.message]) {
          expect(everything, value).not.toContain(value.toLowerCase());
        }
      }
      expect(everything).not.toContain(person.phone.replace(/\D/g, "").slice(2));
      expect(everything).not.toContain(note.toLowerCase());
      // The audit log says an erasure happened, by whom; the bystander is untouched.
      expect(everything).toContain('"action":"erased"');
      expect(everything).toContain(bystander.email.toLowerCase());
      expect(everything).toContain((bystanderRef ?? "-").toLowerCase());
    } finally {
      db.close();
    }
  });

  const validator = new HtmlValidate({
    extends: ["html-validate:standard", "html-validate:document"],
    rules: { "require-sri": "off" },
  });

  for (const [what, address] of [
    ["the list", () => "/inbox"],
    ["an inquiry's page", (reference: string) => `/inbox/${reference}`],
    ["the erase confirmation", (reference: string) => `/inbox/${reference}/erase`],
  ] as const) {
    test(`${what} has no WCAG A/AA violations at 375 and 1440 px, fits a phone, and is valid HTML`, async ({
      page,
    }) => {
      test.slow();
      await signedInStaff(page);
      const [reference = "-"] = await sendInquiries(page.request, [{ visitor: newVisitor() }]);
      await page.goto(`/inbox/${reference}`);
      await page.getByLabel("Add a note").fill("Wants samples.");
      await page.getByRole("button", { name: "Add note" }).click();
      await expect(page.getByRole("status")).toHaveText("Note added.");

      const url = address(reference);
      for (const width of [375, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(url);
        await page.evaluate(() => document.fonts.ready);
        await expectNoViolations(page, `on ${url} at ${width} px`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${url} at ${width} px is wider than the screen`).toBeLessThanOrEqual(0);
      }
      const response = await page.request.get(url);
      expect(response.headers()["cache-control"]).toBe("no-store");
      expect(response.headers()["x-robots-tag"]).toBe("noindex, nofollow");
      const report = await validator.validateString(await response.text(), url);
      const messages = report.results.flatMap((result) => result.messages);
      expect(
        messages.map((message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`),
        url,
      ).toEqual([]);
    });
  }

  test("staff pages load none of the public site's frame: no preloader, header, footer, prefetching or scripts", async ({
    page,
  }) => {
    await signedInStaff(page);
    const html = await (await page.request.get("/inbox")).text();
    expect(html).not.toContain("data-preloader");
    expect(html).not.toContain("speculationrules");
    expect(html).not.toContain("site-header");
    expect(html).not.toContain("site-footer");
    expect(html).not.toContain("<script");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });
});

test.describe("the inbox, without a session", () => {
  test("every address, read or sent a form in the browser, lands on the sign-in page and shows nothing of an inquiry", async ({
    page,
    browser,
  }) => {
    // An inquiry that exists, made by a signed-in colleague in another browser.
    const colleague = await browser.newPage();
    await signedInStaff(colleague);
    const visitor = newVisitor();
    const [existing] = await sendInquiries(colleague.request, [{ visitor }]);
    await colleague.close();

    const missing = "ENQ-2026-999999";
    const addresses = [
      "/inbox",
      `/inbox?q=${encodeURIComponent(visitor.name)}`,
      `/inbox/${existing}`,
      `/inbox/${missing}`,
      "/inbox/export.csv",
      `/inbox/${existing}/erase`,
      `/inbox/${missing}/erase`,
    ];
    for (const address of addresses) {
      const response = await page.goto(address);
      expect(new URL(page.url()).pathname, address).toBe("/inbox/sign-in");
      expect(response?.request().redirectedFrom()?.url(), address).toContain(address.split("?")[0]);
      await expect(page.locator("body")).not.toContainText(visitor.name);
      await expect(page.locator("body")).not.toContainText(visitor.email);
    }
    // Forms sent from a page of the site, as a browser sends them.
    for (const [address, fields] of [
      [`/inbox/${existing}`, { intent: "status", status: "won" }],
      [`/inbox/${missing}`, { intent: "status", status: "won" }],
      [`/inbox/${existing}/erase`, {}],
      ["/inbox/export.csv", {}],
      ["/inbox", {}],
    ] as const) {
      await page.goto("/about");
      await page.evaluate(
        ({ address, fields }) => {
          const form = document.createElement("form");
          form.method = "post";
          form.action = address;
          for (const [name, value] of Object.entries(fields)) {
            const input = document.createElement("input");
            input.name = name;
            input.value = value;
            form.append(input);
          }
          document.body.append(form);
          form.submit();
        },
        { address, fields },
      );
      await page.waitForURL((url) => url.pathname === "/inbox/sign-in");
      await expect(page.locator("body")).not.toContainText(visitor.name);
    }
  });
});
