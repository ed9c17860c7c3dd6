import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { open, readFile, stat } from "node:fs/promises";
import path from "node:path";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import type { Plugin } from "vite";
import { layoutWidths, photoProblem, type SourceFormat, sniffFormat, variantWidths } from "./photo-rules.ts";

type OutputFormat = "avif" | "webp" | SourceFormat;

const extensionOf: Record<OutputFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg", png: "png" };
const mimeOf: Record<OutputFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

/**
 * Quality chosen by eye on the sample photograph at 2×: the lowest at which
 * printed lines and the board's grain stay clean (AVIF 45 looks as 50 does
 * and keeps a phone's 720 px file under one round trip's 14 KB). The fallback
 * is for old browsers only, so its size matters less than its look.
 */
const settings = {
  avif: { quality: 45, effort: 4 },
  webp: { quality: 72, effort: 4 },
  jpeg: { quality: 76, mozjpeg: true },
  png: { compressionLevel: 9 },
} as const;

function encode(image: Sharp, format: OutputFormat): Sharp {
  switch (format) {
    case "avif":
      return image.avif(settings.avif);
    case "webp":
      return image.webp(settings.webp);
    case "jpeg":
      return image.jpeg(settings.jpeg);
    case "png":
      return image.png(settings.png);
  }
}

/**
 * What a photograph's files are made from: its bytes, and everything that
 * turns them into files. The files are named by it, so a new photograph, or
 * new settings, is a new address, and every address can be cached for ever.
 */
function recipeHash(bytes: Buffer): string {
  return createHash("sha256")
    .update(JSON.stringify({ settings, layoutWidths, vips: sharp.versions.vips }))
    .update(bytes)
    .digest("base64url")
    .slice(0, 10);
}

/** A file name's stem as an address spells it without escaping: lower case, digits and dashes. */
function addressStem(file: string): string {
  const stem = path
    .basename(file, path.extname(file))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return stem || "photo";
}

/** A photograph decoded once, turned upright and scaled to the widest variant, for every variant to be made from. */
type Source = {
  format: SourceFormat;
  widths: number[];
  pixels: Buffer;
  info: OutputInfo;
  color: string;
};

// One decode per photograph, shared by the client and server builds, which run in one process.
const sources = new Map<string, Promise<Source>>();
const files = new Map<string, Promise<Buffer>>();

function readSource(bytes: Buffer, format: SourceFormat, hash: string): Promise<Source> {
  const source = sources.get(hash) ?? decode(bytes, format);
  sources.set(hash, source);
  return source;
}

async function decode(bytes: Buffer, format: SourceFormat): Promise<Source> {
  const { autoOrient } = await sharp(bytes).metadata();
  const widths = variantWidths(autoOrient.width);
  const widest = Math.max(...widths);
  // EXIF orientation is applied, then dropped with the rest of the metadata (a phone's location among it).
  const { data, info } = await sharp(bytes)
    .autoOrient()
    .resize({ width: widest })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { dominant } = await sharp(data, { raw: info }).stats();
  const hex = [dominant.r, dominant.g, dominant.b].map((channel) => channel.toString(16).padStart(2, "0")).join("");
  return { format, widths, pixels: data, info, color: `#${hex}` };
}

function variant(source: Source, width: number, format: OutputFormat, key: string): Promise<Buffer> {
  const made =
    files.get(key) ?? encode(sharp(source.pixels, { raw: source.info }).resize({ width }), format).toBuffer();
  files.set(key, made);
  return made;
}

const photoQuery = /\?photo$/;

/**
 * The build's photo step: a JPEG or PNG imported with `?photo` becomes a Photo
 * (app/site/content/photo.ts), with AVIF, WebP and the original format at the
 * widths of photo-rules.ts written as assets. All the files of one photograph
 * share one hash in their names, so its srcsets, repeated in every page that
 * shows it, cost the HTML little once compressed. In development the same
 * files are made on request. Every file in `folder` (relative to the project)
 * is checked when the build starts, and a file that is not a JPEG or PNG, or is
 * too large, stops it with a message naming the file.
 */
