import { describe, expect, test } from "vitest";
import { javaScriptByPageKind, staticFiles, type ViteManifest } from "./page-javascript.ts";

const manifest: ViteManifest = {
  "app/entry.client.tsx": {
    file: "assets/entry.js",
    imports: ["_react.js", "app/header.tsx"],
    dynamicImports: ["app/slider.tsx", "app/form.tsx"],
  },
  "_react.js": { file: "assets/react.js" },
  "app/header.tsx": { file: "assets/header.js", imports: ["_react.js", "_icon.js"] },
  "_icon.js": { file: "assets/icon.js" },
  "app/slider.tsx": { file: "assets/slider.js", name: "slider", imports: ["_react.js", "_timing.js"] },
  "_timing.js": { file: "assets/timing.js" },
  "app/form.tsx": { file: "assets/form.js", imports: ["_icon.js"], dynamicImports: ["app/never.tsx"] },
};

describe("the JavaScript each kind of page loads", () => {
  test("static imports are followed to the end; lazy ones are not", () => {
    expect(staticFiles(manifest, "app/form.tsx")).toEqual(["assets/form.js", "assets/icon.js"]);
  });

  test("every page loads the entry's closure; a page with an island adds that island's, once each", () => {
    expect(javaScriptByPageKind(manifest, "app/entry.client.tsx")).toEqual([
      {
        name: "every page (the entry and the header)",
        files: ["assets/entry.js", "assets/header.js", "assets/icon.js", "assets/react.js"],
      },
      {
        name: "a page with the slider",
        files: [
          "assets/entry.js",
          "assets/header.js",
          "assets/icon.js",
          "assets/react.js",
          "assets/slider.js",
          "assets/timing.js",
        ],
      },
      {
        name: "a page with the app/form.tsx",
        files: ["assets/entry.js", "assets/header.js", "assets/icon.js", "assets/react.js", "assets/form.js"],
      },
    ]);
  });

  test("a module missing from the manifest is an error, not a smaller budget", () => {
    expect(() => staticFiles(manifest, "app/gone.tsx")).toThrow(/no module app\/gone.tsx/);
  });
});
