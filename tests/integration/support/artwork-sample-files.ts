import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { inflateRawSync } from "node:zlib";
import type { Sharp } from "sharp";
import { afterAll, beforeAll, expect } from "vitest";
import { detectArtworkKind } from "../../../app/server/uploads/artwork-kind.server.ts";

// The samples are checked with the tools a print shop and the preview use
// (Poppler, Ghostscript, libvips through sharp), not with the code that made them.

export const runFile = promisify(execFile);
export const mm = (millimetres: number) => (millimetres * 72) / 25.4;

export type Run = { code: number; stdout: string; stderr: string; ms: number };

/** Runs a command to its end whatever its exit code, which several tests are about. */
export async function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const started = performance.now();
  try {
    const { stdout, stderr } = await runFile(command, args, { ...options, timeout: 15_000, maxBuffer: 16 << 20 });
    return { code: 0, stdout, stderr, ms: performance.now() - started } satisfies Run;
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string };
    if (typeof failed.code !== "number") throw error;
    return {
      code: failed.code,
      stdout: failed.stdout ?? "",
      stderr: failed.stderr ?? "",
      ms: performance.now() - started,
    };
  }
}

/** `pdfinfo -box` as numbers: page count and each box as [x0, y0, x1, y1]. */
export async function pdfBoxes(file: string) {
  const { stdout, code } = await run("pdfinfo", ["-box", file]);
  expect(code).toBe(0);
  const box = (name: string) => {
    const line = stdout.split("\n").find((row) => row.startsWith(`${name}:`));
    if (!line) throw new Error(`pdfinfo printed no ${name}`);
    return line.split(/\s+/).slice(1).map(Number);
  };
  return {
    pages: Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]),
    media: box("MediaBox"),
    trim: box("TrimBox"),
    bleed: box("BleedBox"),
  };
}

export function expectBox(actual: number[], expected: number[]) {
  expect(actual).toHaveLength(4);
  for (const [i, value] of actual.entries()) expect(Math.abs(value - (expected[i] ?? Number.NaN))).toBeLessThan(0.02);
}

/** The rows of a Poppler listing (pdffonts, pdfimages -list) under its dashed rule, split on whitespace. */
export async function popplerRows(command: string, args: string[]): Promise<string[][]> {
  const { stdout, code } = await run(command, args);
  expect(code).toBe(0);
  const lines = stdout.trimEnd().split("\n");
  const rule = lines.findIndex((line) => line.startsWith("---"));
  return lines.slice(rule + 1).map((line) => line.trim().split(/\s+/));
}

/** pdffonts columns: name type [type] encoding emb sub uni id gen; read from the right, as the type may be two words. */
export const fontEmbedded = (row: string[]) => row.at(-5);
/** pdfimages -list columns: page num type width height color comp bpc enc interp id gen x-ppi y-ppi size ratio. */
export const imageRow = (row: string[]) => ({
  width: Number(row[3]),
  height: Number(row[4]),
  color: row[5],
  encoding: row[8],
  xPpi: Number(row[12]),
  yPpi: Number(row[13]),
});

/** Every xref row of a hand-written PDF points at the object it names. */
export function expectSoundXref(pdf: Buffer) {
  const text = pdf.toString("latin1");
  const start = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  expect(text.startsWith("xref\n", start)).toBe(true);
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(start)) ?? [];
  expect(first).toBe("0");
  const rows = text
    .slice(start)
    .split("\n")
    .slice(2, 2 + Number(count));
  rows.slice(1).forEach((row, i) => {
    const offset = Number(row.slice(0, 10));
    expect(text.startsWith(`${i + 1} 0 obj`, offset)).toBe(true);
  });
  expect(/trailer\s*<<[\s\S]*\/Size (\d+)/.exec(text)?.[1]).toBe(count);
}

export type ZipListing = {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  local: { crc: number; compressedSize: number; size: number; name: string };
  data: Buffer;
};

/** Reads a ZIP through its central directory, as an unpacker does, and each entry's local header. */
export function readZip(bytes: Buffer): ZipListing[] {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(-1);
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: ZipListing[] = [];
  for (let i = 0; i < count; i++) {
    expect(bytes.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = bytes.readUInt16LE(at + 28);
    const skip = nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const offset = bytes.readUInt32LE(at + 42);
    expect(bytes.readUInt32LE(offset)).toBe(0x04034b50);
    const localName = bytes.readUInt16LE(offset + 26);
    const dataStart = offset + 30 + localName + bytes.readUInt16LE(offset + 28);
    const compressedSize = bytes.readUInt32LE(at + 20);
    entries.push({
      name: bytes.toString("utf8", at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      crc: bytes.readUInt32LE(at + 16),
      compressedSize,
      size: bytes.readUInt32LE(at + 24),
      local: {
        crc: bytes.readUInt32LE(offset + 14),
        compressedSize: bytes.readUInt32LE(offset + 18),
        size: bytes.readUInt32LE(offset + 22),
        name: bytes.toString("utf8", offset + 30, offset + 30 + localName),
      },
      data: bytes.subarray(dataStart, dataStart + compressedSize),
    });
    at += 46 + skip;
  }
  return entries;
}

export const contentOf = (entry: ZipListing) => (entry.method === 8 ? inflateRawSync(entry.data) : entry.data);

/** A picture with something in it: some channel varies across it. */
export async function expectNotBlank(image: Sharp) {
  const { channels } = await image.stats();
  expect(Math.max(...channels.map((channel) => channel.stdev))).toBeGreaterThan(10);
}

export let dir: string;

/** Makes the folder the file's samples are written to before its tests, and removes it after. */
export function sampleFolder(): void {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "artwork-samples-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
}

/** A folder of its own for a test whose samples share a name with another's. */
export const folder = async (name: string) => {
  const made = path.join(dir, name);
  await mkdir(made, { recursive: true });
  return made;
};

export const kindOf = async (file: string) => detectArtworkKind(await readFile(file));

/** Renders an EPS at 72 dpi, its bounding box as the page, as the preview would. */
export async function renderEps(file: string) {
  const out = `${file}.png`;
  const result = await run("gs", [
    "-dSAFER",
    "-dBATCH",
    "-dNOPAUSE",
    "-dEPSCrop",
    "-r72",
    "-sDEVICE=png16m",
    `-sOutputFile=${out}`,
    file,
  ]);
  return { ...result, out };
}
