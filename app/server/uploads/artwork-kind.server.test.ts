import { readFileSync } from "node:fs";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { ARTWORK_HEAD_BYTES, detectArtworkKind } from "./artwork-kind.server.ts";

const bytes = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));

/** A PDF with the given objects (numbered from 1, the first the catalog) and a correct cross-reference table. */
function pdf(objects: string[], header = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"): Uint8Array {
  let body = header;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return bytes(body);
}

function stream(dictionary: string, content: string): string {
  return `<< ${dictionary} /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`;
}

const pageContent = "0 0 1 rg 10 10 80 80 re f";

const plainPdf = () =>
  pdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R >>",
    stream("", pageContent),
  ]);

function xmp(creatorTool: string): string {
  return [
    '<?xpacket begin="\xef\xbb\xbf" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
    ' xmlns:illustrator="http://ns.adobe.com/illustrator/1.0/">',
    `<xmp:CreatorTool>${creatorTool}</xmp:CreatorTool>`,
    "<illustrator:Type>Document</illustrator:Type>",
    "</rdf:Description>",
    "</rdf:RDF>",
    "</x:xmpmeta>",
    '<?xpacket end="w"?>',
  ].join("\n");
}

// Laid out as Illustrator saves a PDF-compatible .ai: the metadata stream
// first, and the page's editing data under /PieceInfo /Illustrator.
const illustratorPdf = () =>
  pdf([
    "<< /Type /Catalog /Pages 3 0 R /Metadata 2 0 R >>",
    stream("/Type /Metadata /Subtype /XML", xmp("Adobe Illustrator 28.0 (Windows)")),
    "<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 3 0 R /MediaBox [0 0 100 100] /Contents 5 0 R /PieceInfo << /Illustrator 6 0 R >> >>",
    stream("", pageContent),
    "<< /Private 7 0 R /LastModified (D:20250101000000Z) >>",
    "<< /AIMetaData 8 0 R /ContainerVersion 12 /CreatorVersion 28 /RoundtripVersion 24 >>",
    stream("", "%!PS-Adobe-3.0 \n%%Creator: Adobe Illustrator(R) 24.0\n%%AI8_CreatorVersion: 28.0.0\n%%EOF"),
  ]);

const textEps = () =>
  bytes(
    [
      "%!PS-Adobe-3.0 EPSF-3.0",
      "%%BoundingBox: 0 0 100 100",
      "%%Title: square",
      "%%EndComments",
      "newpath 10 10 moveto 90 10 lineto 90 90 lineto 10 90 lineto closepath fill",
      "showpage",
      "%%EOF",
      "",
    ].join("\n"),
  );

/** The 30-byte header of an EPS with a TIFF preview, as DOS and Windows programs write it, then its PostScript. */
function dosEps(): Uint8Array {
  const postScript = Buffer.from(textEps());
  const preview = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]);
  const header = Buffer.alloc(30);
  header.set([0xc5, 0xd0, 0xd3, 0xc6], 0);
  header.writeUInt32LE(30, 4);
  header.writeUInt32LE(postScript.length, 8);
  header.writeUInt32LE(0, 12);
  header.writeUInt32LE(0, 16);
  header.writeUInt32LE(30 + postScript.length, 20);
  header.writeUInt32LE(preview.length, 24);
  header.writeUInt16LE(0xffff, 28);
  return new Uint8Array(Buffer.concat([header, postScript, preview]));
}

/** A 1×1 RGB Photoshop file: header, then empty colour-mode, resource and layer sections, then raw pixels. */
function psd(): Uint8Array {
  const header = Buffer.alloc(26);
  header.write("8BPS", 0, "latin1");
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(3, 12);
  header.writeUInt32BE(1, 14);
  header.writeUInt32BE(1, 18);
  header.writeUInt16BE(8, 22);
  header.writeUInt16BE(3, 24);
  const emptySections = Buffer.alloc(12);
  const image = Buffer.from([0x00, 0x00, 0xff, 0x80, 0x40]);
  return new Uint8Array(Buffer.concat([header, emptySections, image]));
}

