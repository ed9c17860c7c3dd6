/**
 * Makes the preview images of one picture, in a process of its own: the
 * checks run it through runTool, so sharp decodes a stranger's file under the
 * same time and memory limits as Poppler and Ghostscript, and a decoder that
 * crashes takes only this process with it.
 *
 * Called as: node image-tool.ts '<json ImageJob>'. Writes large.webp and
 * small.webp into the job's folder and prints what it read of the picture as
 * one JSON line; on a file it cannot read, prints the reason on stderr and
 * exits with 2.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata, type Sharp } from "sharp";

export type ImageJob = {
  input: string;
  /** Folder for large.webp and small.webp. */
  output: string;
  /** "svg" is rendered at the size that makes its long side fit; "psd" is read by our own reader. */
  mode: "raster" | "svg" | "psd";
  maxPixels: number;
  longSide: number;
  smallSide: number;
  timeoutSeconds: number;
};

/** What the checks need of a picture: its pixels, stored density and colour space. */
export type ImageInfo = {
  format: string;
  width: number;
  height: number;
  /** Pixels per inch as stored in the file; undefined when it stores none. */
  ppi?: number;
  space: string;
  pages: number;
  /** An SVG's own size, when its root element states one. */
  sizeMm?: { width: number; height: number };
  /** An SVG that keeps its text as text, for the printer's fonts to set. */
  liveText?: boolean;
};

async function main(job: ImageJob): Promise<ImageInfo> {
  sharp.cache(false);
  sharp.concurrency(1);
  const limits = { limitInputPixels: job.maxPixels, failOn: "error" as const };
  if (job.mode === "psd") return fromPsd(job, limits);
  if (job.mode === "svg") return fromSvg(job, limits);

  const meta = await sharp(job.input, limits).metadata();
  if (!meta.width || !meta.height) throw new Error("the picture's size cannot be read");
  await writePreviews(sharp(job.input, limits), job);
  return {
    format: meta.format ?? "unknown",
    width: meta.width,
    height: meta.height,
    ...(storedPpi(meta) ? { ppi: storedPpi(meta) } : {}),
    space: meta.space ?? "unknown",
    pages: meta.pages ?? 1,
  };
}

/**
 * An SVG is read here, under the run's limits, and not in the server: a
 * stranger's text can make its reading slow. Refused when it refers to
 * anything outside itself; rendered from memory, never from its path, so
 * that with no folder of its own it cannot reach a file beside it.
 */
async function fromSvg(job: ImageJob, limits: { limitInputPixels: number }): Promise<ImageInfo> {
  const { svgRefusal, svgSizeMm } = await import("./svg.ts");
  const bytes = await readFile(job.input);
  const text = bytes.toString("utf8");
  const refused = svgRefusal(text);
  if (refused) throw new Error(refused);
  const meta = await sharp(bytes, limits).metadata();
  if (!meta.width || !meta.height) throw new Error("the picture's size cannot be read");
  // SVG sizes are in CSS pixels (96 to the inch); render so the long side fits.
  const density = Math.min(2400, (72 * job.longSide) / Math.max(meta.width, meta.height));
  await writePreviews(sharp(bytes, { ...limits, density }), job);
  const sizeMm = svgSizeMm(text);
  return {
    format: meta.format ?? "svg",
    width: meta.width,
    height: meta.height,
    space: meta.space ?? "unknown",
    pages: 1,
    ...(sizeMm ? { sizeMm } : {}),
    liveText: /<(?:svg:)?text\b/i.test(text),
  };
}

function storedPpi(meta: Metadata): number | undefined {
  // libvips reports 72 for a file that stores no density at all: only a stored one counts.
  if (!meta.density || (meta.density === 72 && meta.format !== "jpeg" && meta.format !== "tiff")) return undefined;
  return meta.density;
}

async function fromPsd(job: ImageJob, limits: { limitInputPixels: number }): Promise<ImageInfo> {
  const { readPsd } = await import("./psd.ts");
  const psd = readPsd(await readFile(job.input), { maxPixels: limits.limitInputPixels });
  const info: ImageInfo = {
    format: "psd",
    width: psd.width,
    height: psd.height,
    ...(psd.ppi ? { ppi: psd.ppi } : {}),
    space: psd.mode === "rgb" ? "srgb" : psd.mode,
    pages: 1,
  };
  if ("missing" in psd.composite) throw new Error(psd.composite.missing);
  const { pixels, channels, space } = psd.composite;
  const raw = space === "cmyk" ? { pixels: naiveRgb(pixels), channels: 3 as const } : { pixels, channels };
  await writePreviews(
    sharp(raw.pixels, { raw: { width: psd.width, height: psd.height, channels: raw.channels } }),
    job,
  );
  return info;
}

/**
 * CMYK samples (255 = full ink) as RGB without a colour profile: close enough
 * to see what the artwork shows, which is all a preview is for.
 */
function naiveRgb(cmyk: Buffer): Buffer {
  const rgb = Buffer.alloc((cmyk.length / 4) * 3);
  for (let from = 0, to = 0; from < cmyk.length; from += 4, to += 3) {
    const white = 255 - (cmyk[from + 3] ?? 0);
    for (let channel = 0; channel < 3; channel++) {
      rgb[to + channel] = Math.round(((255 - (cmyk[from + channel] ?? 0)) * white) / 255);
    }
  }
  return rgb;
}

async function writePreviews(source: Sharp, job: ImageJob): Promise<void> {
  // The first page or frame only; flattened on white, as paper is.
  const base = source.timeout({ seconds: job.timeoutSeconds }).rotate().flatten({ background: "#ffffff" });
  const large = await base
    .clone()
    .resize(job.longSide, job.longSide, { fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
    .webp({ quality: 80 })
    .toBuffer();
  const small = await sharp(large)
    .resize(job.smallSide, job.smallSide, { fit: "inside" })
    .webp({ quality: 70 })
    .toBuffer();
  await writeFile(path.join(job.output, "large.webp"), large);
  await writeFile(path.join(job.output, "small.webp"), small);
}

if (process.argv[2]) {
  try {
    const info = await main(JSON.parse(process.argv[2]) as ImageJob);
    process.stdout.write(`${JSON.stringify(info)}\n`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // libvips' words for its pixel limit, in the staff's.
    process.stderr.write(`${/pixel limit/i.test(message) ? "the picture has too many pixels to preview" : message}\n`);
    process.exitCode = 2;
  }
}
