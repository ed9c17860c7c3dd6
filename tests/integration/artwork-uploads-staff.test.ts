import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import {
  asStaff,
  cdr,
  pdf,
  png,
  sendQuote,
  sha256,
  site,
  startArtworkSites,
  storedNames,
  tableRowOf,
  uploadFile,
  uploadRow,
} from "./support/artwork-sites.ts";
import { formToken, staffSession } from "./support/quote-posts.ts";

startArtworkSites("site");

describe("staff and the files", () => {
  let cookie: string;
  let withDrawing: { reference: string; drawing: string; photo: string };
  let other: { reference: string; file: string; marker: string };

  beforeAll(async () => {
    cookie = await staffSession(site);
    const token = await formToken(site);
    const drawing = await uploadFile(site, token, "lid-logo.cdr", cdr);
    const photo = await uploadFile(site, token, "cake-photo.png", png);
    withDrawing = { reference: await sendQuote(site, token, [drawing, photo]), drawing, photo };
    const marker = randomBytes(12).toString("hex");
    const otherToken = await formToken(site);
    const file = await uploadFile(site, otherToken, "other-buyer.pdf", pdf(marker));
    other = { reference: await sendQuote(site, otherToken, [file]), file, marker };
  });

  const fileAddress = (reference: string, id: string) => `/inbox/${reference}/files/${id}`;

  test("without a session, a file's address answers the sign-in redirect and none of its bytes", async () => {
    for (const given of [undefined, `staff-session=${"A".repeat(43)}`]) {
      const answer = await asStaff(site, fileAddress(withDrawing.reference, withDrawing.drawing), given);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe("/inbox/sign-in");
      expect((await answer.arrayBuffer()).byteLength).toBe(0);
    }
  });

  test("signed in, a file downloads as sent: an attachment under its name, never sniffed or cached", async () => {
    const answer = await asStaff(site, fileAddress(withDrawing.reference, withDrawing.drawing), cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="?lid-logo\.cdr"?$/);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(sha256(new Uint8Array(await answer.arrayBuffer()))).toBe(sha256(cdr));
    // The inquiry's history keeps who took a copy: its kind and size, not its name.
    const history = await (await asStaff(site, `/inbox/${withDrawing.reference}`, cookie)).text();
    expect(history.replaceAll("<!-- -->", "")).toMatch(/downloaded a file: CorelDRAW, \d+ KB/);
  });

  test("the inquiry's page lists each file with its kind and SHA-256, linking to its download", async () => {
    const html = await (await asStaff(site, `/inbox/${withDrawing.reference}`, cookie)).text();
    for (const [name, kind, bytes, id] of [
      ["lid-logo.cdr", "CorelDRAW", cdr, withDrawing.drawing],
      ["cake-photo.png", "PNG", png, withDrawing.photo],
    ] as const) {
      const row = tableRowOf(html, name);
      expect(row, name).toContain(`href="${fileAddress(withDrawing.reference, id)}"`);
      expect(row, name).toContain(`<td>${kind}</td>`);
      expect(row, name).toContain(sha256(bytes));
    }
  });

  test("a file of another inquiry, or no file, is not found under this reference", async () => {
    for (const id of [other.file, randomBytes(16).toString("hex"), "not-a-file"]) {
      const answer = await asStaff(site, fileAddress(withDrawing.reference, id), cookie);
      expect(answer.status, id).toBe(404);
      expect(await answer.text(), id).not.toContain(other.marker);
    }
    // At its own inquiry's address it is there.
    expect((await asStaff(site, fileAddress(other.reference, other.file), cookie)).status).toBe(200);
  });

  test("erasing a person deletes their files from storage at once; another person's stay", async () => {
    const token = await formToken(site);
    const gone = [await uploadFile(site, token, "erase-me.pdf", pdf()), await uploadFile(site, token, "me.png", png)];
    const reference = await sendQuote(site, token, gone);
    const erased = await asStaff(site, `/inbox/${reference}/erase`, cookie, { method: "POST" });
    expect(erased.status).toBe(303);

    const stored = await storedNames(site);
    for (const id of gone) {
      expect(stored, id).not.toContain(id);
      expect(stored, id).not.toContain(`${id}.json`);
      expect(await uploadRow(site, id), id).toBeUndefined();
    }
    expect(stored).toEqual(expect.arrayContaining([other.file, `${other.file}.json`]));
  });
});