/** A 1×1 grey TIFF with its directory right after the header, in either byte order. */
function tiff(littleEndian: boolean): Uint8Array {
  const tags: [tag: number, type: number, value: number][] = [
    [256, 3, 1], // ImageWidth
    [257, 3, 1], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 1], // PhotometricInterpretation: black is zero
    [273, 4, 0], // StripOffsets, filled in below
    [277, 3, 1], // SamplesPerPixel
    [278, 3, 1], // RowsPerStrip
    [279, 4, 1], // StripByteCounts
  ];
  const directorySize = 2 + tags.length * 12 + 4;
  const file = Buffer.alloc(8 + directorySize + 1);
  const u16 = (value: number, at: number) =>
    littleEndian ? file.writeUInt16LE(value, at) : file.writeUInt16BE(value, at);
  const u32 = (value: number, at: number) =>
    littleEndian ? file.writeUInt32LE(value, at) : file.writeUInt32BE(value, at);
  file.write(littleEndian ? "II" : "MM", 0, "latin1");
  u16(42, 2);
  u32(8, 4);
  u16(tags.length, 8);
  tags.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    u16(tag, at);
    u16(type, at + 2);
    u32(1, at + 4);
    const stored = tag === 273 ? 8 + directorySize : value;
    if (type === 3) u16(stored, at + 8);
    else u32(stored, at + 8);
  });
  u32(0, 8 + directorySize - 4);
  file[8 + directorySize] = 0x80;
  return new Uint8Array(file);
}

/** A ZIP of stored (uncompressed) entries, with its central directory. */
function zip(entries: Record<string, string | Uint8Array>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content);
    const fileName = Buffer.from(name, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** The start of a RIFF CorelDRAW drawing: form type "CDR" and its version character, then the version chunk. */
function riffCorelDraw(formType: string): Uint8Array {
  const version = Buffer.alloc(8 + 2);
  version.write("vrsn", 0, "latin1");
  version.writeUInt32LE(2, 4);
  version.writeUInt16LE(900, 8);
  const riff = Buffer.alloc(12);
  riff.write("RIFF", 0, "latin1");
  riff.writeUInt32LE(4 + version.length, 4);
  riff.write(formType, 8, "latin1");
  return new Uint8Array(Buffer.concat([riff, version]));
}

const square = () => sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } });

const svgBody =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#c00"/></svg>';

/** The same bytes every run, so a failure can be replayed. */
function noise(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    out[i] = state >>> 24;
  }
  return out;
}

