import { describe, expect, test } from "vitest";
import { createArtworkChecker } from "../../app/server/previews/check-artwork.server.ts";
import { findTools, type ToolName } from "../../app/server/previews/tools.server.ts";
import * as samples from "../support/artwork-samples.ts";
import {
  cdrFile,
  checkFile,
  dir,
  endlessEps,
  expectNoPreview,
  expectPreview,
  imageTool,
  prepareArtworkChecker,
  scratchRoot,
  TIMEOUT_MS,
} from "./support/artwork-checker.ts";

prepareArtworkChecker();

describe("a check cut short through its signal", () => {
  test("ends soon after the abort, with no preview and no scratch folder left", async () => {
    const file = await endlessEps();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 500);
    try {
      const checked = await checkFile(file, { signal: controller.signal });
      expectNoPreview(checked);
      expect(checked.wallMs).toBeLessThan(TIMEOUT_MS / 2);
    } finally {
      clearTimeout(timer);
    }
  });

  test("a signal aborted before the check starts runs no tool: the check is refused at once", async () => {
    const quick = createArtworkChecker({
      tools: await findTools(),
      imageTool,
      scratchRoot,
      limits: { timeoutMs: 4000 },
    });
    const started = performance.now();
    // A stop, not the file's doing: the check refuses to start, and the worker leaves the file queued.
    await expect(checkFile(await endlessEps(), { signal: AbortSignal.abort(), using: quick })).rejects.toThrow(
      /aborted/,
    );
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("without the programs", () => {
  test("each kind names the Debian package to install; pictures need only prlimit, which every kind needs", async () => {
    const bare = createArtworkChecker({
      tools: new Set<ToolName>(["prlimit"]),
      imageTool,
      scratchRoot,
      limits: { timeoutMs: TIMEOUT_MS },
    });
    const unavailable = (packages: string) =>
      `previews of this kind are not available on this server (${packages} not installed)`;
    for (const [file, packages] of [
      [await samples.goodPdf(dir), "poppler-utils"],
      [await samples.illustratorPdf(dir), "poppler-utils"],
      [await samples.eps(dir), "ghostscript"],
      [cdrFile, "libcdr-tools"],
    ] as const) {
      const checked = await checkFile(file, { using: bare });
      expectNoPreview(checked);
      expect(checked.outcome.noPreview).toBe(unavailable(packages));
    }
    const picture = await checkFile(await samples.png(dir), { using: bare });
    expect(picture.outcome.previews).toBe(1);
    await expectPreview(picture.images[0]);

    const none = createArtworkChecker({ tools: new Set<ToolName>(), imageTool, scratchRoot });
    const unlimited = await checkFile(await samples.png(dir), { using: none });
    expectNoPreview(unlimited);
    expect(unlimited.outcome.noPreview).toBe(unavailable("util-linux"));
  });
});
