import { randomBytes } from "node:crypto";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { artworkText } from "../../app/site/content/artwork.ts";
import { pageText } from "../../app/site/content/pages.ts";
import {
  addressOf,
  countingProxy,
  createUpload,
  idIn,
  idOfName,
  MB,
  patch,
  pdf,
  program,
  sendQuote,
  sendThenLoseConnection,
  sha256,
  site,
  startArtworkSites,
  storedFile,
  storedNames,
  strict,
  tus,
  uploadFile,
  uploadRow,
} from "./support/artwork-sites.ts";
import { eventually } from "./support/contact-form.ts";
import { formToken } from "./support/quote-posts.ts";

startArtworkSites("site", "strict");

describe("resumable uploads (tus)", () => {
  test("an upload cut off halfway carries on from where it stopped: the first half is not sent again", async () => {
    const file = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(4 * MB), Buffer.from("\n%%EOF\n")]);
    const half = Math.floor(file.length / 2);
    const proxy = await countingProxy(site.url);
    try {
      const token = await formToken(site);
      const created = await createUpload(proxy.url, { token, name: "carton-dieline.pdf", length: file.length });
      const address = addressOf(proxy.url, created);
      const id = idIn(address);
      await sendThenLoseConnection(
        address,
        file.length,
        file.subarray(0, half),
        path.join(site.dataDir, "artwork", id),
      );

      // Back online, the client asks how much arrived and sends only the rest.
      const head = await fetch(address, { method: "HEAD", headers: tus });
      expect(head.status).toBe(200);
      expect(Number(head.headers.get("upload-offset"))).toBe(half);
      const rest = await patch(address, half, file.subarray(half));
      expect(rest.status).toBe(204);
      expect(Number(rest.headers.get("upload-offset"))).toBe(file.length);

      expect(proxy.sentBytes()).toBeGreaterThan(file.length);
      expect(proxy.sentBytes()).toBeLessThan(1.1 * file.length);
      expect(await uploadRow(site, id)).toMatchObject({ size: file.length, kind: "pdf", sha256: sha256(file) });
      expect(sha256(await storedFile(site, id))).toBe(sha256(file));
    } finally {
      await proxy.close();
    }
  });

  test("an upload cancelled by its page (DELETE) is deleted at once, bytes and record", async () => {
    const token = await formToken(site);
    const bytes = pdf();
    const address = addressOf(site.url, await createUpload(site.url, { token, name: "wrong-file.pdf", length: 4096 }));
    const id = idIn(address);
    expect((await patch(address, 0, bytes)).status).toBe(204);
    expect(await storedNames(site)).toContain(id);

    expect((await fetch(address, { method: "DELETE", headers: tus })).status).toBe(204);
    expect((await storedNames(site)).filter((name) => name.startsWith(id))).toEqual([]);
    await eventually(async () => expect(await uploadRow(site, id)).toBeUndefined());
  });
});

