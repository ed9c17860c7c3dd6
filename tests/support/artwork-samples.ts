import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { deflateSync } from "node:zlib";
import sharp from "sharp";

/**
 * Real artwork files for the tests of the preview and print check: good ones
 * and flawed ones a customer might well send (the hostile ones are in
 * hostile-artwork-samples.ts). Each maker writes
 * one file into the folder it is given (under a fixed name, so a second call
 * replaces the first) and resolves to the file's absolute path.
 */

const runFile = promisify(execFile);

const POINTS_PER_MM = 72 / 25.4;
export const mm = (millimetres: number) => millimetres * POINTS_PER_MM;

/** The trim of the sample print: a 100 × 150 mm card. */
const TRIM_MM = { width: 100, height: 150 } as const;
const BLEED_MM = 3;

export const latin1 = (text: string) => Buffer.from(text, "latin1");

export async function writeSample(dir: string, name: string, data: string | Buffer): Promise<string> {
  const file = path.resolve(dir, name);
  await writeFile(file, data);
  return file;
}

// Ghostscript's own message says what went wrong; execFile's error alone only
// says that the command failed.
export async function ghostscript(args: string[], cwd: string): Promise<void> {
  try {
    await runFile("gs", ["-dSAFER", "-dBATCH", "-dNOPAUSE", "-dQUIET", ...args], { cwd });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? "";
    const stdout = (error as { stdout?: string }).stdout ?? "";
    throw new Error(`Ghostscript failed on ${args.at(-1)}: ${stderr}${stdout}`, { cause: error });
  }
}

/** A literal PostScript or PDF string, brackets included. */
export function literalString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/**
 * A PostScript image whose samples a procedure computes row by row, so the
 * file stays small and still holds a picture with something in it: a diagonal
 * gradient crossed by a chequer of bars.
 */
function patternImage(options: { width: number; height: number; colorSpace: "DeviceCMYK" | "DeviceRGB" }): string {
  const { width, height, colorSpace } = options;
  const components = colorSpace === "DeviceCMYK" ? 4 : 3;
  const last = { x: width - 1, y: height - 1 };
  const samples =
    colorSpace === "DeviceCMYK"
      ? [
          `row x 4 mul x 255 mul ${last.x} idiv put`,
          `row x 4 mul 1 add y 255 mul ${last.y} idiv put`,
          `row x 4 mul 2 add x y add ${Math.max(1, Math.round(width / 15))} idiv 2 mod 0 eq { 200 } { 20 } ifelse put`,
          "row x 4 mul 3 add 0 put",
        ]
      : [
          `row x 3 mul x 255 mul ${last.x} idiv put`,
          `row x 3 mul 1 add y 255 mul ${last.y} idiv put`,
          `row x 3 mul 2 add x 8 idiv y 8 idiv add 2 mod 0 eq { 220 } { 40 } ifelse put`,
        ];
  return [
    `/row ${width * components} string def`,
    "/y 0 def",
    `/${colorSpace} setcolorspace`,
    `<< /ImageType 1 /Width ${width} /Height ${height} /BitsPerComponent 8`,
    `   /Decode [${Array(components).fill("0 1").join(" ")}]`,
    `   /ImageMatrix [${width} 0 0 -${height} 0 ${height}]`,
    "   /DataSource {",
    `     0 1 ${last.x} { /x exch def`,
    ...samples.map((line) => `       ${line}`),
    "     } for",
    "     /y y 1 add def row }",
    ">> image",
  ].join("\n");
}

// pdfwrite's defaults would undo what the samples are for: it may recompress
// a continuous-tone image as JPEG or convert its colours, and its default
// NeverEmbed list leaves the 14 standard fonts out even with EmbedAllFonts.
const keepImagesAsDrawn =
  "/DownsampleColorImages false /AutoFilterColorImages false /ColorImageFilter /FlateEncode /ColorConversionStrategy /LeaveColorUnchanged";

/**
 * One page, trim 100 × 150 mm with 3 mm bleed (MediaBox = BleedBox, TrimBox
 * 3 mm inside), a background running into the bleed, text in an embedded font
 * and a 300 × 300 px DeviceCMYK image drawn at 1 × 1 inch: 300 ppi.
 */
