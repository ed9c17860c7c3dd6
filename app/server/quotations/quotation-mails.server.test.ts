import { describe, expect, test } from "vitest";
import { optionsContent, quotationContent } from "../../../tests/support/quotation-content.ts";
import { serviceContent } from "../../service-content.server.ts";
import { companyNow, totalsOf } from "./document.ts";
import { quotationMail } from "./quotation-mails.server.ts";
import { optionResultsOf } from "./stored-content.ts";

// The company's mails about a buyer's answer show the buyer's words as words:
// whatever was stored, none of them can pass for a line of the mail itself.

const content = quotationContent({
  buyer: { name: "Asha\u202e Verma", company: "", gstin: "", email: "asha@example.in", phone: "", pinCode: "560001" },
});
const doc = {
  ...content,
  number: "QT/2026-27/0002",
  date: "2026-06-01",
  reference: "ENQ-2026-000042",
  company: companyNow(serviceContent),
  totals: totalsOf(content, serviceContent.billing.gstRates),
};
const settings = { mailFrom: { name: "Website", address: "website@example.com" }, mailTo: "sales@example.com" };
const forgedName = "Racer 0\u202eEVIL\r\nBcc: x@evil.example";

/** Lines of a mail's text that look like a header of the mail's own ("Bcc: …", "To: …"). */
const headerLooking = (text: string) => text.split("\n").filter((line) => /^(bcc|cc|to|from|subject)\s*:/i.test(line));

const DIRECTION_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe("the company's mail about an acceptance", () => {
  test("a stored name or purchase order with line breaks and an override forges no line and reverses nothing", () => {
    const mail = quotationMail("quotation-accepted", doc, settings, serviceContent, {
      answer: { name: forgedName, purchaseOrder: "PO-1\nTo: y@evil.example" },
    });
    expect(headerLooking(mail.text)).toEqual([]);
    expect(mail.text).not.toMatch(DIRECTION_MARKS);
    expect(mail.text).toContain("Accepted by: Racer 0EVIL Bcc: x@evil.example\n");
    expect(mail.text).toContain("Purchase order: PO-1 To: y@evil.example\n");
    // The amount is in the mail's own sentence, on a line the buyer's words never reach.
    expect(mail.text.split("\n")[0]).toBe(
      "Quotation QT/2026-27/0002 (₹21,830.00) was accepted. The inquiry is now Won.",
    );
    expect(mail.html).toContain("Accepted by: <bdi>Racer 0EVIL Bcc: x@evil.example</bdi>");
    expect(mail.html).toContain("<bdi>PO-1 To: y@evil.example</bdi>");
    expect(mail.html).not.toMatch(DIRECTION_MARKS);
  });

  test("a request for changes keeps its lines, each quoted, so none stands as a line of the mail", () => {
    const mail = quotationMail("quotation-changes", doc, settings, serviceContent, {
      answer: { message: "5,000 too\r\nBcc: x@evil.example\n\u202eEVIL" },
    });
    expect(headerLooking(mail.text)).toEqual([]);
    expect(mail.text).toContain("Their message:\n> 5,000 too\n> Bcc: x@evil.example\n> EVIL\n");
    expect(mail.text).toContain("Buyer: Asha Verma\n");
    expect(mail.html).toContain("<bdi>5,000 too\nBcc: x@evil.example\nEVIL</bdi>");
    expect(mail.html).not.toMatch(DIRECTION_MARKS);
  });
});

describe("the buyer's mail", () => {
  test("greets the buyer by a name set apart from the text around it", () => {
    const mail = quotationMail("quotation", doc, settings, serviceContent, { link: "x".repeat(32) });
    expect(mail.text.split("\n")[0]).toBe("Dear Asha Verma,");
    expect(mail.html).toContain("<p>Dear <bdi>Asha Verma</bdi>,</p>");
  });
});

describe("the mails of a quotation of options", () => {
  const options = optionsContent({
    options: optionsContent().options.map((option, index) =>
      index === 1 ? { ...option, label: "10,000 boxes\nBcc: x@evil.example" } : option,
    ),
  });
  const offer = {
    ...options,
    number: "QT/2026-27/0003",
    date: "2026-06-01",
    reference: "ENQ-2026-000043",
    company: companyNow(serviceContent),
    results: optionResultsOf(options, serviceContent.billing.gstRates),
  };

  test("the buyer's mail gives each option's total, each name on one line", () => {
    const mail = quotationMail("quotation", offer, settings, serviceContent, { link: "x".repeat(32) });
    expect(mail.text).toContain(
      "2 options to choose from (Option 1: 5,000 boxes, ₹58,280.00; Option 2: 10,000 boxes Bcc: x@evil.example, ₹1,01,645.00), GST included",
    );
    expect(headerLooking(mail.text)).toEqual([]);
  });

  test("the company's mail names the option accepted and its total", () => {
    const mail = quotationMail("quotation-accepted", { ...offer, acceptedOption: 1 }, settings, serviceContent, {
      answer: { name: "Asha Verma" },
    });
    expect(mail.text.split("\n")[0]).toBe(
      "Quotation QT/2026-27/0003 (Option 2: 10,000 boxes Bcc: x@evil.example, ₹1,01,645.00) was accepted. The inquiry is now Won.",
    );
  });
});
