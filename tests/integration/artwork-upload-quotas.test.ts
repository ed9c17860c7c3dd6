import { describe, expect, test } from "vitest";
import { artworkText } from "../../app/site/content/artwork.ts";
import {
  addressOf,
  createUpload,
  heldBy,
  idIn,
  MB,
  nearlyFull,
  patch,
  pdf,
  pieceAnnounced,
  startArtworkSites,
  strict,
} from "./support/artwork-sites.ts";
import { eventually } from "./support/contact-form.ts";
import { formToken } from "./support/quote-posts.ts";

startArtworkSites("strict", "nearlyFull");

describe("how much may be uploaded", () => {
  test("a client's unsent files stop at UPLOAD_CLIENT_QUOTA_MB (429), whatever X-Forwarded-For it forges", async () => {
    // This server trusts no proxy: the header is anyone's to write, and says nothing of who sends.
    const token = await formToken(strict);
    const kb = 1024;
    expect((await createUpload(strict.url, { token, name: "first.pdf", length: 700 * kb })).status).toBe(201);
    for (const forged of ["203.0.113.7", "203.0.113.8", "2001:db8::1"]) {
      const answer = await createUpload(
        strict.url,
        { token: await formToken(strict), name: "second.pdf", length: 700 * kb },
        { "X-Forwarded-For": forged },
      );
      expect(answer.status, forged).toBe(429);
      expect(await answer.text(), forged).toBe(artworkText.clientQuota);
    }
    // What still fits under the quota is taken.
    expect((await createUpload(strict.url, { token, name: "third.pdf", length: 300 * kb })).status).toBe(201);
  });

  test("lengths declared and never sent take no room: 11 creations of 100 MB leave a 1 GB store open to a real upload", async () => {
    // Before, each declared length counted from its creation: the eleventh was refused, and so was everyone after.
    const token = await formToken(nearlyFull);
    const answers: number[] = [];
    for (let n = 0; n < 11; n++) {
      answers.push(
        (await createUpload(nearlyFull.url, { token: await formToken(nearlyFull), length: 100 * MB })).status,
      );
    }
    expect(answers).toEqual(Array(11).fill(201));
    const bytes = pdf();
    const address = addressOf(
      nearlyFull.url,
      await createUpload(nearlyFull.url, { token, name: "real.pdf", length: bytes.length }),
    );
    expect((await patch(address, 0, bytes)).status).toBe(204);
  });

  test("all files together stop at UPLOAD_QUOTA_GB (507) when a piece would pass it; a piece cut off gives its room back", async () => {
    const token = await formToken(nearlyFull);
    const first = addressOf(
      nearlyFull.url,
      await createUpload(nearlyFull.url, { token, name: "film-1.tif", length: 600 * MB }),
    );
    const second = addressOf(
      nearlyFull.url,
      await createUpload(nearlyFull.url, { token, name: "film-2.tif", length: 600 * MB }),
    );
    // The first's piece announces all 600 MB: that much is held while it arrives.
    const sending = await pieceAnnounced(first, 600 * MB);
    await eventually(async () => expect(await heldBy(nearlyFull, idIn(first))).toBe(600 * MB));
    const refused = await pieceAnnounced(second, 600 * MB);
    expect(await refused.answer).toEqual({ status: 507, body: artworkText.storageFull });
    refused.socket.destroy();

    sending.socket.destroy();
    // Cut off: the first holds what arrived and an open upload's allowance, no more.
    await eventually(async () => expect(await heldBy(nearlyFull, idIn(first))).toBeLessThanOrEqual(2 * MB));
    const again = await pieceAnnounced(second, 600 * MB);
    await eventually(async () => expect(await heldBy(nearlyFull, idIn(second))).toBe(600 * MB));
    again.socket.destroy();
  });
});