export async function goodPdf(dir: string): Promise<string> {
  const media = { width: mm(TRIM_MM.width + 2 * BLEED_MM), height: mm(TRIM_MM.height + 2 * BLEED_MM) };
  const bleed = mm(BLEED_MM);
  const trimBox = [bleed, bleed, media.width - bleed, media.height - bleed];
  const postScript = [
    "%!PS-Adobe-3.0",
    "%%Title: Good artwork",
    "%%Pages: 1",
    "%%EndComments",
    `<< /NeverEmbed [ ] /AlwaysEmbed [ ] /EmbedAllFonts true /SubsetFonts true ${keepImagesAsDrawn} >> setdistillerparams`,
    `<< /PageSize [${media.width} ${media.height}] >> setpagedevice`,
    `[ /Title (Good artwork) /Creator (Sample artwork) /DOCINFO pdfmark`,
    `[ {ThisPage} << /TrimBox [${trimBox.join(" ")}] /BleedBox [0 0 ${media.width} ${media.height}] >> /PUT pdfmark`,
    `0.05 0 0.25 0 setcmykcolor 0 0 ${media.width} ${media.height} rectfill`,
    `0.9 0.6 0 0.1 setcmykcolor ${bleed + mm(8)} ${bleed + mm(8)} ${mm(84)} ${mm(4)} rectfill`,
    "/Helvetica-Bold findfont 18 scalefont setfont",
    "0 0 0 1 setcmykcolor",
    `${bleed + mm(10)} ${bleed + mm(130)} moveto (Good artwork 100 x 150 mm) show`,
    "gsave",
    `${bleed + mm(20)} ${bleed + mm(40)} translate 72 72 scale`,
    patternImage({ width: 300, height: 300, colorSpace: "DeviceCMYK" }),
    "grestore",
    "showpage",
    "%%EOF",
    "",
  ].join("\n");
  await writeSample(dir, "good.ps", postScript);
  await ghostscript(["-sDEVICE=pdfwrite", "-sOutputFile=good.pdf", "good.ps"], dir);
  return path.resolve(dir, "good.pdf");
}

/**
 * What a print check should complain about: the page is exactly the trim
 * (no bleed, no TrimBox or BleedBox), the image is a 96 × 96 px RGB image
 * drawn at 1 inch (96 ppi) and the text is in Helvetica, not embedded.
 */
export async function flawedPdf(dir: string): Promise<string> {
  const postScript = [
    "%!PS-Adobe-3.0",
    "%%Title: Flawed artwork",
    "%%Pages: 1",
    "%%EndComments",
    `<< /NeverEmbed [/Helvetica] /EmbedAllFonts false ${keepImagesAsDrawn} >> setdistillerparams`,
    `<< /PageSize [${mm(TRIM_MM.width)} ${mm(TRIM_MM.height)}] >> setpagedevice`,
    `[ /Title (Flawed artwork) /Creator (Sample artwork) /DOCINFO pdfmark`,
    `0.95 0.85 0.6 setrgbcolor ${mm(2)} ${mm(2)} ${mm(TRIM_MM.width - 4)} ${mm(TRIM_MM.height - 4)} rectfill`,
    "/Helvetica findfont 16 scalefont setfont",
    "0 0 0 setrgbcolor",
    `${mm(10)} ${mm(130)} moveto (Flawed artwork) show`,
    "gsave",
    `${mm(20)} ${mm(40)} translate 72 72 scale`,
    patternImage({ width: 96, height: 96, colorSpace: "DeviceRGB" }),
    "grestore",
    "showpage",
    "%%EOF",
    "",
  ].join("\n");
  await writeSample(dir, "flawed.ps", postScript);
  // Said on the command line as well as in the file: either alone has kept
  // Helvetica out, and a later Ghostscript honouring only one still does.
  await ghostscript(["-sDEVICE=pdfwrite", "-dEmbedAllFonts=false", "-sOutputFile=flawed.pdf", "flawed.ps"], dir);
  return path.resolve(dir, "flawed.pdf");
}

type PdfObject = string | Buffer;

