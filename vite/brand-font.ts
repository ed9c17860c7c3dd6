import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import subsetFont from "subset-font";
import type { Plugin } from "vite";

/**
 * The brand typeface cut down to what the site shows. The published Latin file
 * carries every accented letter and the whole weight axis (200–800) in 27 KB;
 * the site writes English in weights 400 to 800 with the default features, and
 * that cut is 11 KB. Under 14 KB it arrives in the first round trip of a fresh
 * connection (TCP's first window is ten 1460-byte packets), where 16 KB needs a
 * second. Only the wide layout uses it (app/site/styles/global.css): on a
 * phone's connection even this cut held back the largest paint (record 20).
 * A character outside it (a visitor's "é", say) is drawn by the size-matched
 * stand-in of fonts.css.
 */

/** Code points kept, as inclusive ranges; fonts.css's unicode-range lists the same (brand-font.test.ts). */
export const brandFontCharacters: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0xa0], // no-break space
  [0xa9, 0xa9], // ©
  [0xae, 0xae], // ®
  [0xb0, 0xb0], // °
  [0xb7, 0xb7], // ·
  [0xd7, 0xd7], // ×
  [0x2013, 0x2014], // – —
  [0x2018, 0x2019], // ‘ ’
  [0x201c, 0x201d], // “ ”
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x2039, 0x203a], // ‹ ›
  [0x2122, 0x2122], // ™
  [0x2192, 0x2192], // →
  [0x2212, 0x2212], // minus
];

/** The weights the style sheets use (site.css, staff.css); fonts.css declares the same range. */
export const brandFontWeights = { min: 400, max: 800 } as const;

const hex = (codePoint: number) => codePoint.toString(16).toUpperCase();

/** The ranges in CSS's unicode-range syntax. */
export function unicodeRange(): string {
  return brandFontCharacters
    .map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`))
    .join(", ");
}

const characters = () =>
  brandFontCharacters
    .flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index)),
    )
    .join("");

/** The specifier the style sheet and the page's preload link name the cut font by. */
const SPECIFIER = "brand-font.woff2";

const require = createRequire(import.meta.url);
const sourceFile = () =>
  require.resolve("@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2");

/**
 * The OpenType features kept: those browsers apply to every text by default.
 * The others (stylistic sets, fractions, tabular figures, alternates) pull in
 * glyphs the site never asks for; no style sheet sets font-feature-settings or
 * font-variant (brand-font.test.ts).
 */
export const brandFontFeatures = ["ccmp", "locl", "mark", "mkmk", "kern", "liga", "clig", "calt", "rlig", "rclt"];

/** Cuts the published file; the same input gives the same bytes. */
export async function cutBrandFont(): Promise<Buffer> {
  return subsetFont(await readFile(sourceFile()), characters(), {
    targetFormat: "woff2",
    variationAxes: { wght: brandFontWeights },
    keepFeatures: brandFontFeatures,
  });
}

/**
 * Makes the cut font once per recipe, in node_modules/.cache, and points
 * `brand-font.woff2` at it, in CSS url()s and imports alike. Vite names the
 * emitted asset by its content, so a new cut is a new address.
 */
export function brandFont(): Plugin {
  return {
    name: "brand-font",
    async config(config) {
      const root = path.resolve(config.root ?? process.cwd());
      const source = await readFile(sourceFile());
      const recipe = createHash("sha256")
        .update(JSON.stringify({ brandFontCharacters, brandFontWeights, brandFontFeatures }))
        .update(source)
        .digest("base64url")
        .slice(0, 10);
      const file = path.join(root, "node_modules", ".cache", "brand-font", recipe, "plus-jakarta-sans.woff2");
      const made = await readFile(file).catch(() => undefined);
      if (!made) {
        await mkdir(path.dirname(file), { recursive: true });
        // Written aside and renamed, so a build running beside this one never reads half a file.
        const partial = `${file}.${process.pid}.partial`;
        await writeFile(partial, await cutBrandFont());
        await rename(partial, file);
      }
      return { resolve: { alias: [{ find: new RegExp(`^${SPECIFIER.replace(".", "\\.")}`), replacement: file }] } };
    },
  };
}
