import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { keptBody, preferredCoding } from "./precompressed.ts";

describe("the encoding a visitor's Accept-Encoding prefers", () => {
  test.each([
    // Browsers list gzip first at the same weight: the smaller encoding wins the tie.
    ["gzip, deflate, br, zstd", "br"],
    ["br, gzip", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["GZip", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["deflate", undefined],
    ["", undefined],
    [undefined, undefined],
    ["identity", undefined],
    ["gzip;q=0.5, identity", undefined],
    // Nothing acceptable at all: the page as it is, rather than no page.
    ["identity;q=0", undefined],
    ["br;q=nonsense, gzip", "gzip"],
  ])("%s: %s", (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });
});

describe("a kept body", () => {
  const page = Buffer.from(`<!doctype html><title>Cake boxes</title>${"<p>केक के डिब्बे, cake boxes.</p>".repeat(400)}`);

  test("each encoding decodes to the same bytes, is smaller, and is made once", async () => {
    const kept = keptBody(page);
    const br = await kept.encoded("br");
    const gzip = await kept.encoded("gzip");
    expect(brotliDecompressSync(br as Buffer).equals(page)).toBe(true);
    expect(gunzipSync(gzip as Buffer).equals(page)).toBe(true);
    expect((br as Buffer).length).toBeLessThan((gzip as Buffer).length);
    expect(await kept.encoded("br")).toBe(br);
  });

  test("a body no encoding makes smaller is sent as it is", async () => {
    expect(await keptBody(Buffer.from("User-agent: *\n")).encoded("br")).toBeUndefined();
  });

  test("its tag follows its content, so every instance gives the same page the same ETag", () => {
    expect(keptBody(Buffer.from(page)).tag).toBe(keptBody(page).tag);
    expect(keptBody(Buffer.from(`${page}!`)).tag).not.toBe(keptBody(page).tag);
    expect(keptBody(page, "p3-abc").tag).toBe("p3-abc");
  });
});
