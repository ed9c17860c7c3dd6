import { existsSync } from "node:fs";
import { open, stat } from "node:fs/promises";
import path from "node:path";
import { ARTWORK_HEAD_BYTES } from "../uploads/artwork-kind.server.ts";

// Files in a check's scratch folder, and those the image tool may read beside it.

export async function hasBytes(file: string): Promise<boolean> {
  return stat(file).then(
    (info) => info.size > 0,
    () => false,
  );
}

/**
 * What the image tool reads beside the picture: Node's folder, the tool's own
 * folder (its readers of SVG and PSD), and the project's package.json and
 * node_modules (sharp and libvips), nothing else of the project.
 */
export function nodeFiles(imageTool: string): string[] {
  const files = [path.dirname(process.execPath), path.dirname(imageTool)];
  for (let folder = path.dirname(imageTool); ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, "node_modules"))) {
      files.push(path.join(folder, "node_modules"));
      if (existsSync(path.join(folder, "package.json"))) files.push(path.join(folder, "package.json"));
      return files;
    }
    if (path.dirname(folder) === folder) return files;
  }
}

export async function readHead(file: string): Promise<string> {
  const handle = await open(file);
  try {
    const buffer = Buffer.alloc(ARTWORK_HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString("latin1");
  } finally {
    await handle.close();
  }
}

export async function writeNew(file: string, text: string): Promise<void> {
  const handle = await open(file, "wx", 0o600);
  try {
    await handle.writeFile(text, "utf8");
  } finally {
    await handle.close();
  }
}
