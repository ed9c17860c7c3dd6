import { beforeAll, describe, expect, test } from "vitest";
import { contactBodyLimitBytes } from "../../app/server/contact/contact-spec.ts";
import { EDITOR_FORM_LIMIT_BYTES } from "../../app/server/content/items.ts";
import { decodeEntities } from "../support/html-text.ts";
import { formFields, openEditor, publish, save } from "./support/site-editor.ts";
import { account, ask, cleanUpStaffSites, type Site, session, site } from "./support/staff-sites.ts";

// The company translating its site in the editor: each text's Hindi beside
// it, checked as the English is, counted until none is left; a page in Hindi
// once its texts are published, previewed before that with the drafts.

cleanUpStaffSites();

let server: Site;
let owner: string;

beforeAll(async () => {
  server = await site();
  owner = await session(server, await account(server));
});

/** A page's text as read: entities decoded, and without the marks React puts between adjacent texts. */
const text = async (path: string, cookie = "") =>
  decodeEntities((await (await ask(server, path, {}, { Cookie: cookie })).text()).replaceAll("<!-- -->", ""));

/** The Hindi a translator types: Devanagari, line for line as long as the English it translates. */
const inHindi = (english: string) =>
  english
    .split("\n")
    .map((line) => (line.trim() === "" ? "" : "अनुवाद ".repeat(Math.max(1, Math.floor(line.length / 7))).trim()))
    .join("\n");

/** A form with every Hindi field left empty (its English written) filled in, as a translator would. */
function translated(fields: Record<string, string>): Record<string, string> {
  const filled = { ...fields };
  for (const [name, value] of Object.entries(fields)) {
    const english = fields[name.replace(/_hi$/, "")] ?? "";
    if (name.endsWith("_hi") && value === "" && english !== "") filled[name] = inHindi(english);
  }
  return filled;
}

/** The tag of the control of this name in a page. */
const controlNamed = (page: string, name: string) =>
  new RegExp(`<(input|textarea)[^>]* name="${name.replaceAll(".", "\\.")}"[^>]*>`).exec(page)?.[0];

const hindiAlternate = /<link rel="alternate" hrefLang="hi-IN" href="[^"]*\/hi\/term"/i;

describe("translating the terms", () => {
  test("a Hindi heading too long is refused beside it, in its own words, and everything typed is kept", async () => {
    const opened = await openEditor(server, owner, "terms");
    const typed = {
      ...opened,
      "sections.0.heading_hi": "श".repeat(101),
      "sections.0.body_hi": "कोटेशन 30 दिन तक मान्य है।",
      "sections.1.heading": "Kept as typed",
    };
    const refused = await save(server, owner, typed, "terms");
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toMatch(/id="item-sections-0-heading_hi-error"[^>]*>This is too long for where it is shown\./);
    expect(page).toContain('href="#item-sections-0-heading_hi">Heading in Hindi: This is too long');
    expect(page).not.toContain("item-sections-0-heading-error");
    const kept = formFields(page);
    expect(kept["sections.0.heading_hi"]).toBe(typed["sections.0.heading_hi"]);
    expect(kept["sections.0.body_hi"]).toBe(typed["sections.0.body_hi"]);
    expect(kept["sections.1.heading"]).toBe("Kept as typed");
    expect((await openEditor(server, owner, "terms"))["sections.1.heading"]).toBe(opened["sections.1.heading"]);
  });

  test("an owner saves the Hindi of the terms: the editor counts down, the preview has the Hindi page, and once published /hi/term exists and /term names it", async () => {
    // The site's files translate every page but the legal ones: the terms wait, and have no Hindi address.
    expect(await text("/inbox/site", owner)).toMatch(/<a href="\/hi\/contact">Contact page<\/a>/);
    expect(await text("/term")).not.toMatch(hindiAlternate);
    expect((await ask(server, "/hi/term")).status).toBe(404);

    const editor = await text("/inbox/site/terms", owner);
    const opened = formFields(editor);
    const english = Object.keys(opened).filter((name) => /^sections\.\d+\.(heading|body)$/.test(name));
    expect(english.length).toBeGreaterThan(2);
    expect(editor).toContain(`${english.length} texts are not yet in Hindi.`);
    expect(controlNamed(editor, "sections.0.heading_hi")).toMatch(/^<input[^>]* lang="hi"/);
    expect(controlNamed(editor, "sections.0.body_hi")).toMatch(/^<textarea[^>]* lang="hi"/);
    expect(editor).toContain('<label for="item-sections-0-heading_hi">Heading in Hindi</label>');
    expect(await text("/inbox/site", owner)).toMatch(/Terms and conditions: <a [^>]*>\d+ texts to translate/);

    const hindi = { ...translated(opened), "sections.0.heading_hi": "कोटेशन और ऑर्डर" };
    expect((await save(server, owner, hindi, "terms")).status).toBe(303);
    expect(await text("/inbox/site/terms", owner)).toContain("Every text here is in Hindi too.");
    // Visitors see nothing of it yet; the preview has the page in Hindi, its links kept inside the preview.
    expect(await text("/term")).not.toMatch(hindiAlternate);
    expect((await ask(server, "/hi/term")).status).toBe(404);
    const preview = await text("/inbox/site/preview/term", owner);
    expect(preview).toContain('href="/inbox/site/preview/hi/term"');
    const previewInHindi = await ask(server, "/inbox/site/preview/hi/term", {}, { Cookie: owner });
    expect(previewInHindi.status).toBe(200);
    const previewed = await previewInHindi.text();
    expect(previewed).toMatch(/<html lang="hi"/);
    expect(previewed).toContain("<h2>कोटेशन और ऑर्डर</h2>");
    expect(previewed).toContain('href="/inbox/site/preview/term"');

    expect((await publish(server, owner, "terms")).status).toBe(303);
    const terms = await text("/term");
    expect(terms).toMatch(hindiAlternate);
    const inHindiNow = await ask(server, "/hi/term");
    expect(inHindiNow.status).toBe(200);
    const hindiTerms = await inHindiNow.text();
    expect(hindiTerms).toMatch(/<html lang="hi"/);
    expect(hindiTerms).toContain("<h2>कोटेशन और ऑर्डर</h2>");
    expect(hindiTerms).toMatch(/<link rel="alternate" hrefLang="en-IN" href="[^"]*\/term"/);
    expect(await text("/inbox/site", owner)).toMatch(/<a href="\/hi\/term">Terms and conditions<\/a>/);
    const history = await text("/inbox/site/terms/history", owner);
    expect(history).toContain("कोटेशन और ऑर्डर");
    // The field named as staff know it, not by its key.
    expect(history).toContain("heading (Hindi)");
    expect(history).not.toContain("heading_hi");
  });
});

