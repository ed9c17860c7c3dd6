import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Browser } from "@playwright/test";
import { HtmlValidate } from "html-validate";
import { amountInWords, formatRupees, parseRupees } from "../../app/server/quotations/money.ts";
import { site } from "../../app/site/content/site.ts";
import { expectNoViolations } from "../support/axe.ts";
import { type ReceivedMail, readReceivedMails } from "../support/mailbox.ts";
import { signedInStaff } from "../support/staff.ts";
import { sendCakeRequest } from "./cake-quote.ts";
import { expect, type Page, test } from "./fixtures.ts";

/**
 * The sale, in a real browser against the production server: staff make a
 * quotation from a quote request and send it; the buyer gets it by mail with
 * its PDF, opens the link, and accepts; the inquiry is won.
 */
test.describe.configure({ timeout: 90_000 });

const uniqueEmail = () => `buyer-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.in`;

async function mailMatching(test: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await readReceivedMails()).find(test);
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  if (!found) throw new Error("No such mail");
  return found;
}

function pdfText(bytes: Buffer): string {
  const folder = mkdtempSync(path.join(tmpdir(), "quotation-e2e-"));
  try {
    const file = path.join(folder, "quotation.pdf");
    writeFileSync(file, bytes);
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test("staff quote a request, the buyer gets the PDF by mail, accepts online, and the inquiry is won", async ({
  browser,
  page,
}) => {
  const email = uniqueEmail();
  const buyerForm = await browser.newPage({ javaScriptEnabled: false });
  const reference = await sendCakeRequest(buyerForm, email);
  await buyerForm.close();

  // Staff work in a browser of their own; `page` stays the buyer's, whose console must stay clean.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signedInStaff(staff);
  await staff.goto(`/inbox/${reference}`);
  await expect(staff.getByRole("region", { name: "First reply" })).toContainText("Not answered yet: waiting");
  await staff.getByRole("link", { name: "New quotation" }).click();
  await expect(staff.getByRole("heading", { name: "New quotation", level: 1 })).toBeVisible();
  await expectNoViolations(staff, "the new quotation's form");
  // One line for each quantity the buyer asked for (500 and 1,000).
  const prices = staff.getByLabel("Unit price (₹)");
  await expect(prices).toHaveCount(3);
  await prices.nth(0).fill("21.40");
  await prices.nth(1).fill("19.75");
  await staff.getByLabel("Discount before tax (₹, or % such as 5%)").fill("5%");
  await staff.getByLabel("Freight (₹)").fill("1,500");
  await staff.getByRole("button", { name: "Save draft" }).click();
  await expect(staff.getByRole("status")).toHaveText("Draft saved.");
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Draft: Draft");
  // Mumbai from a company in Chandigarh: IGST, at the cake box's 5 % (folding cartons, from 22 September 2025).
  await expect(staff.getByRole("row", { name: /^IGST 5 %/ })).toBeVisible();
  await expectNoViolations(staff, "a draft quotation");
  const totalText =
    (await staff
      .getByRole("row", { name: /^Total/ })
      .getByRole("cell")
      .textContent()) ?? "";
  const total = parseRupees(totalText) ?? -1;
  expect(total).toBeGreaterThan(0);

  await staff.getByRole("button", { name: "Send to the buyer" }).click();
  await expect(staff.getByRole("status")).toHaveText("Quotation sent: the mail with its PDF is on its way.");
  const number = ((await staff.getByRole("heading", { level: 1 }).textContent()) ?? "").split(":")[0] ?? "";
  expect(number).toMatch(/^QT\/\d{4}-\d{2}\/\d{4}$/);

  const mail = await mailMatching(
    (each) => each.to.includes(email) && (each.subject ?? "").startsWith(`Quotation ${number}`),
  );
  const attachment = mail.attachments.find((file) => file.contentType === "application/pdf");
  expect(attachment?.filename).toBe(`${number.replaceAll("/", "-")}.pdf`);
  const text = pdfText(attachment?.content ?? Buffer.alloc(0)).replace(/\s+/g, " ");
  expect(text).toContain(number);
  expect(text).toContain("Cake Box");
  expect(text).toMatch(/IGST 5 ?%/);
  expect(text).toContain(formatRupees(total).replace("₹", ""));
  expect(text).toContain(amountInWords(total));

  const link = new URL(/https?:\/\/\S+\/quotation\/[\w-]{32}/.exec(mail.text)?.[0] ?? "", site.origin).pathname;
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["cache-control"]).toBe("no-store");
  // Its own policy, hashed for its own inline styles; the console fixture fails the test on any violation.
  expect(opened?.headers()["content-security-policy"]).toMatch(
    /^default-src 'self'; script-src 'self'.*style-src 'self' 'sha256-/,
  );
  await expect(page.getByRole("heading", { name: `Quotation ${number}`, level: 1 })).toBeVisible();
  await expect(page.getByRole("row", { name: /^Total/ })).toContainText(formatRupees(total));
  await expectNoViolations(page, "the buyer's quotation page");
  const validity = await new HtmlValidate({
    extends: ["html-validate:standard", "html-validate:document"],
    rules: { "require-sri": "off" },
  }).validateString(await (await page.request.get(link)).text(), link);
  expect(validity.results.flatMap((result) => result.messages.map((message) => message.message))).toEqual([]);

  await page.getByRole("textbox", { name: "Your name" }).fill("Asha Verma");
  await page.getByRole("textbox", { name: "Purchase order number (optional)" }).fill("SCB/PO/118");
  await page.getByRole("button", { name: "Accept the quotation" }).click();
  await expect(page.getByText("Please tick the box to accept.")).toBeVisible();
  await page.getByRole("checkbox", { name: /I accept this quotation/ }).check();
  await page.getByRole("button", { name: "Accept the quotation" }).click();
  await expect(page.getByRole("status")).toContainText("your acceptance has been recorded");
  await expect(page.getByText(/^Accepted by Asha Verma on /)).toBeVisible();
  await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);

  await mailMatching((each) => (each.subject ?? "") === `Accepted: quotation ${number} [${reference}]`);
  await staff.goto(`/inbox/${reference}`);
  await expect(staff.getByText("Won", { exact: true }).first()).toBeVisible();
  await expect(staff.getByRole("region", { name: "Quotations" })).toContainText(`${number}: Accepted`);
  await expect(staff.getByRole("region", { name: "First reply" })).toContainText("Answered a quotation sent");
  await staffContext.close();

  // The same link shows the acceptance and offers nothing more; a changed one is not found.
  await page.reload();
  await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
  const tampered = `${link.slice(0, -1)}${link.endsWith("x") ? "y" : "x"}`;
  expect((await page.goto(tampered))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
});

/** A quotation sent for a new request, from the staff's browser; answers the buyer's mail. */
async function quotedRequest(
  browser: Browser,
): Promise<{ mail: ReceivedMail; staff: Page; close: () => Promise<void> }> {
  const email = uniqueEmail();
  const buyerForm = await browser.newPage({ javaScriptEnabled: false });
  const reference = await sendCakeRequest(buyerForm, email);
  await buyerForm.close();
  const context = await browser.newContext();
  const staff = await context.newPage();
  await signedInStaff(staff);
  await staff.goto(`/inbox/${reference}/quotations/new`);
  await staff.getByLabel("Unit price (₹)").nth(0).fill("20");
  await staff.getByLabel("Unit price (₹)").nth(1).fill("18");
  await staff.getByRole("button", { name: "Save draft" }).click();
  await staff.getByRole("button", { name: "Send to the buyer" }).click();
  await expect(staff.getByRole("status")).toHaveText("Quotation sent: the mail with its PDF is on its way.");
  const mail = await mailMatching(
    (each) => each.to.includes(email) && (each.subject ?? "").startsWith("Quotation QT/"),
  );
  return { mail, staff, close: () => context.close() };
}

const linkOf = (mail: ReceivedMail) =>
  new URL(/https?:\/\/\S+\/quotation\/[\w-]{32}/.exec(mail.text)?.[0] ?? "", site.origin).pathname;

test("a revision replaces the earlier quotation, whose link then says so and takes no answer", async ({
  browser,
  page,
}) => {
  const { mail, staff, close } = await quotedRequest(browser);
  const number = mail.header("x-quotation-number") ?? "";
  await staff.getByRole("button", { name: "Revise" }).click();
  await expect(staff.getByRole("heading", { name: "Edit draft quotation", level: 1 })).toBeVisible();
  await staff.getByLabel("Unit price (₹)").nth(0).fill("19");
  await staff.getByRole("button", { name: "Save draft" }).click();
  await staff.getByRole("button", { name: "Send to the buyer" }).click();
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText(`${number}-R1: Sent`);
  await close();
  await mailMatching((each) => (each.subject ?? "").startsWith(`Quotation ${number}-R1 `));

  await page.goto(linkOf(mail));
  await expect(page.getByText("This quotation was replaced by a newer quotation")).toBeVisible();
  await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
});

test("a quotation past its validity is not found at its link", async ({ browser, page }) => {
  const { mail, close } = await quotedRequest(browser);
  await close();
  const link = linkOf(mail);
  expect((await page.goto(link))?.status()).toBe(200);
  // The server writes to the same file meanwhile: wait out its lock rather than fail at once.
  const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR ?? "", "inquiries.sqlite"), { timeout: 5000 });
  try {
    db.prepare("UPDATE quotations SET valid_until = '2026-03-31' WHERE number = ?").run(
      mail.header("x-quotation-number") ?? "",
    );
  } finally {
    db.close();
  }
  expect((await page.goto(link))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
});
