import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { open, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";
import {
  type DecodedPhoto,
  decodePhoto,
  encodeVariant,
  photoRecipe,
} from "../app/server/photos/photo-pipeline.server.ts";
import { PHOTO_HEAD_BYTES, photoFormatExtension, photoFormatType } from "../app/server/photos/photo-rules.ts";
import { photoProblem, type SourceFormat, sniffFormat } from "./photo-rules.ts";

type OutputFormat = "avif" | "webp" | SourceFormat;

/**
 * The files' one hash: of the photograph's bytes and of everything that turns
 * them into files (photoRecipe). A new photograph, or new settings, is a new
 * address, so every address can be cached for ever.
 */
function recipeHash(bytes: Buffer): string {
  return createHash("sha256").update(photoRecipe()).update(bytes).digest("base64url").slice(0, 10);
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

/** A photograph decoded once (photo-pipeline.server.ts), and the format it came in, which is its fallback's. */
type Source = DecodedPhoto & { format: SourceFormat };

// One decode per photograph, shared by the client and server builds, which run in one process.
const sources = new Map<string, Promise<Source>>();
const files = new Map<string, Promise<Buffer>>();

function readSource(bytes: Buffer, format: SourceFormat, hash: string): Promise<Source> {
  const source = sources.get(hash) ?? decodePhoto(bytes).then((decoded) => ({ ...decoded, format }));
  sources.set(hash, source);
  return source;
}

function variant(source: Source, width: number, format: OutputFormat, key: string): Promise<Buffer> {
  const made = files.get(key) ?? encodeVariant(source, width, format);
  files.set(key, made);
  return made;
}

const photoQuery = /\?photo$/;

/**
 * The build's photo step: a JPEG or PNG imported with `?photo` becomes a Photo
 * (app/site/content/photo.ts), with AVIF, WebP and the original format at the
 * widths of the photo rules written as assets. All the files of one photograph
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
    const head = new Uint8Array(PHOTO_HEAD_BYTES);
    try {
      await handle.read(head, 0, PHOTO_HEAD_BYTES, 0);
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
          const src = `/@photo/${encodeURI(path.relative(root, file))}/${width}.${photoFormatExtension[outputFormat]}`;
          servedFiles.set(src, { source, width, format: outputFormat, key });
          return JSON.stringify(src);
        }
        const reference = this.emitFile({
          type: "asset",
          fileName: path.posix.join(assetsDir, `${stem}-${hash}-${width}.${photoFormatExtension[outputFormat]}`),
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
        `  fallback: { type: ${JSON.stringify(photoFormatType[format])}, variants: ${fallback} },`,
        "};",
      ].join("\n");
    },

    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const served = request.url ? servedFiles.get(request.url.split("?")[0] ?? "") : undefined;
        if (!served) return next();
        variant(served.source, served.width, served.format, served.key).then(
          (body) => {
            response.setHeader("Content-Type", photoFormatType[served.format]);
            response.setHeader("Cache-Control", "no-cache");
            response.end(body);
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}