describe("artwork kinds", () => {
  describe("documents and vector formats", () => {
    test("a PDF", async () => {
      expect(await detectArtworkKind(plainPdf())).toBe("pdf");
    });

    test("a PDF made by another program is still a PDF", async () => {
      const inDesign = pdf([
        "<< /Type /Catalog /Pages 3 0 R /Metadata 2 0 R >>",
        stream("/Type /Metadata /Subtype /XML", xmp("Adobe InDesign 19.0 (Windows)").replace(/illustrator/gi, "other")),
        "<< /Type /Pages /Kids [] /Count 0 >>",
      ]);
      expect(await detectArtworkKind(inDesign)).toBe("pdf");
    });

    test("an Illustrator file saved with PDF compatibility", async () => {
      expect(await detectArtworkKind(illustratorPdf())).toBe("ai");
    });

    test("each of Illustrator's marks alone is enough", async () => {
      const withPieceInfo = pdf([
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /PieceInfo << /Illustrator 4 0 R >> >>",
        "<< /Private 5 0 R >>",
      ]);
      const withCreator = pdf([
        "<< /Type /Catalog >>",
        "<< /Creator (Adobe Illustrator 28.0) /Producer (Adobe PDF library 17.00) >>",
      ]);
      const withCreatorTool = pdf([
        "<< /Type /Catalog /Metadata 2 0 R >>",
        stream(
          "/Type /Metadata /Subtype /XML",
          '<rdf:Description xmp:CreatorTool="Adobe Illustrator CS6 (Macintosh)"/>',
        ),
      ]);
      expect(await detectArtworkKind(withPieceInfo)).toBe("ai");
      expect(await detectArtworkKind(withCreator)).toBe("ai");
      expect(await detectArtworkKind(withCreatorTool)).toBe("ai");
    });

    test("an Illustrator mark past the head is not seen", async () => {
      const padding = stream("", `%${"x".repeat(ARTWORK_HEAD_BYTES)}`);
      const late = pdf(["<< /Type /Catalog >>", padding, "<< /Creator (Adobe Illustrator 28.0) >>"]);
      expect(await detectArtworkKind(late)).toBe("pdf");
      expect(await detectArtworkKind(late.subarray(0, ARTWORK_HEAD_BYTES))).toBe("pdf");
    });

    test("an Illustrator file from before PDF compatibility, which is PostScript", async () => {
      const legacy = bytes(
        [
          "%!PS-Adobe-3.0 ",
          "%%Creator: Adobe Illustrator(R) 8.0",
          "%%AI8_CreatorVersion: 8.0.1",
          "%%For: (studio) ()",
          "%%BoundingBox: 0 0 100 100",
          "%AI5_FileFormat 4.0",
          "%%EndComments",
          "%AI5_BeginLayer",
          "10 10 m 90 10 L 90 90 L 10 90 L 10 10 L f",
          "%AI5_EndLayer--",
          "%%EOF",
        ].join("\n"),
      );
      expect(await detectArtworkKind(legacy)).toBe("ai");
    });

    test("an EPS, text or with the binary DOS header", async () => {
      expect(await detectArtworkKind(textEps())).toBe("eps");
      expect(await detectArtworkKind(dosEps())).toBe("eps");
    });

    test("an EPS saved from Illustrator stays an EPS", async () => {
      const fromIllustrator = bytes(
        "%!PS-Adobe-3.1 EPSF-3.0\n%ADO_DSC_Encoding: Windows Roman\n%%Creator: Adobe Illustrator(R) 24.0\n%%AI8_CreatorVersion: 28.0.0\n%%BoundingBox: 0 0 100 100\n%%EndComments\n",
      );
      expect(await detectArtworkKind(fromIllustrator)).toBe("eps");
    });

    test("PostScript that is neither EPS nor Illustrator's is not taken", async () => {
      expect(await detectArtworkKind(bytes("%!PS-Adobe-3.0\n%%Creator: dvips\n%%Pages: 1\n%%EndComments\n"))).toBe(
        undefined,
      );
    });
  });

  describe("CorelDRAW", () => {
    test("a RIFF drawing, whatever the version character or its case", async () => {
      expect(await detectArtworkKind(riffCorelDraw("CDR9"))).toBe("cdr");
      expect(await detectArtworkKind(riffCorelDraw("CDRD"))).toBe("cdr");
      expect(await detectArtworkKind(riffCorelDraw("cdrA"))).toBe("cdr");
    });

    test("other RIFF files are not CorelDRAW", async () => {
      expect(await detectArtworkKind(riffCorelDraw("WAVE"))).toBe(undefined);
      expect(await detectArtworkKind(riffCorelDraw("CMX1"))).toBe(undefined);
    });

    test("a ZIP holding content/riffData.cdr (X4 and X5)", async () => {
      const drawing = zip({
        "content/riffData.cdr": riffCorelDraw("CDRE"),
        "metadata/thumbnails/thumbnail.bmp": "BM",
      });
      expect(await detectArtworkKind(drawing)).toBe("cdr");
    });

    test("a ZIP holding content/root.dat (X6 on), even one file-type would call a jar", async () => {
      const drawing = zip({
        "META-INF/MANIFEST.MF": "Manifest-Version: 1.0\n",
        "content/root.dat": riffCorelDraw("CDRG"),
        "content/dataFileList.dat": "",
      });
      expect(await detectArtworkKind(drawing)).toBe("cdr");
    });

    test("a real CorelDRAW 12 drawing, whole and by its head", async () => {
      const drawing = new Uint8Array(
        readFileSync(new URL("../../../tests/fixtures/artwork/sample.cdr", import.meta.url)),
      );
      expect(drawing.length).toBe(12_658);
      expect(await detectArtworkKind(drawing)).toBe("cdr");
      expect(await detectArtworkKind(drawing.subarray(0, 16))).toBe("cdr");
    });
  });

  describe("images", () => {
    test("a Photoshop file", async () => {
      expect(await detectArtworkKind(psd())).toBe("psd");
    });

    test("a TIFF in either byte order", async () => {
      expect(await detectArtworkKind(tiff(true))).toBe("tiff");
      expect(await detectArtworkKind(tiff(false))).toBe("tiff");
    });

    test("PNG, JPEG and TIFF as an image library writes them", async () => {
      expect(await detectArtworkKind(await square().png().toBuffer())).toBe("png");
      expect(await detectArtworkKind(await square().jpeg().toBuffer())).toBe("jpeg");
      expect(await detectArtworkKind(await square().tiff().toBuffer())).toBe("tiff");
    });

    test("the head of a large TIFF whose directory comes last", async () => {
      const large = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#08f" } })
        .tiff({ compression: "none" })
        .toBuffer();
      expect(large.readUInt32LE(4)).toBeGreaterThan(ARTWORK_HEAD_BYTES);
      expect(await detectArtworkKind(large)).toBe("tiff");
      expect(await detectArtworkKind(large.subarray(0, ARTWORK_HEAD_BYTES))).toBe("tiff");
    });

    test("the head of a large PNG", async () => {
      const large = await sharp(noise(200 * 200 * 3, 7), { raw: { width: 200, height: 200, channels: 3 } })
        .png()
        .toBuffer();
      expect(large.length).toBeGreaterThan(ARTWORK_HEAD_BYTES);
      expect(await detectArtworkKind(large.subarray(0, ARTWORK_HEAD_BYTES))).toBe("png");
    });
  });

  describe("SVG", () => {
    test("with an XML declaration, a comment and a DOCTYPE before the element", async () => {
      const svg = utf8(
        `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Made for the die line -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${svgBody}\n`,
      );
      expect(await detectArtworkKind(svg)).toBe("svg");
    });

    test("with a byte order mark", async () => {
      expect(await detectArtworkKind(utf8(`\ufeff${svgBody}`))).toBe("svg");
      expect(await detectArtworkKind(utf8(`\ufeff<?xml version="1.0"?>\r\n${svgBody}`))).toBe("svg");
    });

    test("with a DOCTYPE that declares entities", async () => {
      const svg = utf8(
        `<?xml version="1.0"?>\n<!DOCTYPE svg [\n  <!ENTITY ns_svg "http://www.w3.org/2000/svg">\n  <!-- a comment in the subset -->\n]>\n<svg xmlns="&ns_svg;">\n</svg>`,
      );
      expect(await detectArtworkKind(svg)).toBe("svg");
    });

    test("a large SVG whose head ends inside a character", async () => {
      const start = `${svgBody.slice(0, -"</svg>".length)}<desc>`;
      // "é" is two bytes: an odd number of them left before the cut splits one.
      const pad = (ARTWORK_HEAD_BYTES - start.length) % 2 === 0 ? " " : "";
      const text = `${start}${pad}${"é".repeat(ARTWORK_HEAD_BYTES)}</desc></svg>`;
      const head = utf8(text).subarray(0, ARTWORK_HEAD_BYTES);
      expect(head.at(-1)).toBe(0xc3);
      expect(await detectArtworkKind(head)).toBe("svg");
    });

    test("XML whose first element is not <svg>, or is only named like it", async () => {
      expect(
        await detectArtworkKind(utf8('<?xml version="1.0"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"/>')),
      ).toBe(undefined);
      expect(await detectArtworkKind(utf8("<svgfont/>"))).toBe(undefined);
      expect(await detectArtworkKind(utf8(`<!-- ${svgBody} -->`))).toBe(undefined);
    });

    test("text that is not UTF-8", async () => {
      expect(await detectArtworkKind(bytes(`<!-- caf\xe9 -->${svgBody}`))).toBe(undefined);
    });
  });

  describe("ZIP", () => {
    test("a plain ZIP of artwork", async () => {
      expect(await detectArtworkKind(zip({ "label.pdf": plainPdf(), "notes.txt": "Print 500 on kraft." }))).toBe("zip");
    });

    test("formats built on ZIP are not taken", async () => {
      const docx = zip({
        "[Content_Types].xml":
          '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        "word/document.xml": "<w:document/>",
      });
      const jar = zip({ "META-INF/MANIFEST.MF": "Manifest-Version: 1.0\n", "Main.class": "\xca\xfe\xba\xbe" });
      expect(await detectArtworkKind(docx)).toBe(undefined);
      expect(await detectArtworkKind(jar)).toBe(undefined);
    });
  });

  describe("everything else", () => {
    test("a program, whatever it was named", async () => {
      const exe = new Uint8Array(128);
      exe.set(bytes("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff"));
      expect(await detectArtworkKind(exe)).toBe(undefined);
    });

    test("HTML, even with a drawing inside", async () => {
      expect(await detectArtworkKind(utf8(`<!DOCTYPE html>\n<html><body>${svgBody}</body></html>`))).toBe(undefined);
      expect(await detectArtworkKind(utf8(`<html>${svgBody}</html>`))).toBe(undefined);
    });

    test("plain text, nothing at all, noise and a GIF", async () => {
      expect(await detectArtworkKind(utf8("Please print this in blue.\n"))).toBe(undefined);
      expect(await detectArtworkKind(new Uint8Array(0))).toBe(undefined);
      expect(await detectArtworkKind(noise(4096, 1))).toBe(undefined);
      expect(await detectArtworkKind(noise(4096, 2))).toBe(undefined);
      expect(await detectArtworkKind(await square().gif().toBuffer())).toBe(undefined);
    });
  });
});