export function photos({ folder }: { folder: string }): Plugin {
  let root = process.cwd();
  let assetsDir = "assets";
  let serving = false;
  // In development, the files of the photographs modules have asked for, by address.
  const servedFiles = new Map<string, { source: Source; width: number; format: OutputFormat; key: string }>();

  async function check(file: string): Promise<{ problem?: string; format?: SourceFormat }> {
    const shown = path.relative(root, file);
    const { size } = await stat(file);
    const handle = await open(file);
    const head = new Uint8Array(8);
    try {
      await handle.read(head, 0, 8, 0);
    } finally {
      await handle.close();
    }
    const problem = photoProblem(shown, size, head);
    return problem ? { problem } : { format: sniffFormat(head) };
  }

  return {
    name: "photos",
    // Before Vite's own asset handling, which would make a .jpg import an address.
    enforce: "pre",

    configResolved(config) {
      root = config.root;
      assetsDir = config.build.assetsDir;
      serving = config.command === "serve";
    },

    async buildStart() {
      const dir = path.resolve(root, folder);
      if (!existsSync(dir)) return;
      const entries = readdirSync(dir, { withFileTypes: true }).filter(
        (entry) => entry.isFile() && !entry.name.startsWith("."),
      );
      const results = await Promise.all(entries.map((entry) => check(path.join(dir, entry.name))));
      const problems = results.flatMap((result) => (result.problem ? [result.problem] : []));
      if (problems.length > 0) this.error(problems.join("\n"));
    },

    async load(id) {
      if (!photoQuery.test(id)) return null;
      const file = id.replace(photoQuery, "");
      this.addWatchFile(file);
      const { problem, format } = await check(file);
      if (problem || !format) return this.error(problem ?? `${path.relative(root, file)} could not be read`);
      const bytes = await readFile(file);
      const hash = recipeHash(bytes);
      let source: Source;
      try {
        source = await readSource(bytes, format, hash);
      } catch (error) {
        return this.error(
          `${path.relative(root, file)} could not be read as an image (${(error as Error).message}). Save it again as a JPEG.`,
        );
      }
      const stem = addressStem(file);

      const address = async (width: number, outputFormat: OutputFormat): Promise<string> => {
        const key = `${hash}|${width}|${outputFormat}`;
        if (serving) {
          const src = `/@photo/${encodeURI(path.relative(root, file))}/${width}.${extensionOf[outputFormat]}`;
          servedFiles.set(src, { source, width, format: outputFormat, key });
          return JSON.stringify(src);
        }
        const reference = this.emitFile({
          type: "asset",
          fileName: path.posix.join(assetsDir, `${stem}-${hash}-${width}.${extensionOf[outputFormat]}`),
          source: await variant(source, width, outputFormat, key),
        });
        // The bundler writes the file's address here, with the site's base.
        return `import.meta.ROLLUP_FILE_URL_${reference}`;
      };
      const list = async (outputFormat: OutputFormat): Promise<string> => {
        const items = await Promise.all(
          source.widths.map(async (width) => `{ src: ${await address(width, outputFormat)}, width: ${width} }`),
        );
        return `[${items.join(", ")}]`;
      };
      const [avif, webp, fallback] = await Promise.all([list("avif"), list("webp"), list(format)]);
      // Written as code, not JSON: each address is an expression the bundler fills in.
      return [
        "export default {",
        // The source was scaled to the widest file, so its size is that file's.
        `  width: ${source.info.width},`,
        `  height: ${source.info.height},`,
        `  color: ${JSON.stringify(source.color)},`,
        `  avif: ${avif},`,
        `  webp: ${webp},`,
        `  fallback: { type: ${JSON.stringify(mimeOf[format])}, variants: ${fallback} },`,
        "};",
      ].join("\n");
    },

    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const served = request.url ? servedFiles.get(request.url.split("?")[0] ?? "") : undefined;
        if (!served) return next();
        variant(served.source, served.width, served.format, served.key).then(
          (body) => {
            response.setHeader("Content-Type", mimeOf[served.format]);
            response.setHeader("Cache-Control", "no-cache");
            response.end(body);
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}
