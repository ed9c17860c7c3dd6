import { describe, expect, test } from "vitest";
import { islandChunks, staticFiles, type ViteManifest } from "./island-chunks.ts";

const manifest: ViteManifest = {
  "app/entry.client.tsx": {
    file: "assets/entry.js",
    src: "app/entry.client.tsx",
    imports: ["_react.js", "_registry.js"],
  },
  "_react.js": { file: "assets/react.js" },
  "_registry.js": {
    file: "assets/registry.js",
    imports: ["_react.js"],
    dynamicImports: ["app/islands/load/contact-form.ts", "app/components/elsewhere.tsx"],
  },
  "app/islands/load/contact-form.ts": {
    file: "assets/contact-form.js",
    src: "app/islands/load/contact-form.ts",
    imports: ["_form.js"],
  },
  "_form.js": { file: "assets/form.js", imports: ["_react.js", "_schema.js"], dynamicImports: ["_never.js"] },
  "_schema.js": { file: "assets/schema.js" },
  "app/components/elsewhere.tsx": { file: "assets/elsewhere.js", src: "app/components/elsewhere.tsx" },
};

describe("the chunks an island needs, from the build's manifest", () => {
  test("static imports are followed to the end, the module's own file first; lazy ones are not", () => {
    expect(staticFiles(manifest, "_form.js")).toEqual(["assets/form.js", "assets/schema.js", "assets/react.js"]);
  });

  test("each island loaded through its own module gets the entry first, then every chunk it needs, once", () => {
    expect(islandChunks(manifest)).toEqual({
      "contact-form": [
        "/assets/entry.js",
        "/assets/registry.js",
        "/assets/react.js",
        "/assets/contact-form.js",
        "/assets/form.js",
        "/assets/schema.js",
      ],
    });
  });

  test("the addresses start with the site's base", () => {
    expect(islandChunks(manifest, "/shop/")["contact-form"]?.[0]).toBe("/shop/assets/entry.js");
  });

  test("a module missing from the manifest is an error, not a smaller list", () => {
    expect(() => staticFiles(manifest, "app/gone.tsx")).toThrow(/no module app\/gone.tsx/);
    expect(() => islandChunks({})).toThrow(/no module app\/entry.client.tsx/);
  });
});
