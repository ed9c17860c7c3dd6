import "./require-node.mjs";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { pagePaths } from "../app/site/content/urls.ts";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium.ts";
import { lookPastPreloader } from "../tests/support/preloader.ts";
import { startSite } from "../tests/support/start-site.ts";

// Every page at a phone's width and a desktop's, full length, into screenshots/ (ignored by git).
const widths = [375, 1440];
const outDir = path.resolve("screenshots");
mkdirSync(outDir, { recursive: true });

// The server opens its inquiry store at start; this one stays apart from data/.
const dataDir = mkdtempSync(path.join(tmpdir(), "screenshots-data-"));
const server = await startSite({ buildDir: process.env.BUILD_DIR ?? "build", dataDir });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: width < 800 ? 800 : 900 } });
    await lookPastPreloader(page);
    for (const pagePath of [...pagePaths(), "/page-that-does-not-exist"]) {
      await page.goto(server.url + pagePath, { waitUntil: "networkidle" });
      const name = pagePath === "/" ? "home" : pagePath.slice(1).replaceAll("/", "-");
      await page.screenshot({ path: path.join(outDir, `${name}-${width}.png`), fullPage: true });
    }
    await page.close();
  }
  console.log(
    `Screenshots of ${pagePaths().length + 1} pages at ${widths.join(" and ")} px written to ${path.relative(process.cwd(), outDir)}/`,
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
