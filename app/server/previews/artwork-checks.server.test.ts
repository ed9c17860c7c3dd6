import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  checkRows,
  claimer,
  database,
  image,
  inquiryWithFiles,
  LEASE_MS,
  outcome,
  queued,
  quoteFormText,
  removeStoresAfterEach,
  requestWords,
  T0,
} from "../../../tests/support/artwork-check-store.ts";
import type { QuoteParticulars } from "../contact/quote-spec.ts";
import { createArtworkChecks, forgetChecks, queueChecks } from "./artwork-checks.server.ts";
import type { CheckOutcome } from "./report.ts";

removeStoresAfterEach();

describe("the queue", () => {
  test("queueChecks adds one pending check for each file of the inquiry, and none for a discarded file", async () => {
    const db = await database();
    const other = await inquiryWithFiles(db, ["pdf"]);
    const inquiry = await inquiryWithFiles(db, ["svg", "pdf", "png", "zip"], { discarded: 1 });
    await db.transaction((tx) => queueChecks(tx, inquiry.id, T0));

    const expected = inquiry.files
      .slice(1)
      .map((uploadId) => ({ uploadId, state: "pending", attempts: 0, nextAttemptAt: T0 }))
      .sort((a, b) => a.uploadId.localeCompare(b.uploadId));
    expect(await checkRows(db)).toEqual(expected);
    expect((await checkRows(db)).map((row) => row.uploadId)).not.toContain(other.files[0]);
    const payloads = await db.all<{ payload: string }>("SELECT payload FROM jobs ORDER BY once_key");
    expect(payloads.map((row) => JSON.parse(row.payload))).toEqual(
      expected.map(({ uploadId }) => ({ uploadId, reference: inquiry.reference })),
    );
  });

  test("a check is queued once for a file, however often its inquiry's checks are queued", async () => {
    const db = await database();
    const inquiry = await queued(db, ["pdf"]);
    await db.run("DELETE FROM artwork_checks");
    await db.transaction((tx) => queueChecks(tx, inquiry.id, T0 + 1));
    expect(await db.get("SELECT count(*) AS n FROM jobs")).toEqual({ n: 1 });
  });

  test("a check goes to one claimer only, however many ask at once", async () => {
    const db = await database();
    const { files } = await queued(db, ["pdf", "png", "eps"]);
    const checks = claimer(db);
    const another = claimer(db);

    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? checks : another).claim(T0, LEASE_MS)),
    );
    const won = claims.filter((claim) => claim !== undefined);
    expect(won).toHaveLength(3);
    expect(new Set(won.map((claim) => claim.uploadId))).toEqual(new Set(files));
    for (const claim of won) expect(claim.attempt).toBe(1);
    expect(await checks.claim(T0, LEASE_MS)).toBeUndefined();
  });

  test("two claims at once for one check: one gets it, the other nothing", async () => {
    const db = await database();
    const { files } = await queued(db, ["pdf"]);
    const [first, second] = await Promise.all([claimer(db).claim(T0, LEASE_MS), claimer(db).claim(T0, LEASE_MS)]);
    const claims = [first, second];
    expect(claims.filter((claim) => claim === undefined)).toHaveLength(1);
    expect(claims.find((claim) => claim !== undefined)).toMatchObject({ uploadId: files[0], attempt: 1 });
  });

  test("a check is not claimed before it is due", async () => {
    const db = await database();
    await queued(db, ["pdf"]);
    const checks = claimer(db);
    expect(await checks.claim(T0 - 1, LEASE_MS)).toBeUndefined();
    expect(await checks.claim(T0, LEASE_MS)).toBeDefined();
  });

  test("a lease that ran out is claimed again, the attempt counted, and the first holder can no longer finish", async () => {
    const db = await database();
    const { files } = await queued(db, ["pdf"]);
    const checks = createArtworkChecks(db, requestWords);
    const jobs = claimer(db);
    const first = await jobs.claim(T0, 1000);
    expect(first).toMatchObject({ uploadId: files[0], attempt: 1 });
    expect(await jobs.claim(T0 + 999, 1000)).toBeUndefined();
    expect(await jobs.nextDueAt()).toBe(T0 + 1000);

    const second = await jobs.claim(T0 + 1000, 1000);
    expect(second).toMatchObject({ uploadId: files[0], attempt: 2 });
    expect(second?.leaseToken).not.toBe(first?.leaseToken);
    expect((await checkRows(db))[0]?.attempts).toBe(2);

    if (!first || !second) throw new Error("both claims were expected");
    expect(await checks.finish(first, outcome, [image()], T0 + 1500)).toBe(false);
    expect(await checks.of(files)).toEqual(new Map([[files[0], { state: "pending" }]]));
    expect(await checks.image(files[0] ?? "", 0, "large")).toBeUndefined();
    expect(await checks.finish(second, outcome, [], T0 + 1600)).toBe(true);
  });

  test("finish stores the outcome and every image byte for byte, once", async () => {
    const db = await database();
    const { files } = await queued(db, ["zip"]);
    const uploadId = files[0] ?? "";
    const checks = createArtworkChecks(db, requestWords);
    const jobs = claimer(db);
    const claimed = await jobs.claim(T0, LEASE_MS);
    if (!claimed) throw new Error("the check was not claimed");
    const images = [image(), image()];

    expect(await checks.finish(claimed, outcome, images, T0 + 10)).toBe(true);
    expect(await checks.of([uploadId])).toEqual(new Map([[uploadId, { state: "done", outcome }]]));
    for (const [position, made] of images.entries()) {
      for (const size of ["large", "small"] as const) {
        const stored = await checks.image(uploadId, position, size);
        expect(Buffer.isBuffer(stored)).toBe(true);
        expect(stored?.equals(made[size])).toBe(true);
      }
    }
    expect(await checks.image(uploadId, 2, "large")).toBeUndefined();

    // Done is done: neither claimed again nor finished a second time with the spent lease.
    expect(await jobs.queue.markDone(claimed, T0 + 10)).toBe(true);
    expect(await jobs.claim(T0 + 2 * LEASE_MS, LEASE_MS)).toBeUndefined();
    expect(await checks.finish(claimed, { ...outcome, ms: 99 }, [], T0 + 20)).toBe(false);
    expect((await checks.of([uploadId])).get(uploadId)).toEqual({ state: "done", outcome });
    expect((await checks.image(uploadId, 1, "small"))?.equals(images[1]?.small ?? Buffer.alloc(0))).toBe(true);
    expect(await jobs.nextDueAt()).toBeUndefined();
  });

  test("of() tells pending from done, and leaves out files without a check", async () => {
    const db = await database();
    const { files } = await queued(db, ["pdf", "png"]);
    const unchecked = (await inquiryWithFiles(db, ["svg"])).files[0] ?? "";
    const checks = createArtworkChecks(db, requestWords);
    const claimed = await claimer(db).claim(T0, LEASE_MS);
    if (!claimed) throw new Error("the check was not claimed");
    const noPreview: CheckOutcome = { previews: 0, noPreview: "the PDF has no pages", report: [], ms: 3 };
    await checks.finish(claimed, noPreview, [], T0 + 1);
    const pending = files.find((file) => file !== claimed.uploadId) ?? "";

    expect(await checks.of([...files, unchecked])).toEqual(
      new Map([
        [claimed.uploadId, { state: "done", outcome: noPreview }],
        [pending, { state: "pending" }],
      ]),
    );
    expect(await checks.of([])).toEqual(new Map());
  });

  test("a retry frees the check until the time given; a lost lease changes nothing", async () => {
    const db = await database();
    const { files } = await queued(db, ["eps"]);
    const checks = claimer(db);
    const first = await checks.claim(T0, 1000);
    if (!first) throw new Error("the check was not claimed");
    await checks.queue.markRetry(first, T0 + 5000, "the bucket is out of reach");
    expect(await checks.nextDueAt()).toBe(T0 + 5000);
    expect(await checks.claim(T0 + 4999, 1000)).toBeUndefined();

    const second = await checks.claim(T0 + 5000, 1000);
    expect(second).toMatchObject({ uploadId: files[0], attempt: 2 });
    // The first holder's late word must not free the second's lease.
    expect(await checks.queue.markRetry(first, T0 + 5001, "late")).toBe(false);
    expect(await checks.claim(T0 + 5500, 1000)).toBeUndefined();
    expect(await checks.nextDueAt()).toBe(T0 + 6000);
  });

  test("forgetChecks removes the checks and previews of the files named, and only those", async () => {
    const db = await database();
    const { files } = await queued(db, ["pdf", "png"]);
    const checks = createArtworkChecks(db, requestWords);
    const kept = image();
    for (let i = 0; i < 2; i++) {
      const claimed = await claimer(db).claim(T0, LEASE_MS);
      if (!claimed) throw new Error("the check was not claimed");
      await checks.finish(claimed, outcome, [claimed.uploadId === files[1] ? kept : image()], T0);
    }
    const [gone = "", stays = ""] = files;

    await db.transaction((tx) => forgetChecks(tx, [gone]));
    await forgetChecks(db, []);
    expect([...(await checks.of(files)).keys()]).toEqual([stays]);
    expect(await checks.image(gone, 0, "large")).toBeUndefined();
    expect(await checks.image(gone, 0, "small")).toBeUndefined();
    expect(await db.get("SELECT count(*) AS n FROM artwork_previews WHERE upload_id = ?", [gone])).toEqual({ n: 0 });
    expect((await checks.image(stays, 0, "large"))?.equals(kept.large)).toBe(true);
    expect(await db.all("SELECT once_key FROM jobs")).toEqual([{ once_key: stays }]);
  });

  test("subject() gives the file's kind, the inquiry's reference and the size its request asks for", async () => {
    const db = await database();
    const quote: QuoteParticulars = {
      specification: [[quoteFormText.size, "A5"]],
      quantities: [5000],
      neededBy: "",
      pinCode: "560001",
      company: "",
      gstin: "",
    };
    const { files, reference } = await queued(db, ["tiff"], { quote });
    const plain = await queued(db, ["svg"]);
    const checks = createArtworkChecks(db, requestWords);
    expect(await checks.subject(files[0] ?? "")).toEqual({
      kind: "tiff",
      reference,
      request: { size: { width: 148, height: 210, label: "A5 (148 × 210 mm)" } },
    });
    expect(await checks.subject(plain.files[0] ?? "")).toEqual({
      kind: "svg",
      reference: plain.reference,
      request: undefined,
    });
    await db.run("UPDATE uploads SET discarded_at = ? WHERE id = ?", [T0, files[0]]);
    expect(await checks.subject(files[0] ?? "")).toBeUndefined();
  });
});

describe("the inbox list", () => {
  test("counts each inquiry's files and names the first with a preview; none for an inquiry without files", async () => {
    const db = await database();
    const checks = createArtworkChecks(db, requestWords);
    const withFiles = await queued(db, ["zip", "pdf", "png"]);
    const without = await inquiryWithFiles(db, []);
    // The first file has only a large image (a ZIP entry's, say), the second its own small one, the third none yet.
    const preview = (upload: string | undefined, position: number, size: string) =>
      db.run("INSERT INTO artwork_previews (upload_id, position, size, image) VALUES (?, ?, ?, ?)", [
        upload,
        position,
        size,
        randomBytes(64),
      ]);
    await preview(withFiles.files[0], 1, "small");
    await preview(withFiles.files[0], 0, "large");
    await preview(withFiles.files[1], 0, "small");
    const listing = await checks.listing([withFiles.id, without.id]);
    expect(listing.get(withFiles.id)).toEqual({ files: 3, previewOf: withFiles.files[1] });
    expect(listing.get(without.id)).toBeUndefined();
    expect(await checks.listing([])).toEqual(new Map());
  });
});
