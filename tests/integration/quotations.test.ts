import { beforeAll, describe, expect, test } from "vitest";
import { totalsOf } from "../../app/server/quotations/document.ts";
import { amountInWords, formatRupees } from "../../app/server/quotations/money.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { serviceContent } from "../../app/service-content.server.ts";
import { quotationContent } from "../support/quotation-content.ts";
import { eventually } from "./support/contact-form.ts";
import {
  asStaff,
  COMPANY,
  filledForm,
  inquiryStatus,
  linkIn,
  mailsTo,
  pdfText,
  postForm,
  quotationMailOf,
  quoteRequest,
  sendQuotation,
  smtp,
  startQuotationSite,
  store,
  theMail,
  url,
} from "./support/quotation-site.ts";

startQuotationSite();

describe("a quotation from a quote request", () => {
  let reference: string;
  let staffPage: string;
  let buyerLink: string;

  beforeAll(async () => {
    reference = await quoteRequest();
    await smtp.waitForMails(2);
  });

  test("the new quotation's form starts from the request: one option per quantity, the product's HSN and its rate today", async () => {
    const form = await filledForm(reference);
    expect(form.o0_line_0_description).toContain("Cake Box");
    // Folding cartons, at 5 % since 22 September 2025.
    expect(form.o0_line_0_hsn).toBe("481920");
    expect(form.o0_line_0_quantity).toBe("1000");
    expect(form.o0_line_0_rate).toBe("5");
    expect(form.delivery_pin).toBe("560001");
  });

  test("a line saved at another rate than the rate table's is kept; its form and its draft's page say what the table gives, and it is sent as chosen", async () => {
    const reference = await quoteRequest();
    const saved = await postForm(`/inbox/${reference}/quotations/new`, {
      ...(await filledForm(reference)),
      o0_line_1_rate: "18",
    });
    expect(saved.status).toBe(303);
    const form = saved.headers.get("location") ?? "";
    expect(form).toMatch(new RegExp(`^/inbox/${reference}/quotations/\\d+/edit\\?done=saved$`));
    const html = (await (await asStaff(form)).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Draft saved.");
    const hint = (row: number) => new RegExp(`id="o0_line_${row}_rate-hint"[^>]*>([^<]*)<`).exec(html)?.[1];
    expect(hint(1)).toMatch(/^The rate table gives 5 % for HSN 481920 from 22 September 2025\. .*accountant/);
    expect(hint(0)).toBeUndefined();
    expect(html).toMatch(/<option value="18" selected="">/);

    const page = form.replace(/\/edit\?.*$/, "");
    const draft = (await (await asStaff(page)).text()).replaceAll("<!-- -->", "");
    expect(draft).toContain("Line 2 is at 18 % GST. The rate table gives 5 % for HSN 481920");
    expect((await postForm(page, { intent: "send" })).status).toBe(303);
    const sent = (await (await asStaff(page)).text()).replaceAll("<!-- -->", "");
    expect(sent).toMatch(/IGST 18 % on/);
    expect(sent).not.toContain("Line 2 is at 18 % GST");
  });

  test("a form with a price that is not one is returned as typed, with a message beside the field", async () => {
    const form = { ...(await filledForm(reference)), o0_line_0_price: "eighteen" };
    const answer = await postForm(`/inbox/${reference}/quotations/new`, form);
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain('value="eighteen"');
    expect(html).toContain("A price in rupees");
  });

  test("staff send it: the buyer gets a mail with the PDF, whose text holds the lines, the IGST, the total and the words", async () => {
    staffPage = await sendQuotation(reference);
    const [mail] = await eventually(() => {
      const found = mailsTo("meena.1@example.in", /^Quotation QT\/\d{4}-\d{2}\/\d{4} from /);
      expect(found).toHaveLength(1);
      return found;
    });
    const attachment = mail?.attachments.find((file) => file.contentType === "application/pdf");
    expect(attachment?.filename).toMatch(/^QT-\d{4}-\d{2}-\d{4}\.pdf$/);
    const text = await pdfText(attachment?.content ?? new Uint8Array(), "sent.pdf");

    // The figures as the rules reckon them, never typed here.
    const totals = totalsOf(
      quotationContent({
        lines: [
          { description: "", hsn: "481920", quantityMilli: 1_000_000, unit: "pcs", unitPricePaise: 1850, gstRate: 5 },
          { description: "", hsn: "481920", quantityMilli: 2_000_000, unit: "pcs", unitPricePaise: 1625, gstRate: 5 },
        ],
        discount: { percent: 5 },
        packingPaise: 75_000,
        freightPaise: 120_000,
      }),
      serviceContent.billing.gstRates,
    );
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Cake box with window, SBS");
    expect(flat).toContain("481920");
    expect(flat).toMatch(/IGST 5 ?%/);
    expect(flat).toContain(formatRupees(totals.igst).replace("₹", ""));
    expect(flat).not.toMatch(/CGST/);
    expect(flat).toContain(formatRupees(totals.total).replace("₹", ""));
    expect(flat).toContain(amountInWords(totals.total));

    buyerLink = linkIn(mail?.text ?? "");
    // Its delivery is in the quotation's history, as every mail's is.
    await eventually(async () =>
      expect((await (await asStaff(staffPage)).text()).replaceAll("<!-- -->", "")).toMatch(
        /The mail to the buyer: sent \d/,
      ),
    );
    expect(buyerLink).not.toBe("");
    expect(await inquiryStatus(reference)).toEqual({ status: "quoted", first_reply_by: "quotation" });
  });

  test("the buyer's page shows the quotation, is not indexed or stored, and keeps the link out of referrers", async () => {
    // Staff checking the link they may share is not the buyer opening it.
    expect((await asStaff(buyerLink)).status).toBe(200);
    expect((await (await asStaff(staffPage)).text()).replaceAll("<!-- -->", "")).toMatch(/: Sent<\/h1>/);
    const page = await fetch(url(buyerLink));
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toContain("Accept the quotation");
    const pdf = await fetch(url(`${buyerLink}/pdf`));
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    // Opened: staff see it.
    expect(await (await asStaff(staffPage)).text()).toContain("Opened by the buyer");
  });

  test("a tampered link, or any other address under /quotation, answers 404", async () => {
    const token = buyerLink.split("/").pop() ?? "";
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const pathname of [
      `/quotation/${tampered}`,
      `/quotation/${tampered}/pdf`,
      `/quotation/${token.slice(1)}`,
      "/quotation/1",
      `/quotation/${token}%00`,
    ]) {
      const answer = await fetch(url(pathname));
      expect(answer.status, pathname).toBe(404);
      // Whether an address leads nowhere is kept by no cache and listed by no search engine, as a found one is not.
      expect(answer.headers.get("cache-control"), pathname).toBe("no-store");
      expect(answer.headers.get("x-robots-tag"), pathname).toContain("noindex");
    }
    const page = await (await fetch(url(`/quotation/${tampered}`))).text();
    expect(page).toContain("<h1");
    expect(page).toContain('<meta name="robots" content="noindex, nofollow"');
  });

  test("a name or purchase order with a line break or a direction override is refused beside its field, and nothing is accepted", async () => {
    for (const [field, value] of [
      ["name", "Racer 0\u202eEVIL"],
      ["name", "Racer\r\nBcc: x@evil.example"],
      ["purchase_order", "PO-1\nBcc: x@evil.example"],
    ] as const) {
      const fields = { intent: "accept", name: "Meena Rao", agree: "yes", [field]: value };
      const refused = await postForm(buyerLink, fields, false);
      expect(refused.status, JSON.stringify(value)).toBe(400);
      const html = await refused.text();
      expect(html).toMatch(new RegExp(`id="${field}-error"[^>]*>Please write this on one line`));
    }
    expect(await inquiryStatus(reference)).toMatchObject({ status: "quoted" });
  });

  test("acceptance needs the tick; then the inquiry is Won, the company is told, and the page offers nothing more", async () => {
    // Another site's page cannot make the buyer's browser accept, nor can a body past the form's size.
    const forged = await fetch(url(buyerLink), {
      method: "POST",
      body: new URLSearchParams({ intent: "accept", name: "Meena Rao", agree: "yes" }),
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      redirect: "manual",
    });
    expect(forged.status).toBe(403);
    const oversized = await postForm(buyerLink, { intent: "changes", message: "x".repeat(20_000) }, false);
    expect(oversized.status).toBe(400);
    expect(await inquiryStatus(reference)).toMatchObject({ status: "quoted" });

    const refused = await postForm(buyerLink, { intent: "accept", name: "Meena Rao" }, false);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please tick the box to accept.");

    const accepted = await postForm(
      buyerLink,
      { intent: "accept", name: "Meena Rao", purchase_order: "PO-7781", agree: "yes" },
      false,
    );
    expect(accepted.status).toBe(303);
    expect(await inquiryStatus(reference)).toMatchObject({ status: "won" });
    const [told] = await eventually(() => {
      const found = mailsTo(COMPANY, /^Accepted: quotation QT\//);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(told?.text).toContain("PO-7781");

    const after = (await (await fetch(url(buyerLink))).text()).replaceAll("<!-- -->", "");
    expect(after).toContain("Accepted by <bdi>Meena Rao</bdi>");
    expect(after).not.toContain("Accept the quotation");
    expect(after).not.toContain("Ask for changes");
    const again = await postForm(buyerLink, { intent: "accept", name: "Someone", agree: "yes" }, false);
    expect(again.status).toBe(409);
  });
});

describe("revisions, changes and expiry", () => {
  test("a revision gets the next suffix and replaces the earlier one, whose page then says so", async () => {
    const reference = await quoteRequest();
    const first = await sendQuotation(reference);
    const firstMail = await quotationMailOf(reference);
    const number = firstMail?.header("x-quotation-number") ?? "";
    const firstLink = linkIn(firstMail?.text ?? "");

    const changes = await postForm(firstLink, { intent: "changes", message: "Please quote 5,000 boxes too." }, false);
    expect(changes.status).toBe(303);
    await eventually(() => expect(mailsTo(COMPANY, /^Changes asked: quotation /)).not.toHaveLength(0));
    expect(await (await asStaff(first)).text()).toContain("Please quote 5,000 boxes too.");

    const revise = await postForm(first, { intent: "revise" });
    expect(revise.status).toBe(303);
    const editing = revise.headers.get("location") ?? "";
    expect(editing).toMatch(/\/edit$/);
    const saved = await postForm(editing, { ...(await filledForm(reference)) });
    expect(saved.status).toBe(303);
    const second = (saved.headers.get("location") ?? "").split("?")[0] ?? "";
    expect((await postForm(second, { intent: "send" })).status).toBe(303);
    const revised = await theMail((mail) => mail.header("x-quotation-number") === `${number}-R1`);
    expect(revised?.header("subject")).toContain(`${number}-R1`);

    const earlier = await (await fetch(url(firstLink))).text();
    expect(earlier).toContain("replaced by a newer quotation");
    expect(earlier).not.toContain("Accept the quotation");
    expect((await postForm(firstLink, { intent: "accept", name: "Meena", agree: "yes" }, false)).status).toBe(409);
    expect((await fetch(url(linkIn(revised?.text ?? "")))).status).toBe(200);
  });

  test("a revision made from one already replaced replaces every open quotation of its number", async () => {
    const reference = await quoteRequest();
    const first = await sendQuotation(reference);
    const number = (await quotationMailOf(reference)).header("x-quotation-number") ?? "";
    const reviseAndSend = async (page: string) => {
      const editing = (await postForm(page, { intent: "revise" })).headers.get("location") ?? "";
      const saved = await postForm(editing, { ...(await filledForm(reference)) });
      const sent = (saved.headers.get("location") ?? "").split("?")[0] ?? "";
      expect((await postForm(sent, { intent: "send" })).status).toBe(303);
      return sent;
    };
    await reviseAndSend(first);
    const r1 = await theMail((mail) => mail.header("x-quotation-number") === `${number}-R1`);
    // Staff go back to the first, already replaced, and revise it again.
    await reviseAndSend(first);
    await theMail((mail) => mail.header("x-quotation-number") === `${number}-R2`);

    const r1Page = await (await fetch(url(linkIn(r1.text ?? "")))).text();
    expect(r1Page).toContain("replaced by a newer quotation");
    expect(
      (await postForm(linkIn(r1.text ?? ""), { intent: "accept", name: "Meena", agree: "yes" }, false)).status,
    ).toBe(409);
  });

  test("a quotation sent at a GST rate since withdrawn from the settings still opens, at the rate it was sent with", async () => {
    const reference = await quoteRequest();
    const staffPage = await sendQuotation(reference);
    const link = linkIn((await quotationMailOf(reference)).text ?? "");
    // 12 % was withdrawn in September 2025: no list of rates allowed today has it.
    const db = await openStore(store.location, { busyWaitMs: 5000 });
    try {
      const row = await db.get<{ id: number; content: string }>(
        "SELECT q.id, q.content FROM quotations q JOIN inquiries i ON i.id = q.inquiry_id WHERE i.reference = ?",
        [reference],
      );
      const content = JSON.parse(row?.content ?? "{}") as { options: { lines: { gstRate: number }[] }[] };
      for (const line of content.options.flatMap((option) => option.lines)) line.gstRate = 12;
      await db.run("UPDATE quotations SET content = ? WHERE id = ?", [JSON.stringify(content), row?.id]);
    } finally {
      await db.close();
    }
    const page = await fetch(url(link));
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/IGST 12 % on/);
    expect((await fetch(url(`${link}/pdf`))).status).toBe(200);
    expect((await asStaff(staffPage)).status).toBe(200);
  });

  test("a quotation past its validity answers 404 at its link", async () => {
    const reference = await quoteRequest();
    await sendQuotation(reference);
    const mail = await quotationMailOf(reference);
    const link = linkIn(mail?.text ?? "");
    expect((await fetch(url(link))).status).toBe(200);
    const db = await openStore(store.location, { busyWaitMs: 5000 });
    try {
      await db.run("UPDATE quotations SET valid_until = '2020-03-31' WHERE number = ?", [
        mail?.header("x-quotation-number"),
      ]);
    } finally {
      await db.close();
    }
    expect((await fetch(url(link))).status).toBe(404);
    expect((await fetch(url(`${link}/pdf`))).status).toBe(404);
    expect((await postForm(link, { intent: "accept", name: "Meena", agree: "yes" }, false)).status).toBe(404);
  });
});
