import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { build, createServer, type Rolldown } from "vite";
import { afterEach, describe, expect, test } from "vitest";
import type { Photo } from "../app/site/content/photo.ts";
import { photos } from "./photo-plugin.ts";

const projects: string[] = [];

afterEach(() => {
  for (const dir of projects.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A project of one module that imports the photograph `name`, with `files` in its photos folder. */
function project(name: string, files: Record<string, Buffer>): string {
  const root = mkdtempSync(path.join(tmpdir(), "photo-plugin-"));
  projects.push(root);
  mkdirSync(path.join(root, "photos"));
  for (const [file, contents] of Object.entries(files)) writeFileSync(path.join(root, "photos", file), contents);
  writeFileSync(path.join(root, "entry.js"), `export { default } from "./photos/${name}?photo";\n`);
  return root;
}

function picture(width: number, height: number): Sharp {
  return sharp({ create: { width, height, channels: 3, background: "#c0602f" } }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="40%" cy="50%" r="20%" fill="#12355b"/></svg>`,
      ),
    },
  ]);
}

async function buildProject(root: string): Promise<Rolldown.RolldownOutput> {
  const output = await build({
    root,
    configFile: false,
    logLevel: "silent",
    plugins: [photos({ folder: "photos" })],
    // The entry's export is the module under test: kept, not shaken away as an app's would be.
    build: { write: false, rollupOptions: { input: path.join(root, "entry.js"), preserveEntrySignatures: "strict" } },
  });
  return (Array.isArray(output) ? output[0] : output) as Rolldown.RolldownOutput;
}

// AVIF takes a second or more for each wide file on a small machine.
describe("the photo step in a build", { timeout: 30_000 }, () => {
  test("makes AVIF, WebP and the original format at each width, named by one hash, and describes them", async () => {
    const root = project("counter.jpg", { "counter.jpg": await picture(1400, 1050).jpeg().toBuffer() });
    const output = await buildProject(root);
    const assets = output.output.filter((item) => item.type === "asset").map((item) => item.fileName);
    for (const width of [320, 480, 640, 720, 800, 960, 1280]) {
      for (const extension of ["avif", "webp", "jpg"]) {
        expect(assets, `${width}.${extension}`).toContainEqual(
          expect.stringMatching(new RegExp(`^assets/counter-[\\w-]{10}-${width}\\.${extension}$`)),
        );
      }
    }
    // One hash for the photograph: its srcsets compress to little in every page that repeats them.
    expect(new Set(assets.map((file) => /^assets\/counter-(.{10})-\d+\./.exec(file)?.[1]))).toEqual(
      new Set([expect.any(String)]),
    );
    const chunk = output.output.find((item) => item.type === "chunk");
    const code = chunk?.type === "chunk" ? chunk.code : "";
    // Every address in the module is one of the files written, as the site will serve it.
    const addresses = [...code.matchAll(/["'`](\/assets\/[^"'`]+)["'`]/g)].map((match) => match[1]?.slice(1));
    expect(addresses).toHaveLength(21);
    for (const address of addresses) expect(assets).toContain(address);
    expect(code).toMatch(/width:\s*1280/);
    expect(code).toMatch(/height:\s*960/);
    expect(code).toMatch(/["'`]image\/jpeg["'`]/);
    expect(code).toMatch(/color:\s*["'`]#[0-9a-f]{6}["'`]/);
  });

  test("keeps a PNG's format as the fallback and turns a phone's sideways picture upright", async () => {
    const sideways = await picture(450, 300).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const pngRoot = project("label.png", { "label.png": await picture(500, 400).png().toBuffer() });
    const upright = project("phone.jpg", { "phone.jpg": sideways });
    const png = (await buildProject(pngRoot)).output;
    expect(png.map((item) => item.fileName)).toContainEqual(
      expect.stringMatching(/^assets\/label-[\w-]{10}-500\.png$/),
    );
    const chunk = (await buildProject(upright)).output.find((item) => item.type === "chunk");
    const code = chunk?.type === "chunk" ? chunk.code : "";
    // 450 × 300 turned a quarter: 300 wide, 450 high.
    expect(code).toMatch(/width:\s*300,\s*height:\s*450/);
  });

  test("stops the build, naming the file, for a BMP dropped in the folder", async () => {
    const bmp = Buffer.concat([Buffer.from("BM"), Buffer.alloc(64)]);
    const root = project("counter.jpg", {
      "counter.jpg": await picture(400, 300).jpeg().toBuffer(),
      "scan.bmp": bmp,
    });
    await expect(buildProject(root)).rejects.toThrow(/photos\/scan\.bmp is a \.bmp file/);
  });

  test("stops the build, naming the file, for a photograph over 25 MB", async () => {
    const root = project("huge.jpg", { "huge.jpg": await picture(400, 300).jpeg().toBuffer() });
    // Sparse: 30 MB to the file system, nothing to the disk.
    truncateSync(path.join(root, "photos", "huge.jpg"), 30 * 1024 * 1024);
    await expect(buildProject(root)).rejects.toThrow(/photos\/huge\.jpg is 30\.0 MB/);
  });

  test("stops the build, naming the file, for a JPEG that cannot be decoded", async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const root = project("broken.jpg", { "broken.jpg": broken });
    await expect(buildProject(root)).rejects.toThrow(/photos\/broken\.jpg could not be read as an image/);
  });
});

describe("the photo step in development", { timeout: 30_000 }, () => {
  test("serves each file the module names, made on request", async () => {
    const root = project("counter.jpg", { "counter.jpg": await picture(1000, 750).jpeg().toBuffer() });
    const server = await createServer({
      root,
      configFile: false,
      logLevel: "silent",
      plugins: [photos({ folder: "photos" })],
      server: { port: 0, host: "127.0.0.1" },
    });
    try {
      await server.listen();
      const address = server.httpServer?.address();
      const origin = typeof address === "object" && address ? `http://127.0.0.1:${address.port}` : "";
      const { default: photo } = (await server.ssrLoadModule("/entry.js")) as { default: Photo };
      expect(photo.avif.map((variant) => variant.width)).toEqual([320, 480, 640, 720, 800, 960, 1000]);
      expect(photo).toMatchObject({ width: 1000, height: 750, fallback: { type: "image/jpeg" } });
      for (const [variant, type] of [
        [photo.avif[0], "image/avif"],
        [photo.webp[2], "image/webp"],
        [photo.fallback.variants[5], "image/jpeg"],
      ] as const) {
        const response = await fetch(origin + variant?.src);
        expect(response.headers.get("content-type"), variant?.src).toBe(type);
        const { width } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
        expect(width).toBe(variant?.width);
      }
    } finally {
      await server.close();
    }
  });
});
