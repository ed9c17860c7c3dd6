import { deflateSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { latin1, pdfDocument, pdfStream } from "../../../tests/support/artwork-samples.ts";
import { layerNames, layerScanLimits, pdfString } from "./pdf-layers.ts";

const catalog = (ocgs: string) =>
  `<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [${ocgs}] /D << /Order [${ocgs}] >> >> >>`;
const pages = "<< /Type /Pages /Kids [] /Count 0 >>";

describe("a PDF's layers", () => {
  test("each optional-content group's name, from its dictionary wherever its keys are", () => {
    const file = pdfDocument([
      catalog("3 0 R 4 0 R 5 0 R"),
      pages,
      "<< /Type /OCG /Name (Artwork) >>",
      "<</Name(Die cut)\n/Type/OCG /Usage << /Print << /PrintState /OFF >> >> >>",
      "<< /Name <FEFF0043007200650061007300650073> /Type /OCG >>",
    ]);
    expect(layerNames(file)).toEqual(["Artwork", "Die cut", "Creases"]);
  });

  test("groups inside a compressed object stream", () => {
    const objects = "3 0 4 40 << /Type /OCG /Name (Art) >>   << /Type /OCG /Name (Dieline) >>";
    const file = pdfDocument([
      catalog("3 0 R 4 0 R"),
      pages,
      pdfStream("/Type /ObjStm /N 2 /First 9 /Filter /FlateDecode", deflateSync(latin1(objects))),
    ]);
    expect(layerNames(file)).toEqual(["Art", "Dieline"]);
  });

  test("none in a file without optional content, and a damaged stream is passed over", () => {
    expect(layerNames(pdfDocument([catalog(""), pages]))).toEqual([]);
    const broken = pdfDocument([catalog(""), pages, pdfStream("/Type /ObjStm /Filter /FlateDecode", "not deflate")]);
    expect(layerNames(broken)).toEqual([]);
  });

  test("a compressed stream that would inflate past its share (a deflate bomb) is passed over, unread", () => {
    // 70 MB of zeros and then a layer: deflated to about 70 KB, inflated past the 64 MB any one stream may take.
    const bomb = deflateSync(
      Buffer.concat([Buffer.alloc(70 * 1024 * 1024), latin1("<< /Type /OCG /Name (Hidden) >>")]),
    );
    const file = pdfDocument([
      catalog("3 0 R"),
      pages,
      pdfStream("/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode", bomb),
      "<< /Type /OCG /Name (Shown) >>",
    ]);
    expect(file.length).toBeLessThan(1024 * 1024);
    expect(layerNames(file)).toEqual(["Shown"]);
  });

  test("a file declaring thousands of layers lists no more than the limit", () => {
    const many = Array.from(
      { length: layerScanLimits.layers + 50 },
      (_, index) => `<< /Type /OCG /Name (L${index}) >>`,
    );
    const names = layerNames(pdfDocument([catalog(""), pages, ...many]));
    expect(names).toHaveLength(layerScanLimits.layers);
    expect(names[0]).toBe("L0");
  });

  test("a string's escapes, octal bytes and UTF-16, without control characters", () => {
    expect(pdfString("(Die \\(cut\\)\\n\\101\\\\)")).toBe("Die (cut)A\\");
    expect(pdfString("<4469 65>")).toBe("Die");
    expect(pdfString("<FEFF0915>")).toBe("\u0915");
    expect(pdfString(`(${"x".repeat(150)})`)).toHaveLength(100);
  });
});
