import { describe, expect, test } from "vitest";
import { formatRupees } from "../../app/server/quotations/money.ts";
import { createQuotations } from "../../app/server/quotations/quotations.server.ts";
import { optionResultsOf, type StoredContent } from "../../app/server/quotations/stored-content.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { serviceContent } from "../../app/service-content.server.ts";
import { inboxWords } from "../support/area-words.ts";
import { quotationContent } from "../support/quotation-content.ts";
import { eventually } from "./support/contact-form.ts";
import {
  asStaff,
  COMPANY,
  formOf,
  inquiryStatus,
  linkIn,
  mailsTo,
  pdfText,
  postForm,
  quotationMailOf,
  quoteRequest,
  startQuotationSite,
  store,
  url,
} from "./support/quotation-site.ts";

// Price breaks as options: made from a request for several quantities, sent,
// printed, and one of them accepted, on the real server and the engine under test.

startQuotationSite();

const text = (html: string) => html.replaceAll("<!-- -->", "");

/** The stored quotation of an inquiry (its first), with its totals reckoned from what was stored. */
async function storedOf(reference: string) {
  const db = await openStore(store.location, { busyWaitMs: 5000 });
  try {
    const row = await db.get<{ id: number | string; content: string; won_total: number | string | null }>(
      "SELECT q.id, q.content, q.won_total FROM quotations q JOIN inquiries i ON i.id = q.inquiry_id WHERE i.reference = ? ORDER BY q.id",
      [reference],
    );
    const content = JSON.parse(row?.content ?? "{}") as StoredContent;
    return {
      content,
      results: optionResultsOf(content, serviceContent.billing.gstRates),
      wonTotal: row?.won_total == null ? undefined : Number(row.won_total),
    };
  } finally {
    await db.close();
  }
}

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe("a quotation of options", () => {
  test("a request for 5,000 and 10,000 boxes becomes two options with a die charged once; the buyer accepts the 10,000, whose total alone is won", async () => {
    const reference = await quoteRequest({ quantity_1: "5000", quantity_2: "10000" });
    const newForm = `/inbox/${reference}/quotations/new`;
    const form = await formOf(newForm);
    expect(form.options).toBe("2");
    expect([form.o0_line_0_quantity, form.o1_line_0_quantity]).toEqual(["5000", "10000"]);
    expect(form.o1_label).toBe("10,000 pieces");

    const saved = await postForm(newForm, {
      ...form,
      intent: "save",
      o0_line_0_price: "9.40",
      o0_freight: "1,200",
      o1_line_0_price: "8,750",
      o1_line_0_per: "1000",
      o1_freight: "2,000",
      charge_0_description: "Cutting die",
      charge_0_hsn: "8441",
      charge_0_amount: "6,500",
      charge_0_rate: "18",
    });
    expect(saved.status).toBe(303);
    const page = (saved.headers.get("location") ?? "").split("?")[0] ?? "";
    const draft = text(await (await asStaff(page)).text());
    expect(draft).toContain("The options side by side");
    expect((await postForm(page, { intent: "send" })).status).toBe(303);

    const { results } = await storedOf(reference);
    const [five, ten] = results.map((result) => result.totals.total);
    expect(five).toBeGreaterThan(0);
    expect(ten).toBeGreaterThan(five ?? 0);
    const mail = await quotationMailOf(reference);
    expect(mail.text).toContain(`2 options to choose from (Option 1: 5,000 pieces, ${formatRupees(five ?? 0)}`);
    const pdf = mail.attachments.find((file) => file.contentType === "application/pdf");
    const printed = (await pdfText(pdf?.content ?? new Uint8Array(), "options.pdf")).replace(/\s+/g, " ");
    expect(printed).toContain("THE OPTIONS SIDE BY SIDE");
    expect(printed).toContain(formatRupees(five ?? 0));
    expect(printed).toContain(formatRupees(ten ?? 0));
    expect(printed).toContain("₹8,750.00 /1,000");
    expect(count(printed, "Cutting die")).toBe(1);
    expect(printed).toContain("HSN-WISE SUMMARY OF OPTION 2");
    expect(printed).toContain("Place of supply: Karnataka (29)");

    const link = linkIn(mail.text ?? "");
    const buyerPage = text(await (await fetch(url(link))).text());
    expect(buyerPage).toContain("Which option do you order?");
    const unchosen = await postForm(link, { intent: "accept", name: "Meena Rao", agree: "yes" }, false);
    expect(unchosen.status).toBe(400);
    expect(await unchosen.text()).toContain("Please choose the option you order.");
    expect(
      (await postForm(link, { intent: "accept", name: "Meena Rao", agree: "yes", option: "7" }, false)).status,
    ).toBe(400);
    expect(await inquiryStatus(reference)).toMatchObject({ status: "quoted" });

    const accepted = await postForm(link, { intent: "accept", name: "Meena Rao", agree: "yes", option: "1" }, false);
    expect(accepted.status).toBe(303);
    expect(await inquiryStatus(reference)).toMatchObject({ status: "won" });
    expect((await storedOf(reference)).wonTotal).toBe(ten);
    expect(text(await (await fetch(url(link))).text())).toContain(
      "The option accepted: <bdi>Option 2: 10,000 pieces</bdi>",
    );
    // The inquiries' CSV counts the option accepted too, not the first offered (this file's first inquiry).
    const csv = await (await asStaff("/inbox/export.csv", { method: "POST", body: new URLSearchParams({}) })).text();
    expect(csv).toContain(`"${((ten ?? 0) / 100).toFixed(2)}"`);
    expect(csv).not.toContain(`"${((five ?? 0) / 100).toFixed(2)}"`);
    const inquiry = text(await (await asStaff(`/inbox/${reference}`)).text());
    expect(inquiry).toContain(`Accepted (<bdi>Option 2: 10,000 pieces</bdi>), ${formatRupees(ten ?? 0)}`);
    await eventually(() => {
      const [told] = mailsTo(COMPANY, /^Accepted: quotation QT\//).filter((each) =>
        (each.text ?? "").includes(reference),
      );
      expect(told?.text).toContain(`(Option 2: 10,000 pieces, ${formatRupees(ten ?? 0)}) was accepted`);
    });
  });

  test("an export under LUT prints the place of supply outside India, no tax, and the LUT statement with its number", async () => {
    const reference = await quoteRequest();
    const newForm = `/inbox/${reference}/quotations/new`;
    const refused = await postForm(newForm, {
      ...(await formOf(newForm)),
      intent: "save",
      o0_line_0_price: "0.925",
      treatment: "export-lut",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("needs its LUT (ARN) or bond reference");
    const saved = await postForm(newForm, {
      ...(await formOf(newForm)),
      intent: "save",
      o0_line_0_price: "0.925",
      treatment: "export-lut",
      lut_number: "AD0401260012345",
      billing_address: "14 Harbour Road, Colombo",
    });
    expect(saved.status).toBe(303);
    const page = (saved.headers.get("location") ?? "").split("?")[0] ?? "";
    const preview = await asStaff(`${page}/pdf`);
    expect(preview.status).toBe(200);
    const printed = (await pdfText(new Uint8Array(await preview.arrayBuffer()), "export.pdf")).replace(/\s+/g, " ");
    expect(printed).toContain("Place of supply: Other Countries (96)");
    expect(printed).toContain("Supply meant for export/SEZ under LUT without payment of IGST. LUT No. AD0401260012345");
    expect(printed).toContain("14 Harbour Road, Colombo");
    // 1,000 boxes at ₹0.925 a piece: ₹925.00, with no tax on it.
    expect(printed).toContain("₹0.925");
    expect(printed).toMatch(/Total ₹925\.00/);
  });

  test("another place of supply than the one proposed is refused without a reason; with one, it is kept, shown to staff and taxed by", async () => {
    const reference = await quoteRequest();
    const newForm = `/inbox/${reference}/quotations/new`;
    const form = await formOf(newForm);
    expect(text(await (await asStaff(newForm)).text())).toContain(
      "Proposed: Karnataka (29), where the goods are delivered",
    );
    const chosen = { ...form, intent: "save", o0_line_0_price: "18.50", place_state: "04" };
    const refused = await postForm(newForm, chosen);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Say why the place of supply is not the one proposed");
    const saved = await postForm(newForm, { ...chosen, place_reason: "Collected at our works by the buyer" });
    expect(saved.status).toBe(303);
    const page = (saved.headers.get("location") ?? "").split("?")[0] ?? "";
    const draft = text(await (await asStaff(page)).text());
    expect(draft).toContain(
      "The place of supply is Chandigarh (04), chosen by staff instead of Karnataka (29). The reason given: <bdi>Collected at our works by the buyer</bdi>",
    );
    // Chandigarh is the company's own territory: CGST and UTGST.
    expect(draft).toMatch(/UTGST 2\.5 % on/);
  });

  test("a quotation stored before options still shows, prints and is accepted as it always was", async () => {
    const reference = await quoteRequest();
    const db = await openStore(store.location, { busyWaitMs: 5000 });
    const content = quotationContent({ validUntil: "2099-12-31" });
    let token = "";
    try {
      const row = await db.get<{ id: number | string }>("SELECT id FROM inquiries WHERE reference = ?", [reference]);
      const quotations = createQuotations(db, inboxWords, serviceContent);
      const id = await quotations.createDraft(Number(row?.id), content, { email: "meera@company.example" }, Date.now());
      const sent = await quotations.send(id, { email: "meera@company.example" }, Date.now());
      if (!sent.sent) throw new Error(sent.why);
      token = sent.token;
    } finally {
      await db.close();
    }
    // 1,000 cake boxes at ₹18.50 and 18 % IGST: ₹18,500.00 and ₹3,330.00, ₹21,830.00 in all.
    const page = text(await (await fetch(url(`/quotation/${token}`))).text());
    expect(page).toContain("₹18.50");
    expect(page).toMatch(/<th scope="row">Total<\/th><td>₹21,830\.00<\/td>/);
    expect(page).not.toContain("Which option");
    const printed = (
      await pdfText(new Uint8Array(await (await fetch(url(`/quotation/${token}/pdf`))).arrayBuffer()), "old.pdf")
    ).replace(/\s+/g, " ");
    expect(printed).toContain("Place of supply: Karnataka (29)");
    expect(printed).toContain("IGST 18 % on ₹18,500.00 ₹3,330.00");
    expect(printed).toContain("Total ₹21,830.00");
    expect(
      (await postForm(`/quotation/${token}`, { intent: "accept", name: "Meena Rao", agree: "yes" }, false)).status,
    ).toBe(303);
    expect((await storedOf(reference)).wonTotal).toBe(2_183_000);
  });
});
