import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, inject, test } from "vitest";
import { formWords } from "../../app/site/content/forms.ts";
import { hindiFormWords as hindi } from "../../app/site/content/hi/forms.ts";
import { staffPaths } from "../../app/staff/paths.ts";
import { decodeEntities } from "../support/html-text.ts";
import { eventually, goodFields, readRow, referenceOf, type VisitorFields } from "./support/contact-form.ts";
import { asStaff, COMPANY, postForm, server, smtp, startQuotationSite, store } from "./support/quotation-site.ts";
import { client } from "./support/quote-posts.ts";
import { cakeRequest } from "./support/quote-request.ts";

/**
 * The contact and quote forms sent from their Hindi pages: refused in Hindi
 * with what was typed, kept with the page's language (never a field's), the
 * visitor acknowledged in Hindi, the company told in English.
 */

startQuotationSite();

/** Opens a form page as a browser would; answers its token. */
async function tokenOf(page: string): Promise<string> {
  const response = await fetch(`${server.url}${page}`);
  expect(response.status, page).toBe(200);
  const token = /name="form_token" value="([^"]+)"/.exec(await response.text())?.[1];
  if (!token) throw new Error(`No form token on ${page}`);
  return token;
}

function post(page: string, fields: Record<string, string> | [string, string][]) {
  return fetch(`${server.url}${page}`, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...client() },
    redirect: "manual",
  });
}

/** The message beside a field of a page, and the value the field holds. */
function field(html: string, id: string) {
  const error = new RegExp(`<p id="${id}-error" class="field__error">(.*?)</p>`).exec(html)?.[1] ?? "";
  const input = new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
  return {
    error: decodeEntities(error.replace(/<[^>]+>/g, "")),
    value: decodeEntities(/value="([^"]*)"/.exec(input)?.[1] ?? ""),
  };
}

const visitor = (): VisitorFields =>
  goodFields({ name: "आशा वर्मा", msg_subject: "केक बॉक्स का दाम", message: "नमस्ते, हमें 2,000 केक बॉक्स चाहिए।" });

const languageOf = async (reference: string) =>
  (
    await readRow<{ language: string }>(store.location, "SELECT language FROM inquiries WHERE reference = ?", [
      reference,
    ])
  )?.language;

describe("the contact form on its Hindi page", () => {
  test("a form with a mistake answers 400 with the message in Hindi beside its field, and everything typed", async () => {
    const fields = { ...visitor(), email: "asha@", form_token: await tokenOf("/hi/contact") };
    const response = await post("/hi/contact", fields);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<html lang="hi"');
    const email = field(html, "contact-email");
    expect(email).toEqual({ error: `${hindi.contactForm.error} ${hindi.contactForm.problems.email}`, value: "asha@" });
    expect(field(html, "contact-name")).toEqual({ error: "", value: "आशा वर्मा" });
    expect(field(html, "contact-msg_subject").value).toBe("केक बॉक्स का दाम");
    expect(html).toContain(`>${hindi.contactForm.summaryHeading}</h3>`);
    // The form posts back to its Hindi page, which the island is told along with its Hindi words.
    expect(html).toContain('action="/hi/contact#send-message"');
    expect(decodeEntities(html)).toContain(`"summaryHeading":"${hindi.contactForm.summaryHeading}"`);
  });

  test("a good one is kept as Hindi: the visitor is acknowledged in Hindi, the company told in English", async () => {
    const fields = visitor();
    const response = await post("/hi/contact", { ...fields, form_token: await tokenOf("/hi/contact") });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^\/hi\/contact\?sent=ENQ-/);
    const reference = referenceOf(response) ?? "";
    expect(await languageOf(reference)).toBe("hi");

    const thanks = await (await fetch(`${server.url}/hi/contact?sent=${reference}`)).text();
    expect(thanks).toContain(hindi.contactPage.sent.heading);

    const mails = await waitForMailsOf(reference);
    const acknowledgement = mails.find((mail) => mail.envelope.to.includes(fields.email));
    const company = mails.find((mail) => mail.envelope.to.includes(COMPANY));
    if (!acknowledgement || !company) throw new Error("A mail went to the wrong place");
    expect(acknowledgement.header("subject")).toBe(hindi.acknowledgement.subject(reference));
    expect(acknowledgement.text).toContain(hindi.acknowledgement.greeting);
    expect(acknowledgement.text).toContain(`${reference} है।`);
    expect(acknowledgement.html).toContain('<html lang="hi">');
    expect(acknowledgement.raw).not.toContain("Hello");
    expect(acknowledgement.text).not.toContain(fields.message);
    expect(company.header("subject")).toBe(`Inquiry ${reference}: ${fields.msg_subject}`);
    expect(company.text).toContain("A new inquiry has arrived through the contact form on the website.");
  });

  test("the language is the page's: a field that says otherwise is refused, and nothing is kept", async () => {
    for (const [page, language, refusal] of [
      ["/contact", "hi", formWords.formRefusals.unexpectedFields],
      ["/hi/contact", "en", hindi.formRefusals.unexpectedFields],
    ] as const) {
      const fields = { ...visitor(), form_token: await tokenOf(page), language };
      const response = await post(page, fields);
      expect(response.status, page).toBe(400);
      expect(decodeEntities(await response.text())).toContain(refusal);
      expect(await readRow(store.location, "SELECT id FROM inquiries WHERE email = ?", [fields.email])).toBeUndefined();
    }
    const english = await post("/contact", { ...visitor(), form_token: await tokenOf("/contact") });
    expect(await languageOf(referenceOf(english) ?? "")).toBe("en");
  });

  test("staff read the language on the inquiry's page and in the CSV", async () => {
    const sent = await post("/hi/contact", { ...visitor(), form_token: await tokenOf("/hi/contact") });
    const reference = referenceOf(sent) ?? "";
    const page = await (await asStaff(staffPaths.inquiry(reference))).text();
    expect(page).toContain("<dt>Language</dt><dd>Hindi</dd>");
    // The CSV is a post of the list's form, so that no link or another site's page can start a download.
    const exported = await postForm(staffPaths.export, { sort: "newest" });
    const csv = await exported.text();
    const [header = [], ...rows] = csvRows(csv);
    const row = rows.find((cells) => cells[0] === reference) ?? [];
    expect(row[header.indexOf("Language")]).toBe("Hindi");
  });
});

