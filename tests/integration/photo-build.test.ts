import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, lstatSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const photosFolder = "app/site/content/photos";
let copy: string;

/** The project as a clean clone has it (and what is new and not ignored), with this one's packages. */
function copyProject(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "photo-build-"));
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  // Files only: a deleted one is still listed until committed, and a linked node_modules is not a folder to git.
  const files = listed
    .split("\0")
    .filter((name) => name && lstatSync(path.join(root, name), { throwIfNoEntry: false })?.isFile());
  for (const file of files) {
    cpSync(path.join(root, file), path.join(dir, file));
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

async function build(cwd: string): Promise<{ code: number; output: string }> {
  const child = spawn(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd,
    env: { PATH: process.env.PATH ?? "" },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const [code] = await once(child, "exit");
  return { code: code as number, output };
}

beforeAll(() => {
  copy = copyProject();
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

// Each build stops as it starts, before any page is made: a few seconds.
describe("npm run build refuses a photograph it cannot use, naming it", () => {
  test("a BMP dropped into the photos folder", async () => {
    const bmp = path.join(copy, photosFolder, "counter-scan.bmp");
    writeFileSync(bmp, Buffer.concat([Buffer.from("BM"), Buffer.alloc(62)]));
    try {
      const { code, output } = await build(copy);
      expect(code).not.toBe(0);
      expect(output).toContain(`${photosFolder}/counter-scan.bmp is a .bmp file`);
    } finally {
      rmSync(bmp);
    }
  });

  test("a 30 MB photograph named in the catalog", async () => {
    const sample = path.join(copy, photosFolder, "cake-boxes.jpg");
    // Sparse: 30 MB as the file system counts, nothing written to the disk.
    truncateSync(sample, 30 * 1024 * 1024);
    const { code, output } = await build(copy);
    expect(code).not.toBe(0);
    expect(output).toContain(`${photosFolder}/cake-boxes.jpg is 30.0 MB; a photograph may be at most 25.0 MB`);
  });
});
