import { describe, expect, test } from "vitest";
import type { ViteManifest } from "../app/islands/island-chunks.ts";
import { islandChains, javaScriptByIsland } from "./page-javascript.ts";

const manifest: ViteManifest = {
  "app/entry.client.tsx": { file: "assets/entry.js", imports: ["_react.js", "_registry.js"] },
  "_react.js": { file: "assets/react.js" },
  "_registry.js": {
    file: "assets/registry.js",
    dynamicImports: ["app/islands/load/site-header.ts", "app/islands/load/testimonial-slider.ts"],
  },
  "app/islands/load/site-header.ts": {
    file: "assets/site-header.js",
    src: "app/islands/load/site-header.ts",
    imports: ["_header.js"],
  },
  "_header.js": { file: "assets/header.js", imports: ["_react.js"] },
  "app/islands/load/testimonial-slider.ts": {
    file: "assets/testimonial-slider.js",
    src: "app/islands/load/testimonial-slider.ts",
    imports: ["_slider.js"],
  },
  "_slider.js": { file: "assets/slider.js", imports: ["_react.js"] },
};

describe("the JavaScript each island fetches when it wakes", () => {
  test("the entry's closure and the island's own, each file once", () => {
    expect(javaScriptByIsland(manifest)).toEqual([
      {
        name: "site-header",
        files: [
          "assets/entry.js",
          "assets/registry.js",
          "assets/react.js",
          "assets/site-header.js",
          "assets/header.js",
        ],
      },
      {
        name: "testimonial-slider",
        files: [
          "assets/entry.js",
          "assets/registry.js",
          "assets/react.js",
          "assets/testimonial-slider.js",
          "assets/slider.js",
        ],
      },
    ]);
  });
});

describe("how many requests deep each island's code is", () => {
  test("two when the page asks for every file at once", () => {
    expect(islandChains(manifest)).toEqual([
      { name: "site-header", depth: 2, late: [] },
      { name: "testimonial-slider", depth: 2, late: [] },
    ]);
  });

  test("three when an island's code imports a module of its own later", () => {
    const lazy: ViteManifest = {
      ...manifest,
      "_slider.js": { file: "assets/slider.js", imports: ["_react.js"], dynamicImports: ["app/charts.ts"] },
      "app/charts.ts": { file: "assets/charts.js", src: "app/charts.ts" },
    };
    expect(islandChains(lazy)).toEqual([
      { name: "site-header", depth: 2, late: [] },
      { name: "testimonial-slider", depth: 3, late: ["assets/charts.js"] },
    ]);
  });
});