/**
 * A PDF of the given objects, numbered from 1 (the first is the catalog), with
 * a cross-reference table whose offsets are right: hostile samples must fail
 * for what they hold, not because a reader had to repair them.
 */
export function pdfDocument(objects: PdfObject[], trailer = ""): Buffer {
  const parts: Buffer[] = [latin1("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const part = Buffer.concat([
      latin1(`${i + 1} 0 obj\n`),
      typeof object === "string" ? latin1(object) : object,
      latin1("\nendobj\n"),
    ]);
    parts.push(part);
    length += part.length;
  });
  const rows = offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  parts.push(
    latin1(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

export function pdfStream(dictionary: string, data: Buffer | string): Buffer {
  const bytes = typeof data === "string" ? latin1(data) : data;
  return Buffer.concat([latin1(`<< ${dictionary} /Length ${bytes.length} >>\nstream\n`), bytes, latin1("\nendstream")]);
}

/** A one-page PDF small enough to put anywhere, with a line of text on it. */
export function smallPdf(text: string): Buffer {
  return pdfDocument([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${mm(100)} ${mm(150)}] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
    pdfStream("", `BT /F1 14 Tf 20 380 Td ${literalString(text)} Tj ET 0.2 0.4 0.8 rg 20 20 240 300 re f`),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
}

/** Samples for a 3-channel raster: a gradient, diagonal bands and a dark frame. */
function pictureRgb(width: number, height: number, seed = 0): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  const frame = Math.max(2, Math.round(Math.min(width, height) / 40));
  const band = Math.max(4, Math.round(width / 12));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      if (x < frame || y < frame || x >= width - frame || y >= height - frame) {
        pixels[at] = 30;
        pixels[at + 1] = 30;
        pixels[at + 2] = 60;
        continue;
      }
      const inBand = Math.floor((x + y + seed * 17) / band) % 2 === 0;
      pixels[at] = Math.round((255 * x) / width);
      pixels[at + 1] = Math.round((255 * y) / height);
      pixels[at + 2] = inBand ? 200 : (seed * 40) % 256;
    }
  }
  return pixels;
}

export const A4 = { width: 595.28, height: 841.89 } as const;

/**
 * An A4 PDF of many pages, each with a heading and its own 600 × 400 px RGB
 * image (at 150 ppi), for timing the preview. Written directly rather than by
 * Ghostscript, which would spend seconds computing the pixels in PostScript.
 */
