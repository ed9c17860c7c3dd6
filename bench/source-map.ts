import { decode } from "@jridgewell/sourcemap-codec";

/** The parts of a version 3 source map that byte attribution needs. */
export type SourceMapJson = { sources: string[]; mappings: string };

/** Who a byte of a bundle belongs to: our code, a package by name, or bundler glue no source claims. */
export const OWN_CODE = "own code";
export const UNMAPPED = "bundler glue (unmapped)";

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
  const mappingLines = decode(map.mappings);
  code.split("\n").forEach((line, lineIndex) => {
    if (lineIndex > 0) add(UNMAPPED, "\n");
    let source = UNMAPPED;
    let from = 0;
    for (const [column, sourceIndex] of mappingLines[lineIndex] ?? []) {
      add(source, line.slice(from, column));
      from = column;
      source = sourceIndex === undefined ? UNMAPPED : (sources[sourceIndex] ?? UNMAPPED);
    }
    add(source, line.slice(from));
  });
  return totals;
}
