import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { createInquiryStore } from "../../app/server/contact/inquiries.server.ts";
import { inquiryDetails } from "../../app/server/contact/submission.server.ts";
import { createArtwork } from "../../app/server/uploads/artwork.server.ts";
import { openFileStorage } from "../../app/server/uploads/file-storage.server.ts";
import { artworkText } from "../../app/site/content/artwork.ts";
import { openTestStore } from "../support/test-store.ts";
import { limitsFor, pdf, receive, retention, startArtworkSites, storedNames } from "./support/artwork-sites.ts";
import { eventually, goodFields } from "./support/contact-form.ts";

startArtworkSites("retention");

describe("clean-up", () => {
  test("an inquiry past INQUIRY_RETENTION_DAYS takes its file with it; one within keeps its own", async () => {
    await retention.server.waitForLog(/Retention: deleted 1 inquiry/, 15_000);
    await eventually(async () => {
      const stored = await storedNames(retention);
      expect(stored).not.toContain(retention.expiredFile);
      expect(stored).not.toContain(`${retention.expiredFile}.json`);
    });
    expect(await storedNames(retention)).toEqual(
      expect.arrayContaining([retention.keptFile, `${retention.keptFile}.json`]),
    );
  });

  test("the sweep deletes uploads unsent for a day and keeps fresh ones and those sent with a request", async () => {
    const db = await openTestStore("artwork-sweep");
    const folder = await mkdtemp(path.join(tmpdir(), "artwork-sweep-"));
    try {
      let clock = Date.now() - 25 * 60 * 60 * 1000;
      const storage = await openFileStorage({ folder: path.join(folder, "artwork") });
      const artwork = createArtwork({ db, storage, limits: limitsFor(folder), words: artworkText, now: () => clock });
      const stale = await receive(artwork, storage, "abandoned.pdf", pdf());
      const sent = await receive(artwork, storage, "sent.pdf", pdf());
      await createInquiryStore(db).save({ ...inquiryDetails(goodFields()), files: [sent] });
      clock = Date.now();
      const fresh = await receive(artwork, storage, "fresh.pdf", pdf());
      const inFolder = () => readdir(path.join(folder, "artwork"));

      expect(await artwork.sweep()).toBe(1);
      expect(await inFolder()).not.toContain(stale);
      expect(await inFolder()).not.toContain(`${stale}.json`);
      expect(await inFolder()).toEqual(expect.arrayContaining([fresh, `${fresh}.json`, sent, `${sent}.json`]));

      // A day on, the fresh one is stale too; the one sent with a request is the inquiry's to keep.
      clock += 25 * 60 * 60 * 1000;
      expect(await artwork.sweep()).toBe(1);
      expect((await inFolder()).sort()).toEqual([sent, `${sent}.json`].sort());
    } finally {
      await db.remove();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
