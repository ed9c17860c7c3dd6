/** The parts of a version 3 source map that byte attribution needs. */
export type SourceMapJson = { sources: string[]; mappings: string };

/** Who a byte of a bundle belongs to: our code, a package by name, or bundler glue no source claims. */
export const OWN_CODE = "own code";
export const UNMAPPED = "bundler glue (unmapped)";

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BASE64_VALUE = new Map([...BASE64].map((char, index) => [char, index]));

function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64_VALUE.get(char);
    if (digit === undefined) throw new Error(`Invalid character "${char}" in source map mappings`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value % 2 === 1 ? -Math.floor(value / 2) : value / 2);
    value = 0;
    shift = 0;
  }
  return values;
}

/**
 * The package a source path lies in, or our own code when it is outside
 * node_modules. Scoped packages keep their scope (@react-router/dev).
 */
export function ownerOfSource(source: string): string {
  if (source === UNMAPPED) return UNMAPPED;
  const parts = source.split(/[\\/]/);
  const index = parts.lastIndexOf("node_modules");
  if (index === -1) return OWN_CODE;
  const name = parts[index + 1] ?? "";
  return name.startsWith("@") ? `${name}/${parts[index + 2] ?? ""}` : name;
}

/**
 * Splits a generated file's bytes among its sources (UNMAPPED for none). Each
 * mapping segment claims the code from its column up to the next segment on the
 * same line; code before a line's first segment, line breaks and segments without
 * a source belong to no source. Bytes are UTF-8 bytes, as the file is served.
 */
export function attributeBytes(code: string, map: SourceMapJson): Map<string, number> {
  const sources = map.sources.map((source) => source.replace(/^(\.\.\/)+/, ""));
  const totals = new Map<string, number>();
  const add = (key: string, text: string) => {
    const bytes = Buffer.byteLength(text);
    if (bytes > 0) totals.set(key, (totals.get(key) ?? 0) + bytes);
  };
  const lines = code.split("\n");
  const mappingLines = map.mappings.split(";");
  let sourceIndex = 0;
  lines.forEach((line, lineIndex) => {
    if (lineIndex > 0) add(UNMAPPED, "\n");
    let column = 0;
    let source = UNMAPPED;
    let from = 0;
    for (const segment of (mappingLines[lineIndex] ?? "").split(",")) {
      if (segment === "") continue;
      const fields = decodeVlq(segment);
      column += fields[0] ?? 0;
      add(source, line.slice(from, column));
      from = column;
      if (fields.length >= 4) {
        sourceIndex += fields[1] ?? 0;
        source = sources[sourceIndex] ?? UNMAPPED;
      } else {
        source = UNMAPPED;
      }
    }
    add(source, line.slice(from));
  });
  return totals;
}
