import { describe, expect, test } from "vitest";
import { serviceContent } from "../../service-content.server.ts";
import { formatReference } from "../contact/inquiries.server.ts";
import { acknowledgementMail, companyMail, escapeHtml, inHeader } from "./messages.server.ts";

const settings = {
  mailFrom: { name: "Example Print & Pack", address: "website@example.com" },
  mailTo: "sales@example.com",
};
const inquiry = {
  id: 42,
  reference: "ENQ-2026-000042",
  receivedAt: "2026-03-02T05:00:00.000Z",
  name: `Tom "T" <O'Neil>`,
  email: "tom@example.in",
  phone: "+91 98765 43210",
  subject: "Boxes & <bags>",
  message: "<img src=x onerror=alert(1)>",
  status: "new" as const,
  spamReason: null,
  service: null,
  sourcePage: null,
  language: "en" as const,
};

describe("inquiry mails", () => {
  test("escape every character that means something in HTML", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });

  test("the company copy shows visitor text as text, and replies go to the visitor", () => {
    const mail = companyMail(inquiry, settings, serviceContent);
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(mail.html).toContain("Tom &quot;T&quot; &lt;O&#39;Neil&gt;");
    expect(mail.html).not.toMatch(/<img|<bags>/);
    expect(mail.text).toContain("<img src=x onerror=alert(1)>");
    expect(mail.text).toContain("Received:  2 Mar 2026, 10:30 am IST");
    expect(mail.replyTo).toEqual({ name: inquiry.name, address: inquiry.email });
    expect(mail.messageId).toBe("<enq-2026-000042.company@example.com>");
  });

  test("the acknowledgement carries the reference and none of the visitor's text", () => {
    const mail = acknowledgementMail(inquiry, settings, serviceContent);
    expect(mail.to).toBe("tom@example.in");
    expect(mail.subject).toContain("ENQ-2026-000042");
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/Neil|bags|onerror/);
    expect(mail.headers["Auto-Submitted"]).toBe("auto-replied");
  });

  test("an inquiry sent from a Hindi page is acknowledged in Hindi, with the reference and numbers as in English; the company's copy stays English", () => {
    const quote = {
      specification: [],
      quantities: [5000, 120000],
      neededBy: "2026-04-01",
      pinCode: "160017",
      company: "",
      gstin: "",
    };
    const hindi = { ...inquiry, language: "hi" as const, service: "cake", quote };
    const mail = acknowledgementMail(hindi, settings, serviceContent);
    expect(mail.subject).toBe("हमें आपका कोटेशन अनुरोध मिल गया है (ENQ-2026-000042)");
    expect(mail.text).toContain("नमस्ते,");
    expect(mail.text).toContain("मात्राएँ: 5,000, 1,20,000।");
    expect(mail.html).toContain('<html lang="hi">');
    expect(mail.html).toContain("<strong>ENQ-2026-000042</strong>");
    expect(mail.html).toContain(`<a href="tel:${serviceContent.company.phone.e164}">`);
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/Neil|bags|onerror|Hello|Thank you/);

    const company = companyMail(hindi, settings, serviceContent);
    expect(company.text).toContain("A new inquiry has arrived");
    expect(company.html).toContain('<html lang="en">');
  });

  test("references count on and carry the year in India", () => {
    expect(formatReference(42, new Date("2026-06-01T00:00:00Z"))).toBe("ENQ-2026-000042");
    expect(formatReference(1_234_567, new Date("2026-12-31T19:00:00Z"))).toBe("ENQ-2027-1234567");
  });

  test("an address that smuggles a copy or a body stays one address in the reply link", () => {
    const email = "victim?cc=attacker@evil.example&body=Send the files here";
    const mail = companyMail({ ...inquiry, email }, settings, serviceContent);
    const href = /<a href="(mailto:[^"]*)">/.exec(mail.html)?.[1]?.replaceAll("&amp;", "&") ?? "";
    const link = new URL(href);
    expect(link.search).toBe("");
    expect(decodeURIComponent(link.pathname)).toBe(email);
  });

  test("text that reorders itself never reaches a header", () => {
    const override = "\u202Efdp.exe\u202C \u2067x\u2069 \u200Fy\u200E";
    const mail = companyMail(
      { ...inquiry, name: `Asha ${override}`, subject: `Boxes ${override}` },
      settings,
      serviceContent,
    );
    expect(mail.subject).toBe("Inquiry ENQ-2026-000042: Boxes fdp.exe x y");
    expect(mail.replyTo).toEqual({ name: "Asha fdp.exe x y", address: inquiry.email });
    expect(inHeader("Plain – text, हिंदी")).toBe("Plain – text, हिंदी");
  });
});
