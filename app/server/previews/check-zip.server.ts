import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { detectArtworkKind } from "../uploads/artwork-kind.server.ts";
import { type ArtworkKind, artworkKindLabels } from "../uploads/artwork-kinds.ts";
import { type CheckContext, type KindResult, noPreview, type PreviewImage } from "./check-result.ts";
import { check, fine, plural, problem, type ZipEntryFindings } from "./report.ts";
import { readHead } from "./scratch-files.server.ts";
import { listZip, unpackEntry } from "./zip-entries.server.ts";

/** A ZIP's files get previews up to this many, the rest are listed. */
const ZIP_PREVIEWS = 20;

/** Checks one file found in the ZIP, unpacked into a folder of its own, as if it had come alone. */
type CheckEntry = (ctx: CheckContext, input: string, kind: ArtworkKind) => Promise<KindResult>;

/**
 * A ZIP's files listed, and those of a kind the site reads checked one by one
 * (each unpacked, checked and deleted before the next), until the check's
 * time or the number of previews runs out.
 */
export async function checkZip(
  ctx: CheckContext,
  input: string,
  checkEntry: CheckEntry,
  budgetMs: number,
): Promise<{ result: KindResult; entries?: ZipEntryFindings[] }> {
  const listing = await listZip(input);
  if ("refused" in listing) return { result: noPreview(listing.refused) };
  const entries: ZipEntryFindings[] = [];
  const images: PreviewImage[] = [];
  let previewed = 0;
  let unopened = 0;
  for (const entry of listing.entries) {
    const listed: ZipEntryFindings = { name: entry.name, size: entry.size };
    entries.push(listed);
    if (entry.size === 0) continue;
    // The check's time is up: the files after this one are listed, not opened.
    if (ctx.signal.aborted) {
      unopened++;
      continue;
    }
    if (previewed >= ZIP_PREVIEWS) {
      unopened++;
      continue;
    }
    const entryDir = await mkdtemp(path.join(ctx.dir, "entry-"));
    try {
      const unpacked = path.join(entryDir, "input");
      try {
        await unpackEntry(input, entry, unpacked);
      } catch (error) {
        // yauzl's own check and ours both stop a file that inflates past its listed size.
        const larger = error instanceof Error && /larger than|too many bytes/i.test(error.message);
        const reason = larger
          ? "a file in the ZIP is larger than the ZIP says"
          : "a file in the ZIP could not be unpacked";
        // The previews already made stay, with the files they belong to: the rest is not read.
        if (images.length === 0) return { result: noPreview(reason), entries };
        return { result: { findings: { previews: images.length, report: [problem(reason)] }, images }, entries };
      }
      const kind = await detectArtworkKind(Buffer.from(await readHead(unpacked), "latin1"));
      if (!kind || kind === "zip") continue;
      listed.kind = artworkKindLabels[kind];
      previewed++;
      const inner = await checkEntry({ ...ctx, dir: entryDir }, unpacked, kind);
      listed.findings = { ...inner.findings, ...(inner.images[0] ? { preview: images.length } : {}) };
      images.push(...inner.images);
    } finally {
      // Each file's folder goes as soon as it is read, so that the ZIP never stands unpacked whole.
      await rm(entryDir, { recursive: true, force: true });
    }
  }
  const report = [fine(`${plural(entries.length, "file")} in the ZIP`)];
  if (ctx.signal.aborted) {
    report.push(check(`The check's ${Math.round(budgetMs / 1000)} s ran out: ${plural(unopened, "file")} not opened`));
  } else if (unopened > 0) {
    report.push(
      check(
        `Previews were made of the first ${ZIP_PREVIEWS} artwork files; ${plural(unopened, "file")} after them not opened`,
      ),
    );
  }
  return {
    result: {
      findings: {
        previews: images.length,
        report,
        ...(images.length === 0 ? { noPreview: "the ZIP holds no artwork file of a kind this site reads" } : {}),
      },
      images,
    },
    entries,
  };
}