export async function manyPagePdf(dir: string, pages = 50): Promise<string> {
  const image = { width: 600, height: 400 };
  const drawn = { width: (image.width / 150) * 72, height: (image.height / 150) * 72 };
  const objects: PdfObject[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${4 + 3 * i} 0 R`).join(" ")}] /Count ${pages} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
  ];
  for (let page = 0; page < pages; page++) {
    const first = 4 + 3 * page;
    const x = (A4.width - drawn.width) / 2;
    const content = [
      `BT /F1 28 Tf 56 ${A4.height - 90} Td (Page ${page + 1} of ${pages}) Tj ET`,
      `q ${drawn.width} 0 0 ${drawn.height} ${x} ${A4.height - 140 - drawn.height} cm /Im1 Do Q`,
    ].join("\n");
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
        `/Resources << /Font << /F1 3 0 R >> /XObject << /Im1 ${first + 2} 0 R >> >> /Contents ${first + 1} 0 R >>`,
      pdfStream("", content),
      pdfStream(
        `/Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`,
        deflateSync(pictureRgb(image.width, image.height, page)),
      ),
    );
  }
  return writeSample(dir, `pages-${pages}.pdf`, pdfDocument(objects));
}

function illustratorXmp(): string {
  return [
    '<?xpacket begin="\xef\xbb\xbf" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
    ' xmlns:illustrator="http://ns.adobe.com/illustrator/1.0/">',
    "<xmp:CreatorTool>Adobe Illustrator 28.0 (Windows)</xmp:CreatorTool>",
    "<illustrator:Type>Document</illustrator:Type>",
    "</rdf:Description>",
    "</rdf:RDF>",
    "</x:xmpmeta>",
    '<?xpacket end="w"?>',
  ].join("\n");
}

/**
 * A PDF-compatible .ai as Illustrator lays one out: its metadata stream near
 * the start naming Illustrator, and the page's editing data under /PieceInfo
 * /Illustrator. The page itself is an ordinary drawable one, as the PDF half
 * of a real .ai is.
 */
export async function illustratorPdf(dir: string): Promise<string> {
  const content = [
    "0.9 0.3 0.1 rg 30 30 223 120 re f",
    "0.1 0.4 0.8 RG 4 w 141 300 m 241 300 l 191 390 l h S",
    "BT /F1 18 Tf 30 200 Td (Illustrator sample) Tj ET",
  ].join("\n");
  return writeSample(
    dir,
    "illustrator.ai",
    pdfDocument(
      [
        "<< /Type /Catalog /Pages 3 0 R /Metadata 2 0 R >>",
        pdfStream("/Type /Metadata /Subtype /XML", illustratorXmp()),
        "<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
        `<< /Type /Page /Parent 3 0 R /MediaBox [0 0 ${mm(100)} ${mm(150)}] /Resources << /Font << /F1 9 0 R >> >> ` +
          "/Contents 5 0 R /PieceInfo << /Illustrator 6 0 R >> >>",
        pdfStream("", content),
        "<< /Private 7 0 R /LastModified (D:20250101000000Z) >>",
        "<< /AIMetaData 8 0 R /ContainerVersion 12 /CreatorVersion 28 /RoundtripVersion 24 >>",
        pdfStream("", "%!PS-Adobe-3.0 \n%%Creator: Adobe Illustrator(R) 24.0\n%%AI8_CreatorVersion: 28.0.0\n%%EOF"),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        "<< /Creator (Adobe Illustrator 28.0 \\(Windows\\)) /Producer (Adobe PDF library 17.00) >>",
      ],
      "/Info 10 0 R ",
    ),
  );
}

/** The 100 × 150 mm bounding box, rounded down to whole points as most EPS writers do. */
export const EPS_BOUNDING_BOX = "%%BoundingBox: 0 0 283 425";

const epsShapes = [
  "0.85 0.9 1 setrgbcolor 0 0 283 425 rectfill",
  "0.1 0.3 0.7 setrgbcolor 20 20 243 140 rectfill",
  "0.9 0.4 0.1 setrgbcolor newpath 141 280 70 0 360 arc fill",
  "0 setgray 3 setlinewidth newpath 20 200 moveto 263 200 lineto stroke",
];

/**
 * A self-contained EPS: shapes, and text in a small stroked Type 3 font the
 * file defines itself, so it renders the same with no fonts installed.
 */
export async function eps(dir: string): Promise<string> {
  const postScript = [
    "%!PS-Adobe-3.0 EPSF-3.0",
    EPS_BOUNDING_BOX,
    "%%Title: Sample EPS",
    "%%Creator: Sample artwork",
    "%%DocumentSuppliedResources: font SampleStroke",
    "%%LanguageLevel: 2",
    "%%Pages: 1",
    "%%EndComments",
    "%%BeginProlog",
    "%%BeginResource: font SampleStroke",
    "8 dict begin",
    "/FontType 3 def",
    "/FontMatrix [0.001 0 0 0.001 0 0] def",
    "/FontBBox [0 -100 700 800] def",
    "/Encoding 256 array def",
    "0 1 255 { Encoding exch /.notdef put } for",
    "Encoding 32 /space put Encoding 69 /E put Encoding 80 /P put Encoding 83 /S put",
    "/Glyphs 5 dict def",
    "Glyphs /.notdef {} put",
    "Glyphs /space {} put",
    "Glyphs /E { 500 0 moveto 100 0 lineto 100 700 lineto 500 700 lineto 100 350 moveto 420 350 lineto } put",
    "Glyphs /P { 100 0 moveto 100 700 lineto 330 700 lineto 330 525 175 90 -90 arcn 100 350 lineto } put",
    "Glyphs /S { 300 525 175 20 270 arc 300 175 175 90 -160 arcn } put",
    "/BuildGlyph {",
    "  exch begin",
    "  650 0 0 -100 700 800 setcachedevice",
    "  80 setlinewidth 1 setlinecap 1 setlinejoin newpath",
    "  Glyphs exch get exec stroke",
    "  end",
    "} def",
    "/BuildChar { 1 index /Encoding get exch get 1 index /BuildGlyph get exec } def",
    "currentdict end",
    "/SampleStroke exch definefont pop",
    "%%EndResource",
    "%%EndProlog",
    "%%Page: 1 1",
    "gsave",
    ...epsShapes,
    "/SampleStroke findfont 48 scalefont setfont",
    "1 setgray 40 60 moveto (EPS) show",
    "grestore",
    "showpage",
    "%%EOF",
    "",
  ].join("\n");
  return writeSample(dir, "sample.eps", postScript);
}

/**
 * The same drawing with its text in Helvetica, which the file does not carry
 * and says it needs (DSC %%DocumentNeededResources): the renderer must supply it.
 */
export async function epsNeedingFont(dir: string): Promise<string> {
  const postScript = [
    "%!PS-Adobe-3.0 EPSF-3.0",
    EPS_BOUNDING_BOX,
    "%%Title: Sample EPS needing Helvetica",
    "%%Creator: Sample artwork",
    "%%DocumentNeededResources: font Helvetica",
    "%%LanguageLevel: 2",
    "%%Pages: 1",
    "%%EndComments",
    "%%BeginProlog",
    "%%EndProlog",
    "%%Page: 1 1",
    "%%IncludeResource: font Helvetica",
    "gsave",
    ...epsShapes,
    "/Helvetica findfont 36 scalefont setfont",
    "1 setgray 40 60 moveto (Helvetica) show",
    "grestore",
    "showpage",
    "%%EOF",
    "",
  ].join("\n");
  return writeSample(dir, "needs-font.eps", postScript);
}

export type RasterOptions = { widthPx?: number; heightPx?: number; ppi?: number };

// 100 × 150 mm at 300 ppi.
const rasterDefaults = { widthPx: 1181, heightPx: 1772, ppi: 300 } as const;

function rasterPicture(options: RasterOptions, colour: "srgb" | "cmyk") {
  const { widthPx, heightPx, ppi } = { ...rasterDefaults, ...options };
  const picture = sharp(pictureRgb(widthPx, heightPx), { raw: { width: widthPx, height: heightPx, channels: 3 } });
  // withMetadata attaches an sRGB profile unless told otherwise, and with it
  // turns a CMYK picture back into RGB.
  return colour === "cmyk"
    ? picture.toColourspace("cmyk").withMetadata({ density: ppi, icc: "cmyk" })
    : picture.withMetadata({ density: ppi });
}

export async function png(dir: string, options: RasterOptions = {}): Promise<string> {
  const file = path.resolve(dir, "sample.png");
  await rasterPicture(options, "srgb").png().toFile(file);
  return file;
}

export async function jpeg(dir: string, options: RasterOptions = {}): Promise<string> {
  const file = path.resolve(dir, "sample.jpg");
  await rasterPicture(options, "srgb").jpeg({ quality: 90 }).toFile(file);
  return file;
}

/** A CMYK TIFF with a CMYK profile, as a print shop's own files are. */
export async function tiff(dir: string, options: RasterOptions = {}): Promise<string> {
  const file = path.resolve(dir, "sample.tif");
  await rasterPicture(options, "cmyk").tiff({ compression: "lzw" }).toFile(file);
  return file;
}

export const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="150mm" viewBox="0 0 100 150">';

export const svgDrawing = [
  '  <rect width="100" height="150" fill="#f4efe1"/>',
  '  <rect x="8" y="100" width="84" height="40" rx="3" fill="#1f4fa0"/>',
  '  <circle cx="50" cy="55" r="25" fill="#e0661a" stroke="#222" stroke-width="1"/>',
  '  <text x="50" y="20" font-family="sans-serif" font-size="9" text-anchor="middle" fill="#222">Sample SVG</text>',
];

/** A plain SVG with nothing outside itself: no images, fonts or styles to fetch. */
export async function svg(dir: string): Promise<string> {
  const text = ['<?xml version="1.0" encoding="UTF-8"?>', SVG_OPEN, ...svgDrawing, "</svg>", ""].join("\n");
  return writeSample(dir, "sample.svg", text);
}
