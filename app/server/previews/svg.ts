/**
 * Why an SVG is not rendered, or undefined when it is self-contained. Every
 * reference must point inside the file (#id) or carry its data (data:);
 * anything else is a file on the server or an address on the network that a
 * renderer could be led to read. Entity declarations are refused too: they
 * are how an XML file multiplies itself (the "billion laughs").
 */
export function svgRefusal(source: string): string | undefined {
  const text = asRendered(source);
  if (/<!ENTITY/i.test(text)) return "the SVG declares XML entities";
  if (/<!DOCTYPE[^>]*\bSYSTEM\b/i.test(text)) return "the SVG refers to an outside definition";
  const outside: string[] = [];
  for (const match of text.matchAll(/\b(?:xlink:href|href|src)\s*=\s*(["'])(.*?)\1/gis)) outside.push(match[2] ?? "");
  for (const match of text.matchAll(/url\(\s*(["']?)(.*?)\1\s*\)/gis)) outside.push(match[2] ?? "");
  if (/@import/i.test(text)) return "the SVG imports a style sheet";
  const leaves = outside.filter((target) => {
    const value = target.trim();
    return !(value.startsWith("#") || /^data:/i.test(value));
  });
  return leaves.length > 0 ? "the SVG refers to files or addresses outside itself" : undefined;
}

/**
 * The text as a renderer reads it: CDATA sections opened up, XML character
 * references and CSS escapes decoded, CSS comments dropped. A reference
 * spelt "&#117;rl(" or "@\\69mport" is then plain to see.
 */
function asRendered(source: string): string {
  const character = (code: number) =>
    Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  return source
    .replace(/<!\[CDATA\[|\]\]>/g, "")
    .replace(/&#x([0-9a-f]+);?/gi, (_match, hex: string) => character(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_match, decimal: string) => character(Number.parseInt(decimal, 10)))
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_match, hex: string) => character(Number.parseInt(hex, 16)))
    .replace(/\\(.)/g, "$1")
    .replace(/\/\*[\s\S]*?\*\//g, "");
}

const unitMm: Record<string, number> = {
  mm: 1,
  cm: 10,
  in: 25.4,
  pt: 25.4 / 72,
  pc: 25.4 / 6,
  px: 25.4 / 96,
  "": 25.4 / 96,
};

/** A length of the root element's width or height, in millimetres. */
function lengthMm(value: string | undefined): number | undefined {
  const match = value?.trim().match(/^([\d.]+)\s*(mm|cm|in|pt|pc|px)?$/i);
  if (!match) return undefined;
  const number = Number(match[1]);
  const unit = unitMm[(match[2] ?? "").toLowerCase()];
  return Number.isFinite(number) && number > 0 && unit !== undefined ? number * unit : undefined;
}

/** The root element's size in millimetres, when it states one. */
export function svgSizeMm(text: string): { width: number; height: number } | undefined {
  const root = text.match(/<(?:svg:)?svg\b[^>]*>/i)?.[0] ?? "";
  const attribute = (name: string) => root.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, "i"))?.[1];
  const width = lengthMm(attribute("width"));
  const height = lengthMm(attribute("height"));
  return width && height ? { width, height } : undefined;
}
