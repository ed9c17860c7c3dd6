import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Browser } from "@playwright/test";
import { HtmlValidate } from "html-validate";
import { amountInWords, formatRupees, parseRupees } from "../../app/server/quotations/money.ts";
import { upiAmount } from "../../app/server/quotations/proforma.ts";
import { site } from "../../app/site/content/site.ts";
import { expectNoViolations } from "../support/axe.ts";
import { type ReceivedMail, readReceivedMails } from "../support/mailbox.ts";
import { lookPastPreloader } from "../support/preloader.ts";
import { signedInStaff } from "../support/staff.ts";
import { fillCakeBoxes, MIN_FILL_MS, sendCakeRequest } from "./cake-quote.ts";
import { expect, type Page, test } from "./fixtures.ts";

/**
 * The sale, in a real browser against the production server: staff make a
 * quotation of options from a quote request for two quantities and send it;
 * the buyer gets it by mail with its PDF, opens the link, and accepts one
 * option; the inquiry is won at that option's total.
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

/** The codes zbar reads on a PDF's pages, drawn at 150 ppi. */
function upiCodesIn(bytes: Buffer): string[] {
  const folder = mkdtempSync(path.join(tmpdir(), "proforma-e2e-"));
  try {
    writeFileSync(path.join(folder, "proforma.pdf"), bytes);
    execFileSync("pdftoppm", ["-r", "150", "-png", "proforma.pdf", "page"], { cwd: folder });
    return readdirSync(folder)
      .filter((name) => name.endsWith(".png"))
      .flatMap((name) => {
        try {
          return execFileSync("zbarimg", ["--quiet", "--raw", name], {
            cwd: folder,
            encoding: "utf8",
            // It says on stderr that it finds no D-Bus, which it does not need.
            stdio: ["ignore", "pipe", "ignore"],
          }).split("\n");
        } catch (error) {
          // Status 4: a page with no code on it.
          if ((error as { status?: number }).status === 4) return [];
          throw error;
        }
      })
      .filter(Boolean);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A request for cake boxes in two quantities, 5,000 and 10,000, sent from a page without script; its reference. */
async function sendTieredRequest(page: Page, email: string): Promise<string> {
  await page.goto("/quote?service=cake");
  const openedAt = Date.now();
  await fillCakeBoxes(page, email);
  await page.getByRole("textbox", { name: "Quantity", exact: true }).fill("5000");
  await page.getByRole("textbox", { name: "Quantity 2 (optional)" }).fill("10000");
  await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - openedAt)));
  await page.getByRole("button", { name: "Send quote request" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, your quote request has arrived" })).toBeVisible({
    timeout: 20_000,
  });
  return (await page.locator(".contact-sent__reference strong").textContent()) ?? "";
}

