import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { createArtworkChecker } from "../../app/server/previews/check-artwork.server.ts";
import { findTools } from "../../app/server/previews/tools.server.ts";
import * as samples from "../support/artwork-samples.ts";
import * as hostileSamples from "../support/hostile-artwork-samples.ts";
import { zip } from "../support/zip-samples.ts";
import {
  checkFile,
  dir,
  diskUsage,
  expectNoPreview,
  expectPreview,
  expectWithinLimit,
  fine,
  imageTool,
  marked,
  prepareArtworkChecker,
  problem,
  sandbox,
  scratchRoot,
  TIMEOUT_MS,
} from "./support/artwork-checker.ts";

prepareArtworkChecker();

describe("hostile files end as 'no preview', within their time, leaving nothing behind", () => {
  test("PostScript reading /etc/passwd and writing outside its folder", async () => {
    const elsewhere = await mkdtemp(path.join(tmpdir(), "artwork-checks-marker-"));
    try {
      const marker = path.join(elsewhere, "marker");
      const checked = await checkFile(await hostileSamples.postScriptReadingPasswd(dir, marker));
      expect(checked.kind).toBe("eps");
      expectNoPreview(checked);
      expectWithinLimit(checked);
      expect(existsSync(marker)).toBe(false);
      expect(await readdir(elsewhere)).toEqual([]);
      const firstLine = (await readFile("/etc/passwd", "utf8")).split("\n")[0] ?? "";
      expect(firstLine.length).toBeGreaterThan(0);
      const told = JSON.stringify(checked.outcome);
      expect(told).not.toContain(firstLine);
      for (const field of firstLine.split(":").filter((part) => part.length > 3)) expect(told).not.toContain(field);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  // Ghostscript under -dSAFER still makes temporary files at will: this one makes 20 of 100 MB,
  // 2 GB held at once when nothing measures the scratch space.
  test("PostScript filling its temporary folder without end is stopped at the check's scratch limit", async () => {
    const file = path.join(dir, "flood.eps");
    await writeFile(
      file,
      "%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\n%%EndComments\n/chunk 1048576 string def\n" +
        "20 { null (w) .tempfile exch pop 100 { dup chunk writestring } repeat pop } repeat\nshowpage\n%%EOF\n",
    );
    const scratchBytes = 64 * 1024 * 1024;
    for (const confined of [sandbox, undefined]) {
      const bounded = createArtworkChecker({
        tools: await findTools(),
        imageTool,
        scratchRoot,
        ...(confined ? { sandbox: confined } : {}),
        limits: { timeoutMs: TIMEOUT_MS, scratchBytes },
      });
      // What the server's disk holds meanwhile; in the sandbox the files are in a space of its own.
      let peak = 0;
      const watching = setInterval(async () => {
        peak = Math.max(peak, await diskUsage(scratchRoot));
      }, 20);
      try {
        const checked = await checkFile(file, { using: bounded });
        expectNoPreview(checked);
        expectWithinLimit(checked);
        expect(checked.outcome.noPreview).toBe("Ghostscript wrote more than a preview needs and was stopped");
      } finally {
        clearInterval(watching);
      }
      // The watch looks every 50 ms: at most a few hundred MB/s more than the limit, never the 2 GB.
      expect(peak).toBeLessThan(scratchBytes + 256 * 1024 * 1024);
    }
  });

  test("a PDF claiming two thousand million pages", async () => {
    const checked = await checkFile(await hostileSamples.pdfHugePageCount(dir));
    expectNoPreview(checked);
    expectWithinLimit(checked);
  });

  test("a PDF whose page resources are nested 200 000 deep", async () => {
    const checked = await checkFile(await hostileSamples.pdfDeeplyNested(dir));
    expectWithinLimit(checked);
    // Poppler 22.12 stops descending at a fixed depth and draws the page
    // without its resources: it gets a preview. Another Poppler may refuse the
    // page; either way the check ends, with a reason when there is no preview.
    if (checked.outcome.previews === 0) expectNoPreview(checked);
    else await expectPreview(checked.images[0]);
    expect(checked.outcome.report[0]).toEqual(fine("1 page"));
  });

  test("a PDF whose page tree's Kids are the deeply nested array: the page cannot be drawn", async () => {
    const nested = await readFile(await hostileSamples.pdfDeeplyNested(dir), "latin1");
    expect(nested).toContain("/Kids [3 0 R]");
    // Padded to the same length, so the cross-reference offsets stay right and nothing needs repair.
    const file = path.join(dir, "nested-kids.pdf");
    await writeFile(file, nested.replace("/Kids [3 0 R]", "/Kids 5 0 R  "), "latin1");
    const checked = await checkFile(file);
    expectNoPreview(checked);
    expectWithinLimit(checked);
    expect(checked.outcome.noPreview).toMatch(/^the first page could not be drawn/);
  });

  test("a PDF cut off part way", async () => {
    const checked = await checkFile(await hostileSamples.truncatedPdf(dir));
    expectNoPreview(checked);
    expectWithinLimit(checked);
  });

  test("a zip bomb is refused from its listing", async () => {
    const checked = await checkFile(await hostileSamples.zipBomb(dir));
    expectNoPreview(checked);
    expectWithinLimit(checked);
    expect(checked.outcome.noPreview).toMatch(/more than 100 times/);
  });

  test("a ZIP's file names lose their control and direction characters before they are kept or shown", async () => {
    const pdf = await readFile(await samples.goodPdf(await mkdtemp(path.join(dir, "named-"))));
    const file = await zip(dir, "hidden-characters.zip", [
      { name: "invoice\u202Efdp.exe", data: pdf },
      { name: "art\u200Bwork/\u2066card\u0007.pdf\u2069", data: Buffer.from("notes") },
    ]);
    const checked = await checkFile(file);
    expect(checked.outcome.entries?.map((entry) => entry.name)).toEqual(["invoicefdp.exe", "artwork/card.pdf"]);
    // The file is still found by its listing and read: its preview is made.
    expect(checked.outcome.entries?.[0]?.findings?.preview).toBe(0);
    await expectPreview(checked.images[0]);
  });

  test("a ZIP with a good PDF, then a file larger than it says: the PDF's preview stays, and the rest is a problem", async () => {
    const file = await zip(dir, "good-then-lying.zip", [
      {
        name: "artwork/card.pdf",
        data: await readFile(await samples.goodPdf(await mkdtemp(path.join(dir, "good-then-lying-")))),
      },
      { name: "artwork/poster.pdf", data: Buffer.alloc(hostileSamples.LYING_ZIP.realSize), declaredSize: 1000 },
    ]);
    const checked = await checkFile(file);
    expect(checked.outcome.previews).toBe(1);
    expect(checked.outcome.noPreview).toBeUndefined();
    expect(checked.outcome.entries?.[0]?.findings?.preview).toBe(0);
    expect(checked.outcome.entries?.[1]?.findings).toBeUndefined();
    expect(marked(checked.outcome.report, "problem")).toEqual([
      problem("a file in the ZIP is larger than the ZIP says"),
    ]);
    await expectPreview(checked.images[0]);
  });

  test("a ZIP whose listed files all point at the same packed data is refused for what the whole unpacks to", async () => {
    const file = await hostileSamples.zipOfOverlappingEntries(dir);
    const { size } = await stat(file);
    const { entries, entryBytes } = hostileSamples.OVERLAPPING_ZIP;
    expect(entries * entryBytes).toBeGreaterThan(size * 100);
    const checked = await checkFile(file);
    expectNoPreview(checked);
    expectWithinLimit(checked);
    expect(checked.outcome.noPreview).toBe("the ZIP unpacks to more than 100 times its size");
  });

  test("a ZIP whose file inflates to far more than it says", async () => {
    const checked = await checkFile(await hostileSamples.zipLyingAboutSize(dir));
    expectNoPreview(checked);
    expectWithinLimit(checked);
    expect(checked.outcome.entries).toEqual([
      { name: "artwork/poster.pdf", size: hostileSamples.LYING_ZIP.declaredSize },
    ]);
    expect(checked.outcome.noPreview).toBe("a file in the ZIP is larger than the ZIP says");
  });

  test("a ZIP whose names climb out of the folder or are absolute", async () => {
    const escapeName = `escaped-${process.pid}-${Date.now()}.pdf`;
    const checked = await checkFile(await hostileSamples.zipWithTraversal(dir, escapeName));
    expectNoPreview(checked);
    expectWithinLimit(checked);
    // Unpacked two folders below the scratch root, "../../" lands in it; every folder above and /tmp are looked at too.
    const aimedAt = ["/tmp"];
    for (let folder = scratchRoot; ; folder = path.dirname(folder)) {
      aimedAt.push(folder);
      if (folder === path.dirname(folder)) break;
    }
    for (const folder of aimedAt) expect(existsSync(path.join(folder, escapeName)), folder).toBe(false);
  });

  test("a ZIP of 101 files", async () => {
    const checked = await checkFile(await hostileSamples.zipWithManyEntries(dir));
    expectNoPreview(checked);
    expectWithinLimit(checked);
    expect(checked.outcome.noPreview).toMatch(/101 files/);
  });

  test("a PNG declaring 60000 × 60000 pixels", async () => {
    const checked = await checkFile(await hostileSamples.pngHuge(dir));
    expect(checked.kind).toBe("png");
    expectNoPreview(checked);
    expectWithinLimit(checked);
    expect(checked.outcome.noPreview).toBe("the picture has too many pixels to preview");
  });

  test("an SVG pointing at files of the server", async () => {
    const checked = await checkFile(await hostileSamples.svgWithLocalReference(dir));
    expectNoPreview(checked);
    expectWithinLimit(checked);
    const told = JSON.stringify(checked.outcome);
    expect(told).not.toContain((await readFile("/etc/hostname", "utf8")).trim() || "no hostname");
  });

  test("an SVG pointing at a web address, which is never asked", async () => {
    const asked: string[] = [];
    let connections = 0;
    const lure: Server = createServer((request, response) => {
      asked.push(request.url ?? "");
      response.end("svg { fill: red }");
    });
    lure.on("connection", () => connections++);
    await new Promise<void>((resolve) => lure.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = lure.address() as AddressInfo;
      const checked = await checkFile(
        await hostileSamples.svgWithRemoteReference(dir, `http://127.0.0.1:${port}/artwork.css?from=svg`),
      );
      expectNoPreview(checked);
      expectWithinLimit(checked);
    } finally {
      await new Promise((resolve) => lure.close(resolve));
    }
    expect(asked).toEqual([]);
    expect(connections).toBe(0);
  });

  test("an SVG of nested entities (billion laughs)", async () => {
    const checked = await checkFile(await hostileSamples.svgWithEntities(dir));
    expectNoPreview(checked);
    expectWithinLimit(checked);
  });

  test("an SVG written to make its reading slow ends at its time limit, never holding up the server's thread", async () => {
    // Thousands of "url(" never closed: a pattern looking for each one's end reads on to the end of
    // the file every time, seconds of work at this size, and hours at the 20 MB allowed.
    const file = path.join(dir, "slow-to-read.svg");
    await writeFile(
      file,
      `<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm">${"url(".repeat(150_000)}`,
    );
    const quick = createArtworkChecker({
      tools: await findTools(),
      imageTool,
      scratchRoot,
      limits: { timeoutMs: 3000 },
    });
    let longestGapMs = 0;
    let last = performance.now();
    const ticking = setInterval(() => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
    }, 20);
    try {
      const checked = await checkFile(file, { using: quick });
      expectNoPreview(checked);
      expect(checked.outcome.noPreview).toMatch(/took too long/);
    } finally {
      clearInterval(ticking);
    }
    expect(longestGapMs).toBeLessThan(1000);
  });
});