describe("the quote request on its Hindi page", () => {
  const page = "/hi/quote?service=cake";

  test("a mistake is said in Hindi beside its field; a good request is kept in English, acknowledged in Hindi", async () => {
    const request = cakeRequest(await tokenOf(page));
    const refused = await post(
      page,
      request.map(([name, value]) => [name, name === "pin_code" ? "1234" : value]),
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(field(html, "quote-pin_code")).toEqual({
      error: `${hindi.contactForm.error} ${hindi.quoteForm.pinCodeProblem}`,
      value: "1234",
    });
    expect(html).toContain(
      `<option value="duplex-board" selected="">${hindi.quoteForm.boards["duplex-board"]}</option>`,
    );

    const sent = await post(page, request);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toMatch(/^\/hi\/quote\?sent=ENQ-/);
    const reference = referenceOf(sent) ?? "";
    const kept = await readRow<{ language: string; msg_subject: string; quote: string }>(
      store.location,
      "SELECT language, msg_subject, quote FROM inquiries WHERE reference = ?",
      [reference],
    );
    expect(kept?.language).toBe("hi");
    expect(kept?.msg_subject).toBe("Quote request: Cake Box");
    expect(JSON.parse(kept?.quote ?? "{}").specification).toContainEqual(["Board or material", "Duplex board"]);

    const mails = await waitForMailsOf(reference);
    const acknowledgement = mails.find((mail) => !mail.envelope.to.includes(COMPANY));
    const company = mails.find((mail) => mail.envelope.to.includes(COMPANY));
    expect(acknowledgement?.header("subject")).toBe(hindi.acknowledgement.quoteSubject(reference));
    expect(acknowledgement?.text).toContain("मात्रा: 1,000।");
    expect(company?.text).toContain("Board or material: Duplex board");
  });
});

test("no script an English page loads carries the forms' Hindi words", async () => {
  const assets = path.join(inject("siteBuildDir"), "client", "assets");
  const scripts = (await readdir(assets)).filter((file) => file.endsWith(".js"));
  const words = [
    hindi.contactForm.problems.email,
    hindi.contactForm.submit,
    hindi.quoteForm.pinCodeProblem,
    hindi.quoteForm.boards["duplex-board"],
    hindi.artwork.label,
  ];
  for (const script of scripts) {
    const text = await readFile(path.join(assets, script), "utf8");
    for (const word of words) expect(text.includes(word), `${word} in ${script}`).toBe(false);
  }
});

/** The two mails of one inquiry, once both have arrived. */
function waitForMailsOf(reference: string) {
  return eventually(() => {
    const mails = smtp.mails.filter((mail) => mail.header("x-inquiry-reference") === reference);
    expect(mails).toHaveLength(2);
    return mails;
  });
}

/** A CSV's rows as cells. */
const csvRows = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((cell) => (cell[1] ?? "").replaceAll('""', '"')));