describe("the services' catalogue in Hindi", () => {
  test("every text of every service translated, a description at its longest: the catalogue's form, larger than any visitor's, is saved whole", async () => {
    const catalog = await openEditor(server, owner, "services");
    // Devanagari is 9 bytes a character in a posted form: this one alone is 13.5 KB, and the whole is more than any
    // visitor's form may be.
    const whole: Record<string, string> = {
      ...translated(catalog),
      "services.1.description_hi": "क".repeat(1500),
    };
    expect(new URLSearchParams(whole).toString().length).toBeGreaterThan(contactBodyLimitBytes);
    const english = (name: string) => catalog[name.replace(/_hi$/, "")] ?? "";
    expect(Object.keys(whole).filter((name) => name.endsWith("_hi") && !whole[name] && english(name))).toEqual([]);
    const saved = await save(server, owner, whole, "services");
    expect(saved.status).toBe(303);
    expect(await text("/inbox/site/services", owner)).toContain("Every text here is in Hindi too.");
  });

  test("a form larger than the largest editor's is refused, its length told or not, and changes nothing; without a session it is not read", async () => {
    const before = (await openEditor(server, owner, "terms"))["sections.0.heading_hi"];
    // Devanagari, 9 bytes a character once encoded, past the limit.
    const body = `intent=save&basedOn=1&sections.0.heading_hi=${"%E0%A4%95".repeat(Math.ceil(EDITOR_FORM_LIMIT_BYTES / 9) + 100)}`;
    const headers = { Cookie: owner, "Content-Type": "application/x-www-form-urlencoded" };
    // A stream is sent in chunks, with no Content-Length to refuse it by.
    const chunked = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body));
          controller.close();
        },
      });
    for (const sent of [{ body }, { body: chunked(), duplex: "half" }] as RequestInit[]) {
      const answer = await ask(server, "/inbox/site/terms", { method: "POST", ...sent }, headers);
      expect(answer.status).toBe(400);
      // Refused unread, not read whole and refused field by field.
      expect(await answer.text()).not.toContain("sections-0-heading_hi-error");
    }
    expect((await openEditor(server, owner, "terms"))["sections.0.heading_hi"]).toBe(before);

    const stranger = await ask(
      server,
      "/inbox/site/terms",
      { method: "POST", body: chunked(), duplex: "half" } as RequestInit,
      {
        "Content-Type": "application/x-www-form-urlencoded",
      },
    );
    expect(stranger.status).toBe(303);
    expect(stranger.headers.get("location")).toMatch(/^\/inbox\/sign-in/);
  });
});
