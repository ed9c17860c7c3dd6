import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fontkit from "@pdf-lib/fontkit";
import { type RGB, rgb } from "pdf-lib";
import { woffToSfnt } from "./woff.server.ts";

// The fonts and logo a quotation's PDF is printed with, read once per process.

const require = createRequire(import.meta.url);

/**
 * Fontsource splits Noto Sans by Unicode range. Latin has Western European
 * letters and punctuation; Latin Extended the letters with macrons and dots
 * under them that Indian names take in transliteration (ā, ṣ, ṇ), used only by
 * quotations that have one; the Devanagari face has Hindi, Marathi and the
 * rupee sign. They are found through Node's resolution from this module, so
 * the same code finds them from the source and from the server build.
 */
const fontFiles = {
  latinRegular: () => require.resolve("@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff"),
  latinBold: () => require.resolve("@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff"),
  latinExtendedRegular: () => require.resolve("@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff"),
  latinExtendedBold: () => require.resolve("@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff"),
  devanagariRegular: () =>
    require.resolve("@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff"),
  devanagariBold: () =>
    require.resolve("@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff"),
};

export type FontFile = keyof typeof fontFiles;

/** The PostScript names the subsets go by in the PDF. */
export const fontNames: Record<FontFile, string> = {
  latinRegular: "NotoSans-Regular",
  latinBold: "NotoSans-Bold",
  latinExtendedRegular: "NotoSans-Regular",
  latinExtendedBold: "NotoSans-Bold",
  devanagariRegular: "NotoSansDevanagari-Regular",
  devanagariBold: "NotoSansDevanagari-Bold",
};

type FontData = { bytes: Uint8Array; characters: ReadonlySet<number> };
type LogoPath = { d: string; fill: RGB };
export type Logo = { minX: number; minY: number; size: number; paths: LogoPath[] };
type Assets = { fonts: Record<FontFile, FontData>; logo: Logo };

/**
 * The site's favicon is the logo. It is looked for above this module, in
 * public/ from the source and in client/ beside the server bundle of a build,
 * which is where the build copies public/.
 */
function logoFile(): string {
  const tried: string[] = [];
  let folder = path.dirname(fileURLToPath(import.meta.url));
  for (let level = 0; level < 5; level += 1) {
    for (const candidate of [path.join(folder, "public", "favicon.svg"), path.join(folder, "client", "favicon.svg")]) {
      if (existsSync(candidate)) return candidate;
      tried.push(candidate);
    }
    folder = path.dirname(folder);
  }
  throw new Error(`The logo for quotations was not found: looked for ${tried.join(", ")}`);
}

function hexColour(hex: string | undefined): RGB {
  // SVG fills a path black when it names no colour.
  if (hex === undefined) return rgb(0, 0, 0);
  const digits = hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit).join("") : hex.slice(1);
  const channel = (index: number) => Number.parseInt(digits.slice(index * 2, index * 2 + 2), 16) / 255;
  return rgb(channel(0), channel(1), channel(2));
}

/**
 * The paths and flat fills of the favicon, which is all it has: no groups,
 * transforms or gradients to follow. A logo with none of its paths readable is
 * refused, rather than printing quotations with a hole where it should be.
 */
export function parseLogo(svg: string): Logo {
  const viewBox = /\bviewBox="([^"]+)"/
    .exec(svg)?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const [minX = 0, minY = 0, width = Number.NaN, height = Number.NaN] = viewBox ?? [];
  const paths: LogoPath[] = [];
  for (const [, attributes = ""] of svg.matchAll(/<path\b([^>]*)>/g)) {
    const d = /\bd="([^"]+)"/.exec(attributes)?.[1];
    if (d === undefined) continue;
    const fill = /\bfill="(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})"/.exec(attributes)?.[1];
    paths.push({ d, fill: hexColour(fill) });
  }
  if (!(width > 0 && height > 0) || paths.length === 0) {
    throw new Error("The logo for quotations has no viewBox or no path to draw");
  }
  return { minX, minY, size: Math.max(width, height), paths };
}

async function readAssets(): Promise<Assets> {
  const names = Object.keys(fontFiles) as FontFile[];
  const data = await Promise.all(
    names.map(async (name): Promise<FontData> => {
      const bytes = woffToSfnt(await readFile(fontFiles[name]()));
      return { bytes, characters: new Set(fontkit.create(bytes).characterSet) };
    }),
  );
  const fonts = Object.fromEntries(names.map((name, index) => [name, data[index]])) as Record<FontFile, FontData>;
  return { fonts, logo: parseLogo(await readFile(logoFile(), "utf8")) };
}

let assets: Promise<Assets> | undefined;

export function loadAssets(): Promise<Assets> {
  assets ??= readAssets().catch((error: unknown) => {
    // A failed read is tried again by the next quotation rather than remembered.
    assets = undefined;
    throw error;
  });
  return assets;
}
