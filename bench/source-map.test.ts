import { encode, type SourceMapMappings } from "@jridgewell/sourcemap-codec";
import { describe, expect, test } from "vitest";
import { attributeBytes, OWN_CODE, ownerOfSource, UNMAPPED } from "./source-map.ts";

// Segments are [generated column, source index, source line, source column]; a
// lone [generated column] maps that code to no source at all.
function attribute(code: string, sources: string[], mappings: SourceMapMappings) {
  const totals = attributeBytes(code, { sources, mappings: encode(mappings) });
  // Whatever the split, no byte of the served file may be lost or counted twice.
  const sum = [...totals.values()].reduce((total, bytes) => total + bytes, 0);
  expect(sum).toBe(Buffer.byteLength(code));
  return Object.fromEntries(totals);
}

describe("which source each byte of a chunk came from", () => {
  test("each segment claims the code up to the next one; lines keep their sources apart", () => {
    const code = "var a=1;var b=2;\nfoo(a,b);";
    const sources = ["../../app/islands/entry.ts", "../../node_modules/react/index.js"];
    const mappings: SourceMapMappings = [
      [
        [0, 0, 0, 0],
        [8, 1, 4, 2],
      ],
      [[0, 0, 1, 0]],
    ];

    expect(attribute(code, sources, mappings)).toEqual({
      "app/islands/entry.ts": 8 + 9,
      "node_modules/react/index.js": 8,
      [UNMAPPED]: 1,
    });
  });

  test("code before a line's first segment and after a segment without a source belongs to no source", () => {
    const code = "glue;mine();more glue;";
    const mappings: SourceMapMappings = [[[5, 0, 0, 0], [12]]];

    expect(attribute(code, ["app/site/content/urls.ts"], mappings)).toEqual({
      "app/site/content/urls.ts": "mine();".length,
      [UNMAPPED]: "glue;".length + "more glue;".length,
    });
  });

  test("columns count UTF-16 units as the bundler writes them, totals count UTF-8 bytes as the file is served", () => {
    // "₹" is one unit and three bytes; "😀" is two units and four bytes.
    const code = 'a="₹";b="😀";';
    const mappings: SourceMapMappings = [
      [
        [0, 0, 0, 0],
        [6, 1, 0, 0],
      ],
    ];

    expect(attribute(code, ["app/site/content/site.ts", "app/site/content/faq.ts"], mappings)).toEqual({
      "app/site/content/site.ts": 3 + 3 + 2,
      "app/site/content/faq.ts": 3 + 4 + 2,
    });
  });

  test("line breaks, lines without segments and lines past the end of the mappings are unmapped", () => {
    const code = "one();\r\n\ntwo();\nthree();";
    const mappings: SourceMapMappings = [[[0, 0, 0, 0]], [], [[0, 0, 2, 0]]];

    expect(attribute(code, ["app/root.tsx"], mappings)).toEqual({
      // The first line's carriage return is part of its text, so its segment claims it.
      "app/root.tsx": "one();\r".length + "two();".length,
      [UNMAPPED]: 3 + "three();".length,
    });
  });

  test("a segment naming a source the map does not list belongs to no source", () => {
    const mappings: SourceMapMappings = [
      [
        [0, 0, 0, 0],
        [3, 7, 0, 0],
      ],
    ];

    expect(attribute("ab;cd;", ["app/root.tsx"], mappings)).toEqual({ "app/root.tsx": 3, [UNMAPPED]: 3 });
  });

  test("a source path loses the ../ that lead from the map's folder to the project, and nothing else", () => {
    const sources = ["../../../node_modules/react-dom/../react/index.js"];

    expect(attribute("x();", sources, [[[0, 0, 0, 0]]])).toEqual({ "node_modules/react-dom/../react/index.js": 4 });
  });

  test("an empty file has no owners, not owners of zero bytes", () => {
    expect(attribute("", ["app/root.tsx"], [])).toEqual({});
  });
});

describe("who a source belongs to", () => {
  test("a path outside node_modules is our own code", () => {
    expect(ownerOfSource("app/site/routes/home.tsx")).toBe(OWN_CODE);
    expect(ownerOfSource("vite/modulepreload-polyfill.js")).toBe(OWN_CODE);
  });

  test("a path in node_modules belongs to the package it lies in", () => {
    expect(ownerOfSource("node_modules/react-dom/cjs/react-dom-client.production.js")).toBe("react-dom");
  });

  test("a scoped package keeps its scope", () => {
    expect(ownerOfSource("node_modules/@react-router/dev/dist/config.js")).toBe("@react-router/dev");
  });

  test("a package nested in another's node_modules is the inner one", () => {
    expect(ownerOfSource("node_modules/react-router/node_modules/cookie/dist/index.js")).toBe("cookie");
    expect(ownerOfSource("node_modules/.pnpm/react@19.2.0/node_modules/react/index.js")).toBe("react");
  });

  test("Windows separators name the same packages", () => {
    expect(ownerOfSource("C:\\site\\node_modules\\@floating-ui\\dom\\dist\\index.mjs")).toBe("@floating-ui/dom");
    expect(ownerOfSource("C:\\site\\node_modules\\react\\index.js")).toBe("react");
    expect(ownerOfSource("C:\\site\\app\\root.tsx")).toBe(OWN_CODE);
  });

  test("bytes no source claims stay bundler glue, not our code", () => {
    expect(ownerOfSource(UNMAPPED)).toBe(UNMAPPED);
  });
});
