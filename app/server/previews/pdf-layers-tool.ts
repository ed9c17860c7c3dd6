/**
 * Lists a PDF's layers in a process of its own, as the image tool draws
 * pictures: the checks run it through runTool, so the scan of a stranger's
 * file has the same time, memory and sandbox as Poppler and Ghostscript.
 *
 * Called as: node pdf-layers-tool.ts <file>. Prints {"layers": [...]} as one
 * JSON line; on a file it cannot read, prints the reason on stderr and exits with 2.
 */
import { readFile } from "node:fs/promises";
import { layerNames } from "./pdf-layers.ts";

const [file] = process.argv.slice(2);
try {
  if (!file) throw new Error("no file given");
  process.stdout.write(`${JSON.stringify({ layers: layerNames(await readFile(file)) })}\n`);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 2;
}
