import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { todayInIndia } from "../../app/server/india-day.ts";
import { formatRupees } from "../../app/server/quotations/money.ts";
import { upiAmount } from "../../app/server/quotations/proforma.ts";
import { NOT_A_TAX_INVOICE } from "../../app/server/quotations/proforma-pdf.server.ts";
import { runInquiries } from "./support/inquiries-command.ts";
import {
  asStaff,
  formOf,
  linkIn,
  pdfText,
  postForm,
  quotationMailOf,
  quoteRequest,
  startQuotationSite,
  store,
  theMail,
  url,
} from "./support/quotation-site.ts";

// The advance on an accepted quotation: the proforma staff issue, its mail,
// PDF and UPI code, the buyer's page, and the advance recorded on arrival.

startQuotationSite();

const run = promisify(execFile);
const text = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&quot;", '"');

/** The payment codes zbar finds on the PDF's pages, drawn at 150 ppi. */
async function codesIn(pdf: Uint8Array): Promise<string[]> {
  const folder = await mkdtemp(path.join(tmpdir(), "proforma-"));
  try {
    await writeFile(path.join(folder, "proforma.pdf"), pdf);
    await run("pdftoppm", ["-r", "150", "-png", "proforma.pdf", "page"], { cwd: folder });
    const pages = (await readdir(folder)).filter((name) => name.endsWith(".png"));
    const codes: string[] = [];
    for (const page of pages) {
      // zbarimg ends with status 4 for a picture with no code in it.
      const found = await run("zbarimg", ["--quiet", "--raw", page], { cwd: folder }).catch(
        (error: { code?: number }) => {
          if (error.code === 4) return { stdout: "" };
          throw error;
        },
      );
      codes.push(...found.stdout.split("\n").filter(Boolean));
    }
    return codes;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A request for 5,000 and 10,000 boxes, quoted as two options and the 10,000 accepted; the quotation's page, its link and the accepted total. */
async function acceptedQuotation() {
  const reference = await quoteRequest({ quantity_1: "5000", quantity_2: "10000" });
  const newForm = `/inbox/${reference}/quotations/new`;
  const saved = await postForm(newForm, {
    ...(await formOf(newForm)),
    intent: "save",
    o0_line_0_price: "9.40",
    o1_line_0_price: "8,750",
    o1_line_0_per: "1000",
    charge_0_description: "Cutting die",
    charge_0_hsn: "8441",
    charge_0_amount: "6,500",
    charge_0_rate: "18",
  });
  const page = (saved.headers.get("location") ?? "").split("?")[0] ?? "";
  expect((await postForm(page, { intent: "send" })).status).toBe(303);
  const link = linkIn((await quotationMailOf(reference)).text ?? "");
  expect(
    (
      await postForm(
        link,
        { intent: "accept", name: "Meena Rao", purchase_order: "PO-77", agree: "yes", option: "1" },
        false,
      )
    ).status,
  ).toBe(303);
  const staffPage = text(await (await asStaff(page)).text());
  const total = /Of (₹[\d,]+\.\d\d), GST included/.exec(staffPage)?.[1] ?? "";
  expect(total).not.toBe("");
  return { reference, page, link, total };
}

describe("the proforma invoice for the advance", () => {
  test("staff issue it for half the accepted option; the buyer's mail carries its PDF with the bank and a UPI code of that amount", async () => {
    const { reference, page, link, total } = await acceptedQuotation();
    const totalPaise = Number(total.replace(/[₹,.]/g, ""));
    const advance = Math.floor((totalPaise * 50 + 50) / 100);

    const refused = await postForm(page, { intent: "issue-proforma", advancePercent: "150" });
    expect(refused.status).toBe(400);
    const refusedPage = text(await refused.text());
    expect(refusedPage).toContain("Give the advance as a whole number of percent, from 1 to 100.");
    expect(refusedPage).toContain('value="150"');

    const issued = await postForm(page, { intent: "issue-proforma", advancePercent: "50" });
    expect(issued.status).toBe(303);
    expect(issued.headers.get("location")).toBe(`${page}?done=proforma`);
    expect((await postForm(page, { intent: "issue-proforma", advancePercent: "50" })).status).toBe(409);
    const staffPage = text(await (await asStaff(page)).text());
    const number = /(PI\/\d{4}-\d{2}\/\d{4}), issued/.exec(staffPage)?.[1] ?? "";
    expect(number).not.toBe("");
    expect(staffPage).toContain(`Advance asked for: ${formatRupees(advance)} (50 % of ${total}).`);

    const mail = await theMail((each) => each.header("x-proforma-number") === number);
    const subject = mail.header("subject") ?? "";
    expect(subject.startsWith(`Proforma invoice ${number} for the advance on quotation QT/`)).toBe(true);
    expect(subject.endsWith(` [${reference}]`)).toBe(true);
    expect(mail.text).toContain(`advance of ${formatRupees(advance)} (50 % of ${total})`);
    expect(mail.text).toContain("IFSC: EXMP0000001");
    const pdf = mail.attachments.find((file) => file.contentType === "application/pdf");
    expect(pdf?.filename).toBe(`${number.replaceAll("/", "-")}.pdf`);
    const bytes = new Uint8Array(pdf?.content ?? []);
    const printed = (await pdfText(bytes, "proforma.pdf")).replace(/\s+/g, " ");
    expect(printed).toContain("Proforma invoice");
    expect(printed).toContain(number);
    expect(printed).toContain("Your order PO-77");
    expect(printed).toContain(`Advance (50 %) payable now ${formatRupees(advance)}`);
    expect(printed).toContain("Account number 000000000000");
    expect(printed).toContain("IFSC EXMP0000001");
    expect(printed).toContain("Cutting die");
    expect(printed).not.toContain("Option 1: 5,000 pieces");
    expect(printed).toContain(NOT_A_TAX_INVOICE.slice(0, 40));

    const [code, ...others] = await codesIn(bytes);
    expect(others).toEqual([]);
    const upi = new URL(code ?? "");
    expect(upi.protocol).toBe("upi:");
    expect(upi.searchParams.get("pa")).toBe("exampleprintpack@examplebank");
    expect(upi.searchParams.get("am")).toBe(upiAmount(advance));
    expect(upi.searchParams.get("cu")).toBe("INR");
    expect(upi.searchParams.get("tn")).toBe(`Advance ${number}`);

    // The buyer's page shows it, with the same code; its PDF is there for the link's holder only.
    const buyerPage = text(await (await fetch(url(link))).text());
    expect(buyerPage).toContain("Advance payment");
    expect(buyerPage).toContain(`Our proforma invoice ${number}`);
    expect(buyerPage).toContain(formatRupees(advance));
    expect(buyerPage).toContain(`aria-label="UPI payment code for ${formatRupees(advance)}"`);
    const buyerPdf = await fetch(url(`${link}/proforma`));
    expect(buyerPdf.status).toBe(200);
    expect(buyerPdf.headers.get("cache-control")).toBe("no-store");
    expect(await pdfText(new Uint8Array(await buyerPdf.arrayBuffer()), "buyer.pdf")).toContain(number);
    const tampered = `${link.slice(0, -1)}${link.endsWith("x") ? "y" : "x"}/proforma`;
    expect((await fetch(url(tampered))).status).toBe(404);
  });

  test("staff record the advance received: every problem at once with what was typed kept, then the inquiry and the buyer's page show it", async () => {
    const { reference, page, link } = await acceptedQuotation();
    expect((await postForm(page, { intent: "record-advance", receivedOn: "2026-01-01", amount: "1" })).status).toBe(
      409,
    );
    expect((await postForm(page, { intent: "issue-proforma", advancePercent: "30" })).status).toBe(303);

    const refused = await postForm(page, {
      intent: "record-advance",
      receivedOn: "2999-01-01",
      amount: "twelve",
      reference: "<b>UTR</b>",
    });
    expect(refused.status).toBe(400);
    const refusedPage = text(await refused.text());
    expect(refusedPage).toContain("The advance was not recorded. Correct the fields marked below.");
    expect(refusedPage).toContain("The day cannot be after today.");
    expect(refusedPage).toContain("Give the amount in rupees");
    expect(refusedPage).toContain("Letters, digits, spaces, slashes, dots and dashes only");
    expect(refusedPage).toContain('value="twelve"');
    expect(refusedPage).toContain('value="&lt;b&gt;UTR&lt;/b&gt;"');

    const today = todayInIndia();
    const recorded = await postForm(page, {
      intent: "record-advance",
      receivedOn: today,
      amount: "25,000.50",
      reference: "HDFCR52026112612345",
    });
    expect(recorded.status).toBe(303);
    const staffPage = text(await (await asStaff(page)).text());
    expect(staffPage).toContain("Advance received: ₹25,000.50 on");
    expect(staffPage).toContain("HDFCR52026112612345");
    expect(staffPage).not.toContain("Record the advance received");
    // Once only.
    expect((await postForm(page, { intent: "record-advance", receivedOn: today, amount: "1" })).status).toBe(303);
    expect(text(await (await asStaff(page)).text())).toContain("Advance received: ₹25,000.50");

    const inquiry = text(await (await asStaff(`/inbox/${reference}`)).text());
    expect(inquiry).toContain("advance received");
    expect(inquiry).toMatch(
      /PI\/\d{4}-\d{2}\/\d{4}\. Advance asked for: ₹[\d,.]+ \(30 % of ₹[\d,.]+\)\. Advance received: ₹25,000\.50 on/,
    );
    expect(text(await (await fetch(url(link))).text())).toContain("we received your advance of ₹25,000.50");

    // The inquiries' CSV and the command line's monthly report count it too.
    const csv = await (await asStaff("/inbox/export.csv", { method: "POST", body: new URLSearchParams({}) })).text();
    const row = csv.split("\r\n").find((line) => line.startsWith(`"${reference}"`)) ?? "";
    expect(row).toContain('"Option 2: 10,000 pieces","PI/');
    expect(row).toContain(`"25000.50","${today}","HDFCR52026112612345"`);
    const { code, stdout } = await runInquiries(store.env, "--replies");
    expect(code).toBe(0);
    expect(stdout).toMatch(/Advance received\n(.*\n)*\d{4}-\d{2} .*₹25,000\.50\n/);
  });
});
