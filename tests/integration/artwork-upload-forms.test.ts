import { describe, expect, test } from "vitest";
import { artworkText } from "../../app/site/content/artwork.ts";
import {
  addressOf,
  cdr,
  createUpload,
  filesOfInquiry,
  idIn,
  idOfName,
  MB,
  patch,
  pdf,
  program,
  sendQuote,
  sha256,
  site,
  startArtworkSites,
  storedFile,
  storedNames,
  tus,
  uploadRow,
} from "./support/artwork-sites.ts";
import { readRow, referenceOf } from "./support/contact-form.ts";
import { client, formToken, postMultipart, postQuote, withFiles } from "./support/quote-posts.ts";
import { cakeRequest } from "./support/quote-request.ts";

startArtworkSites("site");

describe("what an upload's address gives away", () => {
  test("a file uploaded with one form is not sent with another: its id alone attaches nothing and shows nothing", async () => {
    const mine = await formToken(site);
    const theirs = await formToken(site);
    const headers = client();
    const created = await createUpload(
      site.url,
      { token: mine, name: "private-plan.pdf", length: pdf().length },
      headers,
    );
    const address = addressOf(site.url, created);
    expect((await patch(address, 0, pdf(), headers)).status).toBe(204);

    // Another form carrying the id: refused as a file no longer here, its name and size nowhere on the page.
    const answer = await postQuote(site, cakeRequest(theirs, [idIn(address)]), headers);
    expect(answer.status).toBe(400);
    const page = await answer.text();
    expect(page).not.toContain("private-plan.pdf");
    expect((await uploadRow(site, idIn(address)))?.inquiry_id).toBeNull();

    // Its own form sends it.
    const reference = await sendQuote(site, mine, [idIn(address)]);
    expect((await filesOfInquiry(site, reference)).map((file) => file.name)).toEqual(["private-plan.pdf"]);
  });

  test("the upload address answers no other site's page: no Access-Control-Allow-Origin", async () => {
    const headers = client();
    const token = await formToken(site);
    const address = addressOf(site.url, await createUpload(site.url, { token, name: "cors.pdf", length: 10 }, headers));
    const elsewhere = { ...headers, Origin: "https://elsewhere.example" };
    const head = await fetch(address, { method: "HEAD", headers: { ...tus, ...elsewhere } });
    expect(head.status).toBe(200);
    expect(head.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await fetch(address, {
      method: "OPTIONS",
      headers: { ...elsewhere, "Access-Control-Request-Method": "PATCH" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("the form sent without a script (one multipart post)", () => {
  test("its fields and two files make one inquiry, the files attached as sent, however far past a form's size", async () => {
    // Far larger than any form without files may be: the post's size is its files'.
    const box = Buffer.concat([pdf(), Buffer.alloc(2 * MB, 0x20)]);
    const fields = cakeRequest(await formToken(site));
    const files = [
      { name: "box-outside.pdf", bytes: box },
      { name: "logo.cdr", bytes: cdr },
    ];
    const response = await postMultipart(site, withFiles(fields, files), client());
    expect(response.status).toBe(303);
    const reference = referenceOf(response);
    expect(response.headers.get("location")).toBe(`/quote?sent=${reference}`);

    const attached = await filesOfInquiry(site, reference ?? "");
    expect(attached.map(({ name, kind, sha256 }) => ({ name, kind, sha256 }))).toEqual([
      { name: "box-outside.pdf", kind: "pdf", sha256: sha256(box) },
      { name: "logo.cdr", kind: "cdr", sha256: sha256(cdr) },
    ]);
    for (const { id, sha256: hash } of attached) expect(sha256(await storedFile(site, id))).toBe(hash);
  });

  test("a program among the files: 415, the form again naming it, the good file kept for the next send", async () => {
    const fields = cakeRequest(await formToken(site));
    const files = [
      { name: "sleeve-art.pdf", bytes: pdf() },
      { name: "setup.pdf", bytes: program() },
    ];
    const response = await postMultipart(site, withFiles(fields, files), client());
    expect(response.status).toBe(415);
    const html = await response.text();
    expect(html).toContain(artworkText.wrongKind("setup.pdf"));
    // What was typed comes back too.
    expect(html).toContain(`value="${fields.find(([name]) => name === "name")?.[1]}"`);

    const kept = await idOfName(site, "sleeve-art.pdf");
    const refused = await idOfName(site, "setup.pdf");
    expect(/name="uploads" value="([^"]*)"/.exec(html)?.[1]).toBe(kept);
    const stored = await storedNames(site);
    expect(stored).toContain(kept);
    expect(stored.filter((name) => name.startsWith(refused ?? "none"))).toEqual([]);

    // Sent again as the page holds it, the kept file goes with the inquiry.
    const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const again = await postQuote(site, cakeRequest(token, [kept ?? ""]), client());
    expect(again.status).toBe(303);
    expect((await filesOfInquiry(site, referenceOf(again) ?? "")).map((file) => file.name)).toEqual(["sleeve-art.pdf"]);
  });

  test("a post whose form token comes after its file is refused, and nothing of it is stored", async () => {
    const before = await storedNames(site);
    const fields = cakeRequest(await formToken(site));
    const email = fields.find(([name]) => name === "email")?.[1] ?? "";
    const response = await postMultipart(site, [["artwork", { name: "early.pdf", bytes: pdf() }], ...fields], client());
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(artworkText.reload);

    expect(await idOfName(site, "early.pdf")).toBeUndefined();
    expect(await readRow(site.store, "SELECT id FROM inquiries WHERE email = ?", [email])).toBeUndefined();
    expect(await storedNames(site)).toEqual(before);
  });
});