describe("uploads refused", () => {
  test("a program named .pdf is refused by name once its bytes arrive, and its bytes are deleted", async () => {
    const token = await formToken(site);
    const bytes = program();
    const address = addressOf(
      site.url,
      await createUpload(site.url, { token, name: "invoice.pdf", length: bytes.length }),
    );
    const id = idIn(address);
    const answer = await patch(address, 0, bytes);
    expect(answer.status).toBe(415);
    expect(await answer.text()).toBe(artworkText.wrongKind("invoice.pdf"));
    expect((await storedNames(site)).filter((name) => name.startsWith(id))).toEqual([]);
    expect((await uploadRow(site, id))?.discarded_at).not.toBeNull();
    // Refused is closed: nothing more is taken at its address.
    expect((await fetch(address, { method: "HEAD", headers: tus })).status).toBe(404);
  });

  test("an eleventh file for one form is refused with 413; another form may send its own", async () => {
    const token = await formToken(site);
    for (let file = 1; file <= 10; file++) {
      const created = await createUpload(site.url, { token, name: `panel-${file}.pdf`, length: 1000 });
      expect(created.status, `file ${file}`).toBe(201);
    }
    const eleventh = await createUpload(site.url, { token, name: "panel-11.pdf", length: 1000 });
    expect(eleventh.status).toBe(413);
    expect(await eleventh.text()).toBe(artworkText.tooMany(10));
    expect(await idOfName(site, "panel-11.pdf")).toBeUndefined();

    const otherForm = await createUpload(site.url, {
      token: await formToken(site),
      name: "panel-11.pdf",
      length: 1000,
    });
    expect(otherForm.status).toBe(201);
  });

  test("a file declared larger than UPLOAD_MAX_FILE_MB is refused with 413 before any of it is sent", async () => {
    const token = await formToken(strict);
    const answer = await createUpload(strict.url, { token, name: "poster-huge.pdf", length: MB + 1 });
    expect(answer.status).toBe(413);
    expect(await answer.text()).toContain("“poster-huge.pdf” is larger than 1.0 MB");
    expect(await idOfName(strict, "poster-huge.pdf")).toBeUndefined();
    expect(await storedNames(strict)).toEqual([]);
  });

  test("without the quote page's form token, or with a forged one, nothing is created: 403", async () => {
    const token = await formToken(site);
    const [time, nonce, signature = ""] = token.split(".");
    const forged = `${time}.${nonce}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    for (const [what, given] of [
      ["no token", undefined],
      ["a forged token", forged],
      ["not a token", "hello"],
    ] as const) {
      const answer = await createUpload(site.url, { token: given, name: "no-token.pdf", length: 1000 });
      expect(answer.status, what).toBe(403);
      expect(await answer.text(), what).toBe(artworkText.reload);
    }
    expect(await idOfName(site, "no-token.pdf")).toBeUndefined();
  });

  test("an upload whose length is deferred is refused with 400: every limit needs the size first", async () => {
    const answer = await createUpload(site.url, {
      token: await formToken(site),
      name: "stream.pdf",
      length: "deferred",
    });
    expect(answer.status).toBe(400);
    expect(await idOfName(site, "stream.pdf")).toBeUndefined();
  });

  test("an upload's address is never a download: GET answers the site's 404 page, without the file's bytes", async () => {
    const token = await formToken(site);
    const marker = randomBytes(12).toString("hex");
    const id = await uploadFile(site, token, "label.pdf", pdf(marker));
    for (const pathname of [`/quote/uploads/${id}`, "/quote/uploads"]) {
      const answer = await fetch(`${site.url}${pathname}`);
      expect(answer.status, pathname).toBe(404);
      expect(answer.headers.get("content-type"), pathname).toMatch(/^text\/html/);
      const html = await answer.text();
      expect(html, pathname).toContain(pageText.notFound.heading);
      expect(html, pathname).not.toContain(marker);
    }
  });

  test("an upload sent with a request is closed: PATCH, HEAD and DELETE at its address answer 404", async () => {
    const token = await formToken(site);
    const bytes = pdf();
    const id = await uploadFile(site, token, "sent-already.pdf", bytes);
    await sendQuote(site, token, [id]);
    const address = `${site.url}/quote/uploads/${id}`;

    const more = await patch(address, bytes.length, Buffer.from("more bytes"));
    expect(more.status).toBe(404);
    expect(await more.text()).toBe(artworkText.gone);
    expect((await patch(address, 0, program())).status).toBe(404);
    expect((await fetch(address, { method: "HEAD", headers: tus })).status).toBe(404);
    expect((await fetch(address, { method: "DELETE", headers: tus })).status).toBe(404);

    // Still the inquiry's, as it was sent.
    expect((await uploadRow(site, id))?.inquiry_id).not.toBeNull();
    expect(sha256(await storedFile(site, id))).toBe(sha256(bytes));
  });
});
