import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, inject, test } from "vitest";
import { createInquiryStore } from "../../app/server/contact/inquiries.server.ts";
import { inquiryDetails } from "../../app/server/contact/submission.server.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { startSite } from "../support/start-site.ts";
import { newTestStoreLocation } from "../support/test-store.ts";
import { goodFields, readDatabase } from "./support/contact-form.ts";

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

test("the server deletes inquiries past INQUIRY_RETENTION_DAYS and spam past 30 days by itself, soon after start", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "retention-"));
  const place = await newTestStoreLocation("retention");
  try {
    const db = await openStore(place.location);
    const store = createInquiryStore(db);
    const old = goodFields({ name: "Old Customer", email: "old.customer@example.in" });
    await store.save(inquiryDetails(old), { now: daysAgo(91) });
    const kept = (await store.save(inquiryDetails(goodFields()), { now: daysAgo(89) })).reference;
    await store.save(inquiryDetails(goodFields({ name: "Old Spam" })), {
      now: daysAgo(31),
      spamReason: "Sent too fast",
    });
    const recentSpam = (
      await store.save(inquiryDetails(goodFields()), { now: daysAgo(2), spamReason: "Sent too fast" })
    ).reference;
    await db.close();

    const server = await startSite({
      buildDir: inject("siteBuildDir"),
      dataDir,
      env: { ...place.env, INQUIRY_RETENTION_DAYS: "90" },
    });
    try {
      const line = await server.waitForLog(/Retention: deleted/, 15_000);
      expect(line).toBe("Retention: deleted 1 inquiry older than 90 days and 1 spam inquiry older than 30 days.");
      const { inquiries, outbox } = await readDatabase(place.location);
      expect(inquiries.map((row) => row.reference)).toEqual([kept, recentSpam]);
      // The kept inquiry's two mails; spam owes none.
      expect(outbox.map((row) => row.inquiry_id)).toEqual([2, 2]);
      expect(server.logs.join("\n")).not.toContain("Old Customer");
    } finally {
      await server.stop();
    }
  } finally {
    await place.remove();
    await rm(dataDir, { recursive: true, force: true });
  }
});