test("a request for 5,000 and 10,000 cake boxes becomes a quotation of two options; the buyer accepts the 10,000, and the inquiry is won at its total", async ({
  browser,
  page,
}) => {
  const email = uniqueEmail();
  const buyerForm = await browser.newPage({ javaScriptEnabled: false });
  await lookPastPreloader(buyerForm);
  const reference = await sendTieredRequest(buyerForm, email);
  await buyerForm.close();

  // Staff work in a browser of their own, a phone's width as they often do; `page` stays the buyer's, whose console must stay clean.
  const staffContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const staff = await staffContext.newPage();
  await signedInStaff(staff);
  await staff.goto(`/inbox/${reference}`);
  await expect(staff.getByRole("region", { name: "First reply" })).toContainText("Not answered yet: waiting");
  await staff.getByRole("link", { name: "New quotation" }).click();
  await expect(staff.getByRole("heading", { name: "New quotation", level: 1 })).toBeVisible();
  await expectNoViolations(staff, "the new quotation's form");
  // The form of options fits the phone: nothing to scroll sideways.
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // One option for each quantity the buyer asked for, each with its line.
  const first = staff.getByRole("group", { name: "Option 1", exact: true });
  const second = staff.getByRole("group", { name: "Option 2", exact: true });
  await expect(staff.getByLabel("Unit price (₹)")).toHaveCount(2);
  await expect(first.getByLabel("Option name (such as 5,000 boxes)")).toHaveValue("5,000 pieces");
  await first.getByLabel("Unit price (₹)").fill("9.40");
  await first.getByLabel("Freight (₹)").fill("1,200");
  await second.getByLabel("Unit price (₹)").fill("8,750");
  await second.getByLabel("Price per").selectOption({ label: "per 1,000" });
  await second.getByLabel("Discount before tax (₹, or % such as 5%)").fill("5%");
  const die = staff.getByRole("group", { name: "Charge 1" });
  await die.getByLabel("Description").fill("Cutting die");
  await die.getByLabel("HSN code").fill("8441");
  await die.getByLabel("Amount (₹)").fill("6,500");
  await die.getByLabel("GST %").selectOption("18");
  await staff.getByRole("button", { name: "Save draft" }).click();
  await expect(staff.getByRole("status")).toHaveText("Draft saved.");
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Draft: Draft");
  await expectNoViolations(staff, "a draft quotation of options");
  const compare = staff.getByRole("table", { name: "The options side by side" });
  const totalOf = async (option: RegExp) =>
    parseRupees((await compare.getByRole("row", { name: option }).getByRole("cell").last().textContent()) ?? "") ?? -1;
  const five = await totalOf(/^Option 1: 5,000 pieces/);
  const ten = await totalOf(/^Option 2: 10,000 pieces/);
  expect(five).toBeGreaterThan(0);
  expect(ten).toBeGreaterThan(five);

  await staff.getByRole("button", { name: "Send to the buyer" }).click();
  await expect(staff.getByRole("status")).toHaveText("Quotation sent: the mail with its PDF is on its way.");
  const number = ((await staff.getByRole("heading", { level: 1 }).textContent()) ?? "").split(":")[0] ?? "";
  expect(number).toMatch(/^QT\/\d{4}-\d{2}\/\d{4}$/);
  const quotationPage = new URL(staff.url()).pathname;

  const mail = await mailMatching(
    (each) => each.to.includes(email) && (each.subject ?? "").startsWith(`Quotation ${number}`),
  );
  const attachment = mail.attachments.find((file) => file.contentType === "application/pdf");
  expect(attachment?.filename).toBe(`${number.replaceAll("/", "-")}.pdf`);
  const text = pdfText(attachment?.content ?? Buffer.alloc(0)).replace(/\s+/g, " ");
  expect(text).toContain(number);
  expect(text).toContain("Cake Box");
  expect(text).toContain("Place of supply: Maharashtra (27)");
  expect(text).toContain(formatRupees(five).replace("₹", ""));
  expect(text).toContain(formatRupees(ten).replace("₹", ""));
  expect(text).toContain(amountInWords(ten));

  const link = new URL(/https?:\/\/\S+\/quotation\/[\w-]{32}/.exec(mail.text)?.[0] ?? "", site.origin).pathname;
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["cache-control"]).toBe("no-store");
  // Its own policy, hashed for its own inline styles; the console fixture fails the test on any violation.
  expect(opened?.headers()["content-security-policy"]).toMatch(
    /^default-src 'self'; script-src 'self'.*style-src 'self' 'sha256-/,
  );
  await expect(page.getByRole("heading", { name: `Quotation ${number}`, level: 1 })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "The options side by side" }).getByRole("row", { name: /^Option 2/ }),
  ).toContainText(formatRupees(ten));
  await expectNoViolations(page, "the buyer's quotation page");
  const validity = await new HtmlValidate({
    extends: ["html-validate:standard", "html-validate:document"],
    rules: { "require-sri": "off" },
  }).validateString(await (await page.request.get(link)).text(), link);
  expect(validity.results.flatMap((result) => result.messages.map((message) => message.message))).toEqual([]);

  await page.getByRole("textbox", { name: "Your name" }).fill("Asha Verma");
  await page.getByRole("textbox", { name: "Purchase order number (optional)" }).fill("SCB/PO/118");
  await page.getByRole("checkbox", { name: /I accept this quotation/ }).check();
  await page.getByRole("button", { name: "Accept the quotation" }).click();
  await expect(page.getByText("Please choose the option you order.")).toBeVisible();
  await page.getByRole("radio", { name: /^Option 2: 10,000 pieces/ }).check();
  await page.getByRole("checkbox", { name: /I accept this quotation/ }).check();
  await page.getByRole("button", { name: "Accept the quotation" }).click();
  await expect(page.getByRole("status")).toContainText("your acceptance has been recorded");
  await expect(page.getByText(/^Accepted by Asha Verma on /)).toBeVisible();
  await expect(page.getByText("The option accepted: Option 2: 10,000 pieces.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);

  await mailMatching((each) => (each.subject ?? "") === `Accepted: quotation ${number} [${reference}]`);
  await staff.goto(`/inbox/${reference}`);
  await expect(staff.getByText("Won", { exact: true }).first()).toBeVisible();
  await expect(staff.getByRole("region", { name: "Quotations" })).toContainText(
    `${number}: Accepted (Option 2: 10,000 pieces), ${formatRupees(ten)}`,
  );
  await expect(staff.getByRole("region", { name: "First reply" })).toContainText("Answered a quotation sent");

  // The advance: staff issue the proforma for half the accepted option; its mail holds the PDF with the bank and a UPI code of that amount.
  await staff.goto(quotationPage);
  const advancePanel = staff.getByRole("region", { name: "Advance and proforma invoice" });
  await expect(advancePanel.getByRole("textbox", { name: "Advance, in percent of the accepted total" })).toHaveValue(
    "50",
  );
  await advancePanel.getByRole("button", { name: "Issue the proforma invoice" }).click();
  await expect(staff.getByRole("status")).toHaveText(
    "Proforma invoice issued: the mail with its PDF is on its way to the buyer.",
  );
  const advance = Math.floor((ten * 50 + 50) / 100);
  await expect(advancePanel).toContainText(
    `Advance asked for: ${formatRupees(advance)} (50 % of ${formatRupees(ten)}).`,
  );
  await expectNoViolations(staff, "an accepted quotation with its proforma");
  const proformaMail = await mailMatching(
    (each) => each.to.includes(email) && (each.subject ?? "").startsWith("Proforma invoice PI/"),
  );
  const proformaPdf = proformaMail.attachments.find((file) => file.contentType === "application/pdf")?.content;
  const proforma = pdfText(proformaPdf ?? Buffer.alloc(0)).replace(/\s+/g, " ");
  expect(proforma).toContain(`Advance (50 %) payable now ${formatRupees(advance)}`);
  expect(proforma).toContain("Account number 000000000000");
  expect(proforma).toContain("IFSC EXMP0000001");
  const [code] = upiCodesIn(proformaPdf ?? Buffer.alloc(0));
  const upi = new URL(code ?? "");
  expect(`${upi.protocol}//${upi.host}`).toBe("upi://pay");
  expect(upi.searchParams.get("am")).toBe(upiAmount(advance));
  expect(upi.searchParams.get("pa")).toBe("exampleprintpack@examplebank");

  // The buyer's page shows the advance and the same code; staff record the advance once it arrives.
  await page.goto(link);
  const payment = page.getByRole("region", { name: "Advance payment" });
  await expect(payment.getByRole("img", { name: `UPI payment code for ${formatRupees(advance)}` })).toBeVisible();
  await expect(payment.getByRole("link", { name: "Download the proforma invoice (PDF)" })).toBeVisible();
  await expectNoViolations(page, "the buyer's page with the proforma");
  await advancePanel
    .getByRole("textbox", { name: "Bank reference (UTR or cheque number)" })
    .fill("UTIBR52026112600042");
  await advancePanel.getByRole("button", { name: "Record the advance received" }).click();
  await expect(staff.getByRole("status")).toHaveText("Advance recorded.");
  await expect(advancePanel).toContainText(`Advance received: ${formatRupees(advance)} on`);
  await page.reload();
  await expect(payment).toContainText(`we received your advance of ${formatRupees(advance)}`);
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
  await lookPastPreloader(buyerForm);
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
