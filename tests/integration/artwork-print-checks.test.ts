import { beforeAll, describe, expect, test } from "vitest";
import { createArtworkChecker } from "../../app/server/previews/check-artwork.server.ts";
import { findTools } from "../../app/server/previews/tools.server.ts";
import { attentionReply, fileCheckView } from "../../app/staff/lib/artwork-checks.ts";
import * as samples from "../support/print-check-samples.ts";
import {
  type Checked,
  check,
  checkFile,
  dir,
  expectPreview,
  fine,
  imageTool,
  marked,
  prepareArtworkChecker,
  problem,
  sandbox,
  scratchRoot,
} from "./support/artwork-checker.ts";

// The print check of what ruins a carton run, on files Ghostscript makes as a
// designer's program would: each gives exactly its lines, and the clean ones
// no Check or Problem. The checker runs as the server runs it, in the sandbox.

prepareArtworkChecker();

/** The flawed carton and the barcodes, checked once: two tests read each. */
let flawed: Checked;
let barcodes: Checked;
beforeAll(async () => {
  flawed = await checkFile(await samples.flawedCarton(dir), { request: samples.cartonRequest });
  barcodes = await checkFile(await samples.barcodes(dir));
});

/** What every file of the carton's sheet says before the print check's own lines. */
const cartonSheet = [
  fine("1 page"),
  fine("Trim size 235 × 230 mm (page size; no trim box)"),
  fine("Bleed about 3.2 mm past the dieline on every side"),
  fine("No fonts (text is in outlines or there is none)"),
  fine("No raster images"),
  fine('Dieline: the separation "Dieline", on page 1'),
  fine("The dieline is set to overprint"),
  fine("Dieline 215.2 × 210.3 mm: the flat blank of a reverse tuck end of 60 × 40 × 100 mm (about 215 × 210 mm)"),
];

describe("a carton", () => {
  test("with a 400 % patch, a PANTONE spot, RGB, white set to overprint and a hairline: each is named", async () => {
    await expectPreview(flawed.images[0]);
    expect(flawed.outcome.report).toEqual([
      ...cartonSheet,
      check("1 spot colour (PANTONE 185 C) on page 1: the printing colours asked for, 4 colours (CMYK), allow none"),
      check("Ink above 300 %: 1.1 % of page 1 (up to 400 %); it may not dry and may set off"),
      check("RGB in vector art or text on page 1, 0.8 % of it: colours will shift in CMYK print"),
      problem("White set to overprint on page 1, 0.8 % of it: it vanishes in print; turn overprint off for it"),
      fine("No live text within 3 mm of the cut"),
    ]);
  });

  test("clean, one flat CMYK and its dieline: no Check and no Problem, and no false alarm for its page", async () => {
    const clean = await checkFile(await samples.cleanCarton(dir), { request: samples.cartonRequest });
    expect(clean.outcome.report).toEqual([
      ...cartonSheet,
      fine("Ink at most 80 % (the limit is 300 %)"),
      fine("No RGB: images, vector art and text are in CMYK, greyscale or spot colours"),
      fine("No white set to overprint"),
      fine("No live text within 3 mm of the cut"),
    ]);
  });
});

describe("a leaflet", () => {
  test("A4 with its bleed in the page size, 216 × 303 mm and no trim box, is trim plus bleed: every line fine", async () => {
    const leaflet = await checkFile(await samples.a4WithBleedInPage(dir), { request: samples.a4Request });
    expect(leaflet.outcome.report).toEqual([
      fine("1 page"),
      fine("Trim size 210 × 297 mm (page size less 3 mm bleed; no trim box): matches the A4 (210 × 297 mm) asked for"),
      fine("Bleed 3 mm on every side (in the page size)"),
      fine("The one font is embedded"),
      fine("No raster images"),
      fine("Ink at most 140 % (the limit is 300 %)"),
      fine("No RGB: images, vector art and text are in CMYK, greyscale or spot colours"),
      fine("No white set to overprint"),
      fine("No live text within 3 mm of the cut"),
    ]);
  });

  test("text 1 mm inside the trim is named by its first words and page", async () => {
    const card = await checkFile(await samples.textNearTrim(dir));
    expect(marked(card.outcome.report, "check")).toEqual([
      check('Text within 3 mm of the trim on page 1: "Offer ends Sunday"; keep text 3 mm inside, or it may be cut'),
    ]);
    expect(marked(card.outcome.report, "problem")).toEqual([]);
  });
});

describe("barcodes", () => {
  test("an EAN-13 is listed with its size; one with a wrong check digit is a problem", () => {
    expect(barcodes.outcome.report).toEqual([
      fine("2 pages"),
      fine("Trim size 100 × 150 mm (trim box)"),
      fine("Bleed 3 mm on every side"),
      fine("No fonts (text is in outlines or there is none)"),
      fine("No raster images"),
      fine("Ink at most 100 % (the limit is 300 %)"),
      fine("No RGB: images, vector art and text are in CMYK, greyscale or spot colours"),
      fine("No white set to overprint"),
      fine("No live text within 3 mm of the cut"),
      fine("EAN-13 4006381333931 on page 1: bars 31.4 mm wide (100 % of the standard size)"),
      problem("EAN-13 4006381333932 on page 2: its check digit should be 1, so no scanner will read it"),
    ]);
  });
});

test('"Reply: your files need attention" carries the new problems, and none of the fine lines', () => {
  const files = [
    {
      name: "carton.pdf",
      check: fileCheckView(
        "Q-1",
        { id: "a".repeat(32), name: "carton.pdf" },
        { state: "done", outcome: flawed.outcome },
      ),
    },
    {
      name: "codes.pdf",
      check: fileCheckView(
        "Q-1",
        { id: "b".repeat(32), name: "codes.pdf" },
        { state: "done", outcome: barcodes.outcome },
      ),
    },
  ];
  const url = attentionReply({ reference: "Q-1", name: "Asha Verma", email: "asha@example.in" }, files);
  const body = new URLSearchParams(url?.split("?")[1] ?? "").get("body") ?? "";
  expect(body).toContain(
    "carton.pdf\n- White set to overprint on page 1, 0.8 % of it: it vanishes in print; turn overprint off for it",
  );
  expect(body).toContain(
    "codes.pdf\n- EAN-13 4006381333932 on page 2: its check digit should be 1, so no scanner will read it",
  );
  for (const line of [...flawed.outcome.report, ...barcodes.outcome.report].filter((line) => line.mark !== "problem")) {
    expect(body).not.toContain(line.text);
  }
});

test("a check that outgrows its limits says which part did not finish, and the others still report", async () => {
  // Renders larger than a file may be: Ghostscript's pages are stopped, the preview and text are not.
  const cramped = createArtworkChecker({
    tools: await findTools(),
    imageTool,
    scratchRoot,
    sandbox,
    limits: { fileBytes: 512 * 1024 },
  });
  const checked = await checkFile(await samples.flawedCarton(dir), {
    request: samples.cartonRequest,
    using: cramped,
  });
  expect(checked.outcome.previews).toBe(1);
  const unfinished = checked.outcome.report.filter((line) => line.text.startsWith("Not finished"));
  expect(unfinished.map((line) => line.mark)).toEqual(["check", "check"]);
  expect(unfinished[0]?.text).toMatch(
    /^Not finished: ink coverage, spot colours, the dieline, overprint and RGB in vector art \(Ghostscript .+\)$/,
  );
  expect(unfinished[1]?.text).toMatch(/^Not finished: barcodes \(Ghostscript .+\)$/);
  expect(checked.outcome.report).toContainEqual(fine("No live text within 3 mm of the cut"));
});
