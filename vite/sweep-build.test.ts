import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { sweepBuild } from "./sweep-build.ts";

function makeBuild(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "sweep-"));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

describe("sweeping a client build", () => {
  test("keeps what pages load, through static and lazy imports; removes page data and unreached chunks", () => {
    const dir = makeBuild({
      "index.html": '<script type="module" src="/assets/entry-1.js"></script>',
      "about/index.html": '<script type="module" src="/assets/entry-1.js"></script>',
      "about.data": "[]",
      "contact/index.html": "<p>no script</p>",
      "assets/entry-1.js": 'import{a}from"./react-2.js";const m=()=>import("./form-3.js");',
      "assets/react-2.js": "export const a=1;",
      "assets/form-3.js": 'const d=["assets/shared-4.js"];',
      "assets/shared-4.js": "",
      "assets/about-route-5.js": 'import"./react-2.js";',
      "assets/manifest-6.js": "window.__manifest={}",
      "assets/font.woff2": "",
    });
    expect(sweepBuild(dir).sort()).toEqual(["about.data", "assets/about-route-5.js", "assets/manifest-6.js"]);
    expect(readdirSync(path.join(dir, "assets")).sort()).toEqual([
      "entry-1.js",
      "font.woff2",
      "form-3.js",
      "react-2.js",
      "shared-4.js",
    ]);
  });
});
