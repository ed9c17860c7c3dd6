import { readFile } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { detectArtworkKind } from "../../app/server/uploads/artwork-kind.server.ts";
import {
  eps,
  epsNeedingFont,
  flawedPdf,
  goodPdf,
  illustratorPdf,
  jpeg,
  manyPagePdf,
  png,
  svg,
  tiff,
} from "../support/artwork-samples.ts";
import { zip, zipHoldingPdf } from "../support/zip-samples.ts";
import {
  contentOf,
  dir,
  expectBox,
  expectNotBlank,
  expectSoundXref,
  folder,
  fontEmbedded,
  imageRow,
  kindOf,
  mm,
  pdfBoxes,
  popplerRows,
  readZip,
  renderEps,
  run,
  sampleFolder,
  type ZipListing,
} from "./support/artwork-sample-files.ts";

sampleFolder();

describe("good PDF", () => {
  test("has 3 mm bleed around a 100 × 150 mm trim, an embedded font and a 300 ppi CMYK image", async () => {
    const file = await goodPdf(await folder("good"));
    expect(path.isAbsolute(file)).toBe(true);

    const boxes = await pdfBoxes(file);
    expect(boxes.pages).toBe(1);
    expectBox(boxes.media, [0, 0, mm(106), mm(156)]);
    expectBox(boxes.bleed, [0, 0, mm(106), mm(156)]);
    expectBox(boxes.trim, [mm(3), mm(3), mm(103), mm(153)]);
    // Poppler reports a missing box as the MediaBox: only the file itself shows it was set.
    const bytes = (await readFile(file)).toString("latin1");
    expect(bytes).toMatch(/\/TrimBox\s*\[/);
    expect(bytes).toMatch(/\/BleedBox\s*\[/);

    const fonts = await popplerRows("pdffonts", [file]);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(fontEmbedded(font)).toBe("yes");

    const images = (await popplerRows("pdfimages", ["-list", file])).map(imageRow);
    expect(images).toEqual([{ width: 300, height: 300, color: "cmyk", encoding: "image", xPpi: 300, yPpi: 300 }]);
    const extracted = path.join(path.dirname(file), "extracted");
    expect((await run("pdfimages", ["-tiff", file, extracted])).code).toBe(0);
    const image = sharp(`${extracted}-000.tif`);
    expect((await image.metadata()).space).toBe("cmyk");
    await expectNotBlank(image);
  });
});

describe("flawed PDF", () => {
  test("has no bleed, a 96 ppi RGB image and Helvetica not embedded", async () => {
    const file = await flawedPdf(await folder("flawed"));

    const boxes = await pdfBoxes(file);
    expectBox(boxes.media, [0, 0, mm(100), mm(150)]);
    const bytes = (await readFile(file)).toString("latin1");
    expect(bytes).not.toMatch(/\/TrimBox|\/BleedBox/);

    const fonts = await popplerRows("pdffonts", [file]);
    expect(fonts.map((font) => [font[0], fontEmbedded(font)])).toEqual([["Helvetica", "no"]]);

    const images = (await popplerRows("pdfimages", ["-list", file])).map(imageRow);
    expect(images).toEqual([{ width: 96, height: 96, color: "rgb", encoding: "image", xPpi: 96, yPpi: 96 }]);
  });
});

describe("many-page PDF", () => {
  test("has A4 pages, each with a 600 × 400 RGB image of its own", async () => {
    const file = await manyPagePdf(dir);
    const { stdout } = await run("pdfinfo", [file]);
    expect(stdout).toMatch(/^Pages:\s+50$/m);
    expect(stdout).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);

    const images = (await popplerRows("pdfimages", ["-list", file])).map(imageRow);
    expect(images).toHaveLength(50);
    for (const image of images) expect(image).toMatchObject({ width: 600, height: 400, color: "rgb" });
    expectSoundXref(await readFile(file));

    expect(await popplerRows("pdfimages", ["-list", await manyPagePdf(dir, 3)])).toHaveLength(3);
  });
});

describe("Illustrator PDF", () => {
  test("is taken for Illustrator's, where an ordinary PDF is not, and reads as a PDF", async () => {
    const file = await illustratorPdf(dir);
    expect(await kindOf(file)).toBe("ai");
    expect(await kindOf(await flawedPdf(await folder("plain")))).toBe("pdf");
    const { code, stdout } = await run("pdfinfo", [file]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Pages:\s+1$/m);
    expectSoundXref(await readFile(file));
  });
});

describe("EPS", () => {
  test.each([
    ["self-contained", eps],
    ["needing Helvetica", epsNeedingFont],
  ])("%s: an EPS that Ghostscript renders at its 100 × 150 mm bounding box", async (_, make) => {
    const file = await make(dir);
    const text = await readFile(file, "latin1");
    expect(text.startsWith("%!PS-Adobe-3.0 EPSF-3.0\n")).toBe(true);
    expect(text).toMatch(/^%%BoundingBox: 0 0 283 425$/m);
    expect(await kindOf(file)).toBe("eps");

    const rendered = await renderEps(file);
    expect(rendered.code, rendered.stderr).toBe(0);
    const image = sharp(rendered.out);
    expect(await image.metadata()).toMatchObject({ width: 283, height: 425 });
    await expectNotBlank(image);
  });

  test("the one needing a font says so, and sets its text in it", async () => {
    const needing = await readFile(await epsNeedingFont(dir), "latin1");
    expect(needing).toMatch(/^%%DocumentNeededResources: font Helvetica$/m);
    expect(needing).toMatch(/\/Helvetica findfont/);
    const selfContained = await readFile(await eps(dir), "latin1");
    expect(selfContained).not.toMatch(/DocumentNeededResources|Helvetica/);
  });
});

describe("raster images", () => {
  test.each([
    ["png", png, "png", "srgb"],
    ["jpeg", jpeg, "jpeg", "srgb"],
    ["tiff", tiff, "tiff", "cmyk"],
  ] as const)("%s: 100 × 150 mm at 300 ppi by default, with something in it", async (_, make, format, space) => {
    const file = await make(dir);
    expect(await kindOf(file)).toBe(format);
    const image = sharp(file);
    expect(await image.metadata()).toMatchObject({ format, width: 1181, height: 1772, density: 300, space });
    await expectNotBlank(image);
  });

  test("sizes and density can be chosen", async () => {
    const options = { widthPx: 320, heightPx: 200, ppi: 72 };
    for (const make of [png, jpeg, tiff]) {
      expect(await sharp(await make(dir, options)).metadata()).toMatchObject({ width: 320, height: 200, density: 72 });
    }
  });

  test("the SVG is 100 × 150 mm, self-contained, and drawn", async () => {
    const file = await svg(dir);
    expect(await kindOf(file)).toBe("svg");
    const text = await readFile(file, "utf8");
    expect(text).toMatch(/<svg [^>]*width="100mm" height="150mm" viewBox="0 0 100 150"/);
    expect(text).toMatch(/<text\b/);
    expect(text).not.toMatch(/href|url\(|@import/);
    const image = sharp(file);
    expect(await image.metadata()).toMatchObject({ format: "svg", width: 283, height: 425 });
    await expectNotBlank(image);
  });
});

describe("ZIP", () => {
  test("holds the PDF and a note, which other unpackers read too", async () => {
    const file = await zipHoldingPdf(dir);
    const entries = readZip(await readFile(file));
    expect(entries.map((entry) => entry.name)).toEqual(["artwork/box.pdf", "readme.txt"]);
    for (const entry of entries) {
      const content = contentOf(entry);
      expect(content).toHaveLength(entry.size);
      expect(crc32(content)).toBe(entry.crc);
      expect(entry.local).toEqual({
        crc: entry.crc,
        compressedSize: entry.compressedSize,
        size: entry.size,
        name: entry.name,
      });
    }
    const pdf = contentOf(entries[0] as ZipListing);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await detectArtworkKind(pdf)).toBe("pdf");

    const listed = await run("python3", ["-m", "zipfile", "-t", file]);
    expect(listed.code, listed.stderr).toBe(0);
    expect((await run("python3", ["-m", "zipfile", "-l", file])).stdout).toMatch(/artwork\/box\.pdf[\s\S]*readme\.txt/);
  });

  test("stores or deflates each entry, and can lie about its size", async () => {
    const data = Buffer.from("stored as it is ".repeat(20));
    const file = await zip(dir, "mixed.zip", [
      { name: "stored.txt", data, method: 0 },
      { name: "deflated.txt", data },
      { name: "lying.txt", data, declaredSize: 7 },
    ]);
    const [stored, deflated, lying] = readZip(await readFile(file));
    expect(stored).toMatchObject({ method: 0, compressedSize: data.length, size: data.length });
    expect(stored?.data.equals(data)).toBe(true);
    expect(deflated?.method).toBe(8);
    expect(deflated?.compressedSize).toBeLessThan(data.length);
    expect(contentOf(deflated as ZipListing).equals(data)).toBe(true);
    expect(lying).toMatchObject({ size: 7, local: { size: 7 } });
    expect(contentOf(lying as ZipListing).equals(data)).toBe(true);
  });
});
